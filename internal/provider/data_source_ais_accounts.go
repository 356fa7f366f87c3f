// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

func newAISAccountsDataSource() datasource.DataSource {
	return aisReadDataSourceOf(aisAccountsRead)
}

// aisAccountsRead lists a user's bank accounts (API 4.9); the data source
// and the ephemeral resource cardpay_ais_accounts share it.
var aisAccountsRead = &aisReadDef[aisAccountsModel]{
	name: "ais_accounts",
	summary: "Lists the bank accounts of an open-banking (AIS) user of a merchant, with each account's " +
		"balance. Needs an authorized, unexpired consent for the user holding the `" + aisReadPermAccounts + "` permission.",
	attrs: map[string]dsschema.Attribute{
		"merchant_id": aisReadMerchantAttr(),
		"user_id":     aisReadUserAttr(),
		"client_id": dsschema.StringAttribute{Computed: true,
			MarkdownDescription: "AIS client ID the service reports for the access token used."},
		"consent_id": dsschema.StringAttribute{Computed: true,
			MarkdownDescription: "ID of the consent the service used for this read."},
		"total_accounts": dsschema.Int64Attribute{Computed: true,
			MarkdownDescription: "Number of accounts, as the service reports it."},
		"accounts": computedList("The user's accounts in the order the service lists them; empty when the user has none.",
			aisAccountAttrs()),
	},
	read: readAISAccounts,
}

func aisAccountAttrs() map[string]dsschema.Attribute {
	return map[string]dsschema.Attribute{
		"account_id": dsschema.StringAttribute{Computed: true,
			MarkdownDescription: "Account ID, used by `cardpay_ais_account_balance` and `cardpay_ais_account_transactions`."},
		"bank_id": computedText("ID of the bank, such as its BIC."),
		"account_holder_name": dsschema.StringAttribute{Computed: true, Sensitive: true,
			MarkdownDescription: "Name of the account holder."},
		"iban":     dsschema.StringAttribute{Computed: true, Sensitive: true, MarkdownDescription: "IBAN of the account."},
		"currency": computedText("Currency code of the account, such as `DKK`."),
		"balance": dsschema.StringAttribute{Computed: true, Sensitive: true,
			MarkdownDescription: "Balance as an exact decimal string, exactly as the service sent it (for example " +
				"`\"1234567.89\"` or `\"-0.10\"`); never rounded through a floating-point number."},
		"account_type": dsschema.StringAttribute{Computed: true,
			MarkdownDescription: "Kind of account, such as `CURRENT` or `SAVINGS` (the full set is not published)."},
		"account_details": dsschema.MapAttribute{Computed: true, Sensitive: true, ElementType: types.StringType,
			MarkdownDescription: "Every field of the service's `accountDetails` object, whose fields the API reference " +
				"does not list. String values appear as they are; every other value (number, boolean, null, " +
				"object, array) appears as compact JSON text, digit for digit, so `jsondecode()` reads it: for " +
				"example `{ product = \"Savings\", interestRate = \"2.25\", isPrimary = \"true\" }`. Null when the " +
				"service sends no details."},
	}
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
