// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var _ list.ListResourceWithConfigure = (*paymentMethodResource)(nil)

func newPaymentMethodList() list.ListResource { return newPaymentMethod() }

func (r *paymentMethodResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = merchantListSchema("active payment methods", "Inactive methods are left out: managing one means activating it.")
}

// List finds the merchant's active methods: an inactive one is nothing to
// adopt, since managing it means activating it.
func (r *paymentMethodResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var config merchantListConfig
	diags := req.Config.Get(ctx, &config)
	c, clientDiags := r.data.partnerClient()
	diags.Append(clientDiags...)
	if diags.HasError() {
		stream.Results = listFailed(diags)
		return
	}
	merchantID := config.MerchantID.ValueInt64()
	methods, err := c.ListPaymentMethods(ctx, merchantID)
	if err != nil {
		addAPIError(&diags, fmt.Sprintf("Could not list payment methods of merchant %d", merchantID), err)
		stream.Results = listFailed(diags)
		return
	}
	var found []listed
	for _, m := range methods {
		if !isActive(&m) {
			continue
		}
		model := paymentMethodModel{MerchantID: config.MerchantID, Method: types.StringValue(strings.ToLower(m.Method))}
		model.fill(&m)
		found = append(found, listed{name: fmt.Sprintf("%s of merchant %d", model.Method.ValueString(), merchantID), model: model})
	}
	stream.Results = listResults(ctx, req, found)
}
