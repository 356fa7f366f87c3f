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

func newAISAccountBalanceDataSource() datasource.DataSource {
	return aisReadDataSourceOf(aisAccountBalanceRead)
}

// aisAccountBalanceRead reads the balance of one account (API 4.10); the
// data source and the ephemeral resource cardpay_ais_account_balance share it.
var aisAccountBalanceRead = &aisReadDef[aisAccountBalanceModel]{
	name: "ais_account_balance",
	summary: "Reads the balance of one bank account of an open-banking (AIS) user of a merchant. Needs an " +
		"authorized, unexpired consent for the user holding the `" + aisReadPermBalances + "` permission.",
	attrs: map[string]dsschema.Attribute{
		"merchant_id": aisReadMerchantAttr(),
		"user_id":     aisReadUserAttr(),
		"account_id":  aisReadAccountAttr(),
		"balance": dsschema.SingleNestedAttribute{Computed: true, MarkdownDescription: "The account's balance.",
			Attributes: map[string]dsschema.Attribute{
				"value": dsschema.StringAttribute{Computed: true, Sensitive: true,
					MarkdownDescription: "Balance as an exact decimal string, exactly as the service sent it (for " +
						"example `\"1234567.89\"` or `\"-0.10\"`); never rounded through a floating-point number."},
				"currency": computedText("Currency code, such as `DKK`."),
				"last_updated": dsschema.StringAttribute{Computed: true,
					MarkdownDescription: "When the bank last updated the balance (ISO 8601, as the service sent it)."},
			}},
		"account_details": dsschema.SingleNestedAttribute{Computed: true, MarkdownDescription: "Identifies the account.",
			Attributes: map[string]dsschema.Attribute{
				"iban": dsschema.StringAttribute{Computed: true, Sensitive: true, MarkdownDescription: "IBAN of the account."},
				"account_holder_name": dsschema.StringAttribute{Computed: true, Sensitive: true,
					MarkdownDescription: "Name of the account holder."},
				"bank_id": computedText("ID of the bank, such as its BIC."),
			}},
	},
	read: readAISAccountBalance,
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
