// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
)

func newOnlineTerminalList() list.ListResource { return &onlineTerminalResource{} }

func (r *onlineTerminalResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = merchantListSchema("active online terminals", "Tap-to-pay devices are not online terminals and are left out; `store_id` stays null, as after import.")
}

// List finds the merchant's online terminals that still take payments. The
// list does not say under which store a terminal is, so store_id stays
// null, as after import.
func (r *onlineTerminalResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	merchantID, terminals, ok := merchantObjects(ctx, req, stream, r.data, "the terminals", fetchTerminals)
	if !ok {
		return
	}
	var found []listed
	for i := range terminals {
		if t := &terminals[i]; isOnlineTerminalMode(t.TerminalType) && !t.Inactive() {
			model := onlineTerminalModel{MerchantID: merchantID}
			model.fromAPI(t)
			found = append(found, listed{name: fmt.Sprintf("%s terminal %s", t.TerminalType, t.TerminalID), model: model, identity: model.identity()})
		}
	}
	stream.Results = listResults(ctx, req, found)
}
