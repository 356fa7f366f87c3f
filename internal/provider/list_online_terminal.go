// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var _ list.ListResourceWithConfigure = (*onlineTerminalResource)(nil)

func newOnlineTerminalList() list.ListResource { return newOnlineTerminal() }

func (r *onlineTerminalResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = merchantListSchema("active online terminals", "Tap-to-pay devices are not online terminals and are left out; `store_id` stays null, as after import.")
}

// List finds the merchant's online terminals that still take payments. The
// list does not say under which store a terminal is, so store_id stays
// null, as after import.
func (r *onlineTerminalResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var config merchantListConfig
	diags := req.Config.Get(ctx, &config)
	c, clientDiags := r.data.partnerClient()
	diags.Append(clientDiags...)
	if diags.HasError() {
		stream.Results = listFailed(diags)
		return
	}
	merchantID := config.MerchantID.ValueInt64()
	terminals, err := c.ListTerminals(ctx, merchantID, "")
	if err != nil {
		addAPIError(&diags, fmt.Sprintf("Could not list the terminals of merchant %d", merchantID), err)
		stream.Results = listFailed(diags)
		return
	}
	var found []listed
	for _, t := range terminals {
		if t.Inactive() || !slices.ContainsFunc(onlineTerminalModes, func(m onlineTerminalMode) bool { return m.name == t.TerminalType }) {
			continue
		}
		model := onlineTerminalModel{MerchantID: config.MerchantID, TerminalID: types.StringValue(t.TerminalID)}
		model.read(&t)
		found = append(found, listed{name: fmt.Sprintf("%s terminal %s", t.TerminalType, t.TerminalID), model: model})
	}
	stream.Results = listResults(ctx, req, found)
}
