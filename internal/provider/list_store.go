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

func newStoreList() list.ListResource { return newStore() }

func (r *storeResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = merchantListSchema("active stores", "Each is recorded as adopted: `deactivate_on_destroy = false`, as after import.")
}

// List finds the merchant's active stores, recorded as adopted, as an
// import records them: destroying one later leaves it at the service.
func (r *storeResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	listMerchantObjects(ctx, req, stream, r.data, "the stores", (*client.Client).ListStores,
		func(merchantID types.Int64, s *client.Store) (listed, bool) {
			model := storeModel{MerchantID: merchantID, Adopted: types.BoolValue(true), DeactivateOnDestroy: types.BoolValue(false)}
			model.fromAPI(s)
			return listed{name: fmt.Sprintf("%s (%s)", s.Name, s.ID), model: model}, s.Active()
		})
}
