// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ datasource.DataSourceWithConfigure = (*cardPaymentDataSource)(nil)

func newCardPaymentDataSource() datasource.DataSource {
	return &cardPaymentDataSource{dataSourceBase{name: "card_payment"}}
}

type cardPaymentDataSource struct{ dataSourceBase }

type cardPaymentModel struct {
	MerchantID types.Int64  `tfsdk:"merchant_id"`
	PaymentID  types.String `tfsdk:"payment_id"`
	Status     types.String `tfsdk:"status"`
	Amount     types.String `tfsdk:"amount"`
	Currency   types.String `tfsdk:"currency"`
}

func (m *cardPaymentModel) fromAPI(p *client.CardPayment) {
	m.Status, m.Amount, m.Currency = stringOrNull(p.Status), stringOrNull(p.Amount.String()), stringOrNull(p.Currency)
}

func (d *cardPaymentDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads the status of one card payment of a merchant, for example to check in a " +
			"pipeline that a test payment was captured.",
		Attributes: map[string]schema.Attribute{
			"merchant_id": merchantIDArgument("Numeric ID of the merchant."),
			"payment_id":  requiredText("ID of the card payment, as the service reports it."),
			"status": computedText("`CREATED`, `AUTHORIZED`, `CAPTURED`, `CANCELLED`, " +
				"`VOIDED` or `FAILED`; other words are shown as sent."),
			"amount": computedText("The amount exactly as the service sent it, as a " +
				"decimal string; the service does not say in which unit."),
			"currency": computedText("Currency code, such as `DKK`."),
		},
	}
}

func (d *cardPaymentDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m cardPaymentModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchantID, paymentID := m.MerchantID.ValueInt64(), m.PaymentID.ValueString()
	payment, err := c.GetCardPayment(ctx, merchantID, paymentID)
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not read card payment %q of merchant %d", paymentID, merchantID), err)
		return
	}
	m.fromAPI(payment)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
