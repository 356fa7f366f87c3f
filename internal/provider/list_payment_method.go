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

func newPaymentMethodList() list.ListResource { return newPaymentMethod() }

func (r *paymentMethodResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = merchantListSchema("active payment methods", "Inactive methods are left out: managing one means activating it.")
}

// List finds the merchant's active methods: an inactive one is nothing to
// adopt, since managing it means activating it.
func (r *paymentMethodResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	listMerchantObjects(ctx, req, stream, r.data, "payment methods", (*client.Client).ListPaymentMethods,
		func(merchantID types.Int64, m *client.PaymentMethod) (listed, bool) {
			model := paymentMethodModel{MerchantID: merchantID}
			model.fromAPI(m)
			return listed{name: fmt.Sprintf("%s of merchant %d", model.Method.ValueString(), merchantID.ValueInt64()), model: model}, isActive(m)
		})
}
