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

var _ datasource.DataSourceWithConfigure = (*aisAccountsDataSource)(nil)

func newAISAccountsDataSource() datasource.DataSource {
	return &aisAccountsDataSource{dataSourceBase{name: "ais_accounts"}}
}

// aisAccountsDataSource lists a user's bank accounts (API 4.9). The
// ephemeral resource cardpay_ais_accounts shares its model, request and
// descriptions.
type aisAccountsDataSource struct{ dataSourceBase }

// Descriptions of cardpay_ais_accounts, the data source and the ephemeral
// resource.
const (
	aisAccountsSummary = "Lists the bank accounts of an open-banking (AIS) user of a merchant, with each account's " +
		"balance. Needs an authorized, unexpired consent for the user holding the `" + aisReadPermAccounts + "` permission."
	aisAccountsClientIDDescription  = "AIS client ID the service reports for the access token used."
	aisAccountsConsentIDDescription = "ID of the consent the service used for this read."
	aisAccountsTotalDescription     = "Number of accounts, as the service reports it."
	aisAccountsListDescription      = "The user's accounts in the order the service lists them; empty when the user has none."
	aisAccountsAccountIDDescription = "Account ID, used by `cardpay_ais_account_balance` and `cardpay_ais_account_transactions`."
	aisAccountsCurrencyDescription  = "Currency code of the account, such as `DKK`."
	aisAccountsTypeDescription      = "Kind of account, such as `CURRENT` or `SAVINGS` (the full set is not published)."
	aisAccountsDetailsDescription   = "Every field of the service's `accountDetails` object, whose fields the API " +
		"reference does not list. String values appear as they are; every other value (number, boolean, null, " +
		"object, array) appears as compact JSON text, digit for digit, so `jsondecode()` reads it: for " +
		"example `{ product = \"Savings\", interestRate = \"2.25\", isPrimary = \"true\" }`. Null when the " +
		"service sends no details."
)

func (d *aisAccountsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: aisDataSourceDescription(aisAccountsSummary, "ais_accounts"),
		Attributes: map[string]schema.Attribute{
			"merchant_id":    merchantIDArgument(aisMerchantIDDescription),
			"user_id":        requiredText(aisUserIDDescription),
			"client_id":      computedText(aisAccountsClientIDDescription),
			"consent_id":     computedText(aisAccountsConsentIDDescription),
			"total_accounts": schema.Int64Attribute{Computed: true, MarkdownDescription: aisAccountsTotalDescription},
			"accounts": computedList(aisAccountsListDescription, map[string]schema.Attribute{
				"account_id":          computedText(aisAccountsAccountIDDescription),
				"bank_id":             computedText(aisBankIDDescription),
				"account_holder_name": sensitiveText(aisHolderNameDescription),
				"iban":                sensitiveText(aisIBANDescription),
				"currency":            computedText(aisAccountsCurrencyDescription),
				"balance":             sensitiveText(aisBalanceDescription),
				"account_type":        computedText(aisAccountsTypeDescription),
				"account_details": schema.MapAttribute{Computed: true, Sensitive: true, ElementType: types.StringType,
					MarkdownDescription: aisAccountsDetailsDescription},
			}),
		},
	}
}

func (d *aisAccountsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m aisAccountsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.DataAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(readAISAccounts(ctx, c, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

type aisAccountsModel struct {
	MerchantID    types.Int64       `tfsdk:"merchant_id"`
	UserID        types.String      `tfsdk:"user_id"`
	ClientID      types.String      `tfsdk:"client_id"`
	ConsentID     types.String      `tfsdk:"consent_id"`
	TotalAccounts types.Int64       `tfsdk:"total_accounts"`
	Accounts      []aisAccountModel `tfsdk:"accounts"`
}

type aisAccountModel struct {
	AccountID         types.String `tfsdk:"account_id"`
	BankID            types.String `tfsdk:"bank_id"`
	AccountHolderName types.String `tfsdk:"account_holder_name"`
	IBAN              types.String `tfsdk:"iban"`
	Currency          types.String `tfsdk:"currency"`
	Balance           types.String `tfsdk:"balance"`
	AccountType       types.String `tfsdk:"account_type"`
	AccountDetails    types.Map    `tfsdk:"account_details"`
}

// readAISAccounts lists the accounts of the user m names into m.
func readAISAccounts(ctx context.Context, c *client.Client, m *aisAccountsModel) diag.Diagnostics {
	var diags diag.Diagnostics
	req := client.AccountsRequest{MerchantID: m.MerchantID.ValueInt64(), UserID: m.UserID.ValueString()}
	out, err := c.ListAccounts(ctx, req)
	if err != nil {
		addAISReadError(&diags, fmt.Sprintf("Could not list the bank accounts of user %q of merchant %d",
			req.UserID, req.MerchantID), aisReadPermAccounts, err)
		return diags
	}
	m.ClientID = stringOrNull(out.ClientID)
	m.ConsentID = stringOrNull(out.ConsentID)
	m.TotalAccounts = types.Int64Value(out.TotalAccounts)
	m.Accounts = make([]aisAccountModel, 0, len(out.Accounts))
	for _, a := range out.Accounts {
		details, d := aisReadJSONMap(ctx, a.AccountDetails)
		diags.Append(d...)
		m.Accounts = append(m.Accounts, aisAccountModel{
			AccountID:         stringOrNull(a.AccountID),
			BankID:            stringOrNull(a.BankID),
			AccountHolderName: stringOrNull(a.AccountHolderName),
			IBAN:              stringOrNull(a.IBAN),
			Currency:          stringOrNull(a.Currency),
			Balance:           aisReadDecimal(a.Balance),
			AccountType:       stringOrNull(a.AccountType),
			AccountDetails:    details,
		})
	}
	return diags
}
