// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// orderArguments are what an order is created from, shared by cardpay_order
// and the cardpay_test_order action.
type orderArguments struct {
	MerchantID  types.Int64  `tfsdk:"merchant_id"`
	Amount      types.Int64  `tfsdk:"amount"`
	Currency    types.String `tfsdk:"currency"`
	Reference   types.String `tfsdk:"reference"`
	Description types.String `tfsdk:"description"`
}

// createBody builds the POST body.
func (a orderArguments) createBody() client.OrderRequest {
	return client.OrderRequest{
		Amount:      a.Amount.ValueInt64(),
		Currency:    a.Currency.ValueString(),
		Reference:   a.Reference.ValueString(),
		Description: a.Description.ValueString(),
	}
}

// orderModel is the state of cardpay_order.
type orderModel struct {
	orderArguments
	ID          types.String `tfsdk:"id"`
	OrderID     types.String `tfsdk:"order_id"`
	Status      types.String `tfsdk:"status"`
	PaymentLink types.String `tfsdk:"payment_link"`
	Nonce       types.String `tfsdk:"nonce"`
}

// orderIdentityModel is the identity of cardpay_order.
type orderIdentityModel struct {
	MerchantID types.Int64  `tfsdk:"merchant_id"`
	OrderID    types.String `tfsdk:"order_id"`
}

func (m orderModel) identity() orderIdentityModel {
	return orderIdentityModel{MerchantID: m.MerchantID, OrderID: m.OrderID}
}

// fromAPI records the order's status. The arguments are taken from the
// service only after import, when the state has none: otherwise they keep
// the configured values (see orderEchoMismatch).
func (m *orderModel) fromAPI(o *client.Order) diag.Diagnostics {
	var diags diag.Diagnostics
	m.ID = types.StringValue(m.OrderID.ValueString())
	m.Status = stringOrNull(o.Status)
	if m.Currency.IsNull() {
		amount, ok := o.Amount.Int64()
		if !ok {
			diags.AddError("Order amount is not a whole number",
				fmt.Sprintf("The service reports order %s with the amount %q. This provider's amount is a whole number "+
					"(minor units, such as 10000 for 100.00 DKK), so it cannot record this order.", o.OrderID, o.Amount))
		}
		m.Amount = types.Int64Value(amount)
		m.Currency = stringOrNull(o.Currency)
		m.Reference = stringOrNull(o.Reference)
	}
	return diags
}

// fromCreateAnswer records what only the service knows of a new order.
// The configured amount, currency and reference stay: the service is
// documented to echo them unchanged (orderEchoDetail warns when not).
func (m *orderModel) fromCreateAnswer(o *client.Order) {
	m.ID = types.StringValue(o.OrderID)
	m.OrderID = types.StringValue(o.OrderID)
	m.Status = stringOrNull(o.Status)
	m.PaymentLink = stringPointerOrNull(o.PaymentLink)
	m.Nonce = stringPointerOrNull(o.Nonce)
}
