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

var _ datasource.DataSourceWithConfigure = (*aisConsentAccountsDataSource)(nil)

func newAISConsentAccountsDataSource() datasource.DataSource {
	return &aisConsentAccountsDataSource{dataSourceBase{name: "ais_consent_accounts"}}
}

type aisConsentAccountsDataSource struct{ dataSourceBase }

type aisConsentAccountsModel struct {
	MerchantID types.Int64              `tfsdk:"merchant_id"`
	UserID     types.String             `tfsdk:"user_id"`
	ConsentID  types.String             `tfsdk:"consent_id"`
	Accounts   []aisConsentAccountModel `tfsdk:"accounts"`
}

type aisConsentAccountModel struct {
	AccountID         types.String `tfsdk:"account_id"`
	IBAN              types.String `tfsdk:"iban"`
	AccountHolderName types.String `tfsdk:"account_holder_name"`
	BankID            types.String `tfsdk:"bank_id"`
	Currency          types.String `tfsdk:"currency"`
	IsActive          types.Bool   `tfsdk:"is_active"`
	AccountDetails    types.Map    `tfsdk:"account_details"`
	CreatedAt         types.String `tfsdk:"created_at"`
	UpdatedAt         types.String `tfsdk:"updated_at"`
}

func (m *aisConsentAccountModel) fromAPI(ctx context.Context, a *client.ConsentAccount) diag.Diagnostics {
	var diags diag.Diagnostics
	m.AccountID, m.IBAN, m.AccountHolderName = types.StringValue(a.AccountID), stringOrNull(a.IBAN), stringOrNull(a.AccountHolderName)
	m.BankID, m.Currency, m.IsActive = stringOrNull(a.BankID), stringOrNull(a.Currency), types.BoolValue(a.IsActive)
	m.AccountDetails, diags = aisReadJSONMap(ctx, a.AccountDetails)
	m.CreatedAt, m.UpdatedAt = stringOrNull(a.CreatedAt), stringOrNull(a.UpdatedAt)
	return diags
}

func (d *aisConsentAccountsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the bank accounts one account-information (AIS) consent covers, once the user " +
			"has authorized it.\n\n~> **Personal data in state.** IBANs and holder names are marked sensitive, which " +
			"hides them in plan and CLI output but not in the state.",
		Attributes: map[string]schema.Attribute{
			"merchant_id": merchantIDArgument("Numeric ID of the merchant whose user gave the consent."),
			"user_id":     requiredText("ID of the user who gave the consent, as `cardpay_ais_consent` takes it."),
			"consent_id":  requiredText("The consent's ID, `consent_id` of `cardpay_ais_consent` once authorized."),
			"accounts": computedList("The accounts, in the order the service lists them.", map[string]schema.Attribute{
				"account_id":          computedText("Account ID, as the AIS reads take it."),
				"iban":                sensitiveText(aisIBANDescription),
				"account_holder_name": sensitiveText(aisHolderNameDescription),
				"bank_id":             computedText("ID of the bank, such as `obDanske`."),
				"currency":            computedText("Currency code of the account."),
				"is_active":           computedFlag("Whether the account is active."),
				"account_details": schema.MapAttribute{MarkdownDescription: "Every field of the service's " +
					"`accountDetails` object (such as `accountType` and `accountFeatures`); strings as they are, other " +
					"values as compact JSON text.", Computed: true, Sensitive: true, ElementType: types.StringType},
				"created_at": computedText("When the service recorded the account (date-time)."),
				"updated_at": computedText("When the account last changed (date-time)."),
			}),
		},
	}
}

func (d *aisConsentAccountsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m aisConsentAccountsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.DataAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	scope := client.DataScope{MerchantID: m.MerchantID.ValueInt64(), UserID: m.UserID.ValueString(), Permissions: []string{client.PermissionAccountsRead}}
	accounts, err := c.ListConsentAccounts(ctx, scope, m.ConsentID.ValueString())
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not list the accounts of consent %q", m.ConsentID.ValueString()), err)
		return
	}
	m.Accounts = make([]aisConsentAccountModel, len(accounts))
	for i := range accounts {
		resp.Diagnostics.Append(m.Accounts[i].fromAPI(ctx, &accounts[i])...)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
