// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ ephemeral.EphemeralResourceWithConfigure = (*aisAccountsEphemeral)(nil)

func newAISAccountsEphemeral() ephemeral.EphemeralResource {
	return &aisAccountsEphemeral{ephemeralBase{name: "ais_accounts"}}
}

// aisAccountsEphemeral is the ephemeral twin of the data source
// cardpay_ais_accounts: the same attributes, model and request
// (data_source_ais_accounts.go).
type aisAccountsEphemeral struct{ ephemeralBase }

func (e *aisAccountsEphemeral) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: aisEphemeralDescription(aisAccountsSummary, "ais_accounts"),
		Attributes: map[string]schema.Attribute{
			"merchant_id":    ephemeralMerchantID(aisMerchantIDDescription),
			"user_id":        ephemeralRequiredText(aisUserIDDescription),
			"client_id":      ephemeralComputedText(aisAccountsClientIDDescription),
			"consent_id":     ephemeralComputedText(aisAccountsConsentIDDescription),
			"total_accounts": schema.Int64Attribute{Computed: true, MarkdownDescription: aisAccountsTotalDescription},
			"accounts": schema.ListNestedAttribute{Computed: true, MarkdownDescription: aisAccountsListDescription,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"account_id":          ephemeralComputedText(aisAccountsAccountIDDescription),
					"bank_id":             ephemeralComputedText(aisBankIDDescription),
					"account_holder_name": ephemeralSensitiveText(aisHolderNameDescription),
					"iban":                ephemeralSensitiveText(aisIBANDescription),
					"currency":            ephemeralComputedText(aisAccountsCurrencyDescription),
					"balance":             ephemeralSensitiveText(aisBalanceDescription),
					"account_type":        ephemeralComputedText(aisAccountsTypeDescription),
					"account_details": schema.MapAttribute{Computed: true, Sensitive: true, ElementType: types.StringType,
						MarkdownDescription: aisAccountsDetailsDescription},
				}},
			},
		},
	}
}

func (e *aisAccountsEphemeral) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	var m aisAccountsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := e.data.clientFor(client.DataAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(readAISAccounts(ctx, c, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.Result.Set(ctx, &m)...)
}
