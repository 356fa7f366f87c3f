// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
)

func newPaymentMethodList() list.ListResource { return &paymentMethodResource{} }

func (r *paymentMethodResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = merchantListSchema("active payment methods", "Inactive methods are left out: managing one means activating it.")
}

// List finds the merchant's active methods: an inactive one is nothing to
// adopt, since managing it means activating it.
func (r *paymentMethodResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	merchantID, methods, ok := merchantObjects(ctx, req, stream, r.data, "payment methods", fetchPaymentMethods)
	if !ok {
		return
	}
	var found []listed
	for i := range methods {
		if methods[i].Active() {
			model := paymentMethodModel{MerchantID: merchantID}
			model.fromAPI(&methods[i])
			found = append(found, listed{name: fmt.Sprintf("%s of merchant %d", model.Method.ValueString(), merchantID.ValueInt64()),
				model: model, identity: model.identity()})
		}
	}
	stream.Results = listResults(ctx, req, found)
}
