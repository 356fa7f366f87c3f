// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ ephemeral.EphemeralResourceWithConfigure = (*aisAccountBalanceEphemeral)(nil)

func newAISAccountBalanceEphemeral() ephemeral.EphemeralResource {
	return &aisAccountBalanceEphemeral{ephemeralBase{name: "ais_account_balance"}}
}

// aisAccountBalanceEphemeral is the ephemeral twin of the data source
// cardpay_ais_account_balance: the same attributes, model and request
// (data_source_ais_account_balance.go).
type aisAccountBalanceEphemeral struct{ ephemeralBase }

func (e *aisAccountBalanceEphemeral) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: aisEphemeralDescription(aisAccountBalanceSummary, "ais_account_balance"),
		Attributes: map[string]schema.Attribute{
			"merchant_id": ephemeralMerchantID(aisMerchantIDDescription),
			"user_id":     ephemeralRequiredText(aisUserIDDescription),
			"account_id":  ephemeralRequiredText(aisAccountIDDescription),
			"balance": schema.SingleNestedAttribute{Computed: true, MarkdownDescription: aisAccountBalanceDescription,
				Attributes: map[string]schema.Attribute{
					"value":        ephemeralSensitiveText(aisBalanceDescription),
					"currency":     ephemeralComputedText(aisCurrencyDescription),
					"last_updated": ephemeralComputedText(aisAccountBalanceUpdatedDescription),
				}},
			"account_details": schema.SingleNestedAttribute{Computed: true, MarkdownDescription: aisAccountBalanceDetailsDescription,
				Attributes: map[string]schema.Attribute{
					"iban":                ephemeralSensitiveText(aisIBANDescription),
					"account_holder_name": ephemeralSensitiveText(aisHolderNameDescription),
					"bank_id":             ephemeralComputedText(aisBankIDDescription),
				}},
		},
	}
}

func (e *aisAccountBalanceEphemeral) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	var m aisAccountBalanceModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := e.data.clientFor(client.DataAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(readAISAccountBalance(ctx, c, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.Result.Set(ctx, &m)...)
}
