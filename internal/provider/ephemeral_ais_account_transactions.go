// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var (
	_ ephemeral.EphemeralResourceWithConfigure      = (*aisAccountTransactionsEphemeral)(nil)
	_ ephemeral.EphemeralResourceWithValidateConfig = (*aisAccountTransactionsEphemeral)(nil)
)

func newAISAccountTransactionsEphemeral() ephemeral.EphemeralResource {
	return &aisAccountTransactionsEphemeral{ephemeralBase{name: "ais_account_transactions"}}
}

// aisAccountTransactionsEphemeral is the ephemeral twin of the data source
// cardpay_ais_account_transactions: the same attributes, model, checks and
// request (data_source_ais_account_transactions.go).
type aisAccountTransactionsEphemeral struct{ ephemeralBase }

func (e *aisAccountTransactionsEphemeral) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: aisEphemeralDescription(aisTransactionsSummary, "ais_account_transactions"),
		Attributes: map[string]schema.Attribute{
			"merchant_id": ephemeralMerchantID(aisMerchantIDDescription),
			"user_id":     ephemeralRequiredText(aisUserIDDescription),
			"account_id":  ephemeralRequiredText(aisAccountIDDescription),
			"page_limit": schema.Int64Attribute{Optional: true, Computed: true, MarkdownDescription: aisTransactionsPageLimitDescription,
				Validators: []validator.Int64{int64validator.AtLeast(1)}},
			"from_date": schema.StringAttribute{Optional: true, MarkdownDescription: aisTransactionsFromDescription,
				Validators: []validator.String{aisReadDateValidator()}},
			"to_date": schema.StringAttribute{Optional: true, MarkdownDescription: aisTransactionsToDescription,
				Validators: []validator.String{aisReadDateValidator()}},
			"total_transactions": schema.Int64Attribute{Computed: true, MarkdownDescription: aisTransactionsTotalDescription},
			"transactions": schema.ListNestedAttribute{Computed: true, Sensitive: true, MarkdownDescription: aisTransactionsListDescription,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"transaction_id": ephemeralComputedText(aisTransactionIDDescription),
					"amount":         ephemeralComputedText(aisTransactionAmountDescription),
					"currency":       ephemeralComputedText(aisCurrencyDescription),
					"description":    ephemeralComputedText(aisTransactionDescriptionDescription),
					"booking_date":   ephemeralComputedText(aisTransactionBookingDateDescription),
					"value_date":     ephemeralComputedText(aisTransactionValueDateDescription),
					"counterparty": schema.SingleNestedAttribute{Computed: true, MarkdownDescription: aisTransactionCounterpartyDescription,
						Attributes: map[string]schema.Attribute{
							"name": ephemeralComputedText(aisCounterpartyNameDescription),
							"iban": ephemeralComputedText(aisCounterpartyIBANDescription),
						}},
					"reference": ephemeralComputedText(aisTransactionReferenceDescription),
					"type":      ephemeralComputedText(aisTransactionTypeDescription),
					"status":    ephemeralComputedText(aisTransactionStatusDescription),
				}},
			},
		},
	}
}

func (e *aisAccountTransactionsEphemeral) ValidateConfig(ctx context.Context, req ephemeral.ValidateConfigRequest, resp *ephemeral.ValidateConfigResponse) {
	var m aisAccountTransactionsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if !resp.Diagnostics.HasError() {
		resp.Diagnostics.Append(m.checkDates()...)
	}
}

func (e *aisAccountTransactionsEphemeral) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	var m aisAccountTransactionsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := e.data.clientFor(client.DataAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(readAISAccountTransactions(ctx, c, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	value, diags := m.terraformValue(ctx, resp.Result.Schema.Type())
	resp.Diagnostics.Append(diags...)
	if !resp.Diagnostics.HasError() {
		resp.Result.Raw = value
	}
}
