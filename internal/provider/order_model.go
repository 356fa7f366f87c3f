// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strings"

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

// create creates the order and warns, ending with next (what to do), when
// the service recorded it differently from what was sent. It returns the
// client's error, for the caller to report, when there is no order.
func (a orderArguments) create(ctx context.Context, c *client.Client, next string, diags *diag.Diagnostics) (*client.Order, error) {
	merchantID, sent := a.MerchantID.ValueInt64(), a.createBody()
	order, err := c.CreateOrder(ctx, merchantID, sent)
	if err != nil {
		return nil, err
	}
	if detail := orderEchoDetail(merchantID, sent, order); detail != "" {
		diags.AddWarning(orderEchoSummary, detail+" "+next)
	}
	return order, nil
}

type orderModel struct {
	orderArguments
	ID          types.String `tfsdk:"id"`
	OrderID     types.String `tfsdk:"order_id"`
	Status      types.String `tfsdk:"status"`
	PaymentLink types.String `tfsdk:"payment_link"`
	Nonce       types.String `tfsdk:"nonce"`
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

const orderEchoSummary = "The service recorded the order differently"

// orderEchoDetail says where the service's answer to a new order differs
// from what was sent, or returns "".
func orderEchoDetail(merchantID int64, sent client.OrderRequest, got *client.Order) string {
	mismatch := orderEchoMismatch(sent, got)
	if mismatch == "" {
		return ""
	}
	return fmt.Sprintf("Order %s of merchant %d was created, but the service answered with %s.",
		got.OrderID, merchantID, mismatch)
}

// orderEchoMismatch describes where the service's echo of the order differs
// from what was sent, or returns "".
func orderEchoMismatch(sent client.OrderRequest, got *client.Order) string {
	var diffs []string
	if amount, ok := got.Amount.Int64(); !ok || amount != sent.Amount {
		diffs = append(diffs, fmt.Sprintf("amount %s instead of %d", got.Amount, sent.Amount))
	}
	if got.Currency != sent.Currency {
		diffs = append(diffs, fmt.Sprintf("currency %q instead of %q", got.Currency, sent.Currency))
	}
	if got.Reference != sent.Reference {
		diffs = append(diffs, fmt.Sprintf("reference %q instead of %q", got.Reference, sent.Reference))
	}
	return strings.Join(diffs, ", ")
}
