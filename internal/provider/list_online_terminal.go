// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

func newOnlineTerminalList() list.ListResource { return newOnlineTerminal() }

func (r *onlineTerminalResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = merchantListSchema("active online terminals", "Tap-to-pay devices are not online terminals and are left out; `store_id` stays null, as after import.")
}

// List finds the merchant's online terminals that still take payments. The
// list does not say under which store a terminal is, so store_id stays
// null, as after import.
func (r *onlineTerminalResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	allTypes := func(c *client.Client, ctx context.Context, merchantID int64) ([]client.Terminal, error) {
		return c.ListTerminals(ctx, merchantID, "")
	}
	listMerchantObjects(ctx, req, stream, r.data, "the terminals", allTypes,
		func(merchantID types.Int64, t *client.Terminal) (listed, bool) {
			model := onlineTerminalModel{MerchantID: merchantID}
			model.fromAPI(t)
			return listed{name: fmt.Sprintf("%s terminal %s", t.TerminalType, t.TerminalID), model: model}, isOnlineTerminalMode(t.TerminalType) && !t.Inactive()
		})
}
