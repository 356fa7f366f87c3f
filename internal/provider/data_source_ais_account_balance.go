// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ datasource.DataSourceWithConfigure = (*aisAccountBalanceDataSource)(nil)

func newAISAccountBalanceDataSource() datasource.DataSource {
	return &aisAccountBalanceDataSource{dataSourceBase{name: "ais_account_balance"}}
}

// aisAccountBalanceDataSource reads the balance of one account (API 4.10).
// The ephemeral resource cardpay_ais_account_balance shares its model,
// request and descriptions.
type aisAccountBalanceDataSource struct{ dataSourceBase }

// Descriptions of cardpay_ais_account_balance, the data source and the
// ephemeral resource.
const (
	aisAccountBalanceSummary = "Reads the balance of one bank account of an open-banking (AIS) user of a " +
		"merchant. Needs an authorized, unexpired consent for the user holding the `" + aisReadPermBalances +
		"` permission."
	aisAccountBalanceDescription        = "The account's balance."
	aisAccountBalanceUpdatedDescription = "When the bank last updated the balance (ISO 8601, as the service sent it)."
	aisAccountBalanceDetailsDescription = "Identifies the account."
)

func (d *aisAccountBalanceDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: aisDataSourceDescription(aisAccountBalanceSummary, "ais_account_balance"),
		Attributes: map[string]schema.Attribute{
			"merchant_id": merchantIDArgument(aisMerchantIDDescription),
			"user_id":     requiredText(aisUserIDDescription),
			"account_id":  requiredText(aisAccountIDDescription),
			"balance": schema.SingleNestedAttribute{Computed: true, MarkdownDescription: aisAccountBalanceDescription,
				Attributes: map[string]schema.Attribute{
					"value":        sensitiveText(aisBalanceDescription),
					"currency":     computedText(aisCurrencyDescription),
					"last_updated": computedText(aisAccountBalanceUpdatedDescription),
				}},
			"account_details": schema.SingleNestedAttribute{Computed: true, MarkdownDescription: aisAccountBalanceDetailsDescription,
				Attributes: map[string]schema.Attribute{
					"iban":                sensitiveText(aisIBANDescription),
					"account_holder_name": sensitiveText(aisHolderNameDescription),
					"bank_id":             computedText(aisBankIDDescription),
				}},
		},
	}
}

func (d *aisAccountBalanceDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m aisAccountBalanceModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.DataAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(readAISAccountBalance(ctx, c, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

type aisAccountBalanceModel struct {
	MerchantID     types.Int64                    `tfsdk:"merchant_id"`
	UserID         types.String                   `tfsdk:"user_id"`
	AccountID      types.String                   `tfsdk:"account_id"`
	Balance        *aisBalanceModel               `tfsdk:"balance"`
	AccountDetails *aisBalanceAccountDetailsModel `tfsdk:"account_details"`
}

type aisBalanceModel struct {
	Value       types.String `tfsdk:"value"`
	Currency    types.String `tfsdk:"currency"`
	LastUpdated types.String `tfsdk:"last_updated"`
}

type aisBalanceAccountDetailsModel struct {
	IBAN              types.String `tfsdk:"iban"`
	AccountHolderName types.String `tfsdk:"account_holder_name"`
	BankID            types.String `tfsdk:"bank_id"`
}

// readAISAccountBalance reads the balance of the account m names into m.
func readAISAccountBalance(ctx context.Context, c *client.Client, m *aisAccountBalanceModel) diag.Diagnostics {
	var diags diag.Diagnostics
	req := client.BalanceRequest{
		MerchantID: m.MerchantID.ValueInt64(), UserID: m.UserID.ValueString(), AccountID: m.AccountID.ValueString(),
	}
	out, err := c.GetAccountBalance(ctx, req)
	if err != nil {
		addAISReadError(&diags, fmt.Sprintf("Could not read the balance of account %q of user %q of merchant %d",
			req.AccountID, req.UserID, req.MerchantID), aisReadPermBalances, err)
		return diags
	}
	m.Balance = &aisBalanceModel{
		Value:       aisReadDecimal(out.Balance.Value),
		Currency:    stringOrNull(out.Balance.Currency),
		LastUpdated: stringOrNull(out.Balance.LastUpdated),
	}
	m.AccountDetails = &aisBalanceAccountDetailsModel{
		IBAN:              stringOrNull(out.AccountDetails.IBAN),
		AccountHolderName: stringOrNull(out.AccountDetails.AccountHolderName),
		BankID:            stringOrNull(out.AccountDetails.BankID),
	}
	return diags
}
