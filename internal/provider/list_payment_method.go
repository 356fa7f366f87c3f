// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

func newPaymentMethodList() list.ListResource { return &paymentMethodResource{} }

func (r *paymentMethodResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = merchantListSchema("active payment methods", "Inactive methods are left out: managing one means activating it.")
}

// List finds the merchant's active methods: an inactive one is nothing to
// adopt, since managing it means activating it.
func (r *paymentMethodResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var config merchantListConfig
	diags := req.Config.Get(ctx, &config)
	c, clientDiags := r.data.clientFor(client.AreaPartner)
	if diags.Append(clientDiags...); diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	merchantID := config.MerchantID.ValueInt64()
	methods, err := c.ListPaymentMethods(ctx, merchantID)
	if err != nil {
		stream.Results = listFailed(fmt.Sprintf("Could not list payment methods of merchant %d", merchantID), err)
		return
	}
	var found []listed
	for i := range methods {
		if isActive(&methods[i]) {
			model := paymentMethodModel{MerchantID: config.MerchantID}
			model.fromAPI(&methods[i])
			found = append(found, listed{name: fmt.Sprintf("%s of merchant %d", model.Method.ValueString(), merchantID),
				model: model, identity: model.identity()})
		}
	}
	stream.Results = listResults(ctx, req, found)
}
