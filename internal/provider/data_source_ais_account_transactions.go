// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"math/big"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var (
	_ datasource.DataSourceWithConfigure      = (*aisAccountTransactionsDataSource)(nil)
	_ datasource.DataSourceWithValidateConfig = (*aisAccountTransactionsDataSource)(nil)
)

// Page limits of the transactions read. The API reference gives the default
// (200) and no maximum. The cardpay-sandbox refuses more than 1000; the real
// service may allow more, so the provider only requires a positive number
// and leaves the upper bound to the service, whose error it shows.
const (
	aisDefaultPageLimit    = 200
	aisSandboxMaxPageLimit = 1000
)

func newAISAccountTransactionsDataSource() datasource.DataSource {
	return &aisAccountTransactionsDataSource{dataSourceBase{name: "ais_account_transactions"}}
}

// aisAccountTransactionsDataSource reads one page of an account's
// transactions (API 4.11). The ephemeral resource
// cardpay_ais_account_transactions shares its model, checks, request and
// descriptions.
type aisAccountTransactionsDataSource struct{ dataSourceBase }

// Descriptions of cardpay_ais_account_transactions, the data source and the
// ephemeral resource.
const (
	aisTransactionsSummary = "Reads the transactions of one bank account of an open-banking (AIS) user of a " +
		"merchant: one page of at most `page_limit` transactions, optionally between `from_date` and `to_date`. " +
		"The API shows no way to fetch further pages, so `total_transactions` can be larger than the number of " +
		"`transactions`; narrow the dates to see older ones. Needs an authorized, unexpired consent for the user " +
		"holding the `" + aisReadPermTransactions + "` permission; the consent's earliest transaction date also " +
		"limits the result."
	aisTransactionsFromDescription = "Earliest booking date to include: " + aisReadDateHint + ". A date alone " +
		"means that whole day (UTC), a timestamp that instant. Must not be after `to_date`. Sent to the service as written."
	aisTransactionsToDescription = "Latest booking date to include: " + aisReadDateHint + ". A date alone means " +
		"that whole day (UTC), included to its end; a timestamp that instant. Sent to the service as written."
	aisTransactionsTotalDescription = "Number of transactions matching the dates and the consent, before the page limit."
	aisTransactionsListDescription  = "The transactions of this page in the order the service returns them (the " +
		"sandbox: newest first). The whole list is sensitive, as amounts, counterparties, descriptions and " +
		"references are personal data. It is marked as a whole rather than field by field because Terraform slows " +
		"down sharply when thousands of values are marked one by one. Use `nonsensitive()` on what you need to show."
	aisTransactionIDDescription     = "Transaction ID."
	aisTransactionAmountDescription = "Amount as an exact decimal string, digit for digit as the service sent it " +
		"(as a JSON string or number), for example `\"100.50\"`. It is positive, as the service publishes it: " +
		"`type` tells the direction (`DEBIT` out of the account, `CREDIT` in)."
	aisTransactionDescriptionDescription = "Description of the transaction."
	aisTransactionBookingDateDescription = "When the transaction was booked: a date or an RFC 3339 timestamp, " +
		"exactly as the service sent it (the published example and the cardpay-sandbox send timestamps such as " +
		"`2024-01-15T10:30:00Z`). `from_date` and `to_date` are compared with it."
	aisTransactionValueDateDescription    = "Value date: a date or an RFC 3339 timestamp, exactly as the service sent it."
	aisTransactionCounterpartyDescription = "The other side of the transaction; null when the service names none."
	aisCounterpartyNameDescription        = "Name of the counterparty."
	aisCounterpartyIBANDescription        = "IBAN of the counterparty."
	aisTransactionReferenceDescription    = "Payment reference."
	aisTransactionTypeDescription         = "Direction of the transaction: `DEBIT` for money leaving the account, " +
		"`CREDIT` for money coming in. Any other word the service sends is kept as sent."
	aisTransactionStatusDescription = "Status of the transaction, such as `BOOKED` (the full set is not published)."
)

// aisTransactionsPageLimitDescription names the limits, so it is built.
var aisTransactionsPageLimitDescription = fmt.Sprintf("Most transactions to return; a whole number of at "+
	"least 1. When not set the service's default applies (%d). After the read this holds the limit the service "+
	"reports it used. The API reference gives no maximum, so the provider sets none; the cardpay-sandbox accepts "+
	"at most %d and answers a larger value with an error.", aisDefaultPageLimit, aisSandboxMaxPageLimit)

func (d *aisAccountTransactionsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: aisDataSourceDescription(aisTransactionsSummary, "ais_account_transactions"),
		Attributes: map[string]schema.Attribute{
			"merchant_id": merchantIDArgument(aisMerchantIDDescription),
			"user_id":     requiredText(aisUserIDDescription),
			"account_id":  requiredText(aisAccountIDDescription),
			"page_limit": schema.Int64Attribute{Optional: true, Computed: true, MarkdownDescription: aisTransactionsPageLimitDescription,
				Validators: []validator.Int64{int64validator.AtLeast(1)}},
			"from_date": schema.StringAttribute{Optional: true, MarkdownDescription: aisTransactionsFromDescription,
				Validators: []validator.String{aisReadDateValidator()}},
			"to_date": schema.StringAttribute{Optional: true, MarkdownDescription: aisTransactionsToDescription,
				Validators: []validator.String{aisReadDateValidator()}},
			"total_transactions": schema.Int64Attribute{Computed: true, MarkdownDescription: aisTransactionsTotalDescription},
			"transactions": schema.ListNestedAttribute{Computed: true, Sensitive: true, MarkdownDescription: aisTransactionsListDescription,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"transaction_id": computedText(aisTransactionIDDescription),
					"amount":         computedText(aisTransactionAmountDescription),
					"currency":       computedText(aisCurrencyDescription),
					"description":    computedText(aisTransactionDescriptionDescription),
					"booking_date":   computedText(aisTransactionBookingDateDescription),
					"value_date":     computedText(aisTransactionValueDateDescription),
					"counterparty": schema.SingleNestedAttribute{Computed: true, MarkdownDescription: aisTransactionCounterpartyDescription,
						Attributes: map[string]schema.Attribute{
							"name": computedText(aisCounterpartyNameDescription),
							"iban": computedText(aisCounterpartyIBANDescription),
						}},
					"reference": computedText(aisTransactionReferenceDescription),
					"type":      computedText(aisTransactionTypeDescription),
					"status":    computedText(aisTransactionStatusDescription),
				}},
			},
		},
	}
}

func (d *aisAccountTransactionsDataSource) ValidateConfig(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	var m aisAccountTransactionsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if !resp.Diagnostics.HasError() {
		resp.Diagnostics.Append(m.checkDates()...)
	}
}

func (d *aisAccountTransactionsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m aisAccountTransactionsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.DataAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(readAISAccountTransactions(ctx, c, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	value, diags := m.terraformValue(ctx, resp.State.Schema.Type())
	resp.Diagnostics.Append(diags...)
	if !resp.Diagnostics.HasError() {
		resp.State.Raw = value
	}
}

type aisAccountTransactionsModel struct {
	MerchantID        types.Int64           `tfsdk:"merchant_id"`
	UserID            types.String          `tfsdk:"user_id"`
	AccountID         types.String          `tfsdk:"account_id"`
	PageLimit         types.Int64           `tfsdk:"page_limit"`
	FromDate          types.String          `tfsdk:"from_date"`
	ToDate            types.String          `tfsdk:"to_date"`
	TotalTransactions types.Int64           `tfsdk:"total_transactions"`
	Transactions      []aisTransactionModel `tfsdk:"transactions"`
}

type aisTransactionModel struct {
	TransactionID types.String          `tfsdk:"transaction_id"`
	Amount        types.String          `tfsdk:"amount"`
	Currency      types.String          `tfsdk:"currency"`
	Description   types.String          `tfsdk:"description"`
	BookingDate   types.String          `tfsdk:"booking_date"`
	ValueDate     types.String          `tfsdk:"value_date"`
	Counterparty  *aisCounterpartyModel `tfsdk:"counterparty"`
	Reference     types.String          `tfsdk:"reference"`
	Type          types.String          `tfsdk:"type"`
	Status        types.String          `tfsdk:"status"`
}

type aisCounterpartyModel struct {
	Name types.String `tfsdk:"name"`
	IBAN types.String `tfsdk:"iban"`
}

// checkDates rejects a from_date after the to_date before any request.
func (m *aisAccountTransactionsModel) checkDates() diag.Diagnostics {
	return aisReadCheckDateRange(m.FromDate, m.ToDate, path.Root("from_date"))
}

// readAISAccountTransactions reads the page of transactions m asks for into
// m. It checks the dates again first: Terraform may skip validating values
// that were unknown at plan time.
func readAISAccountTransactions(ctx context.Context, c *client.Client, m *aisAccountTransactionsModel) diag.Diagnostics {
	diags := m.checkDates()
	if diags.HasError() {
		return diags
	}
	req := client.TransactionsRequest{
		MerchantID: m.MerchantID.ValueInt64(), UserID: m.UserID.ValueString(), AccountID: m.AccountID.ValueString(),
		PageLimit: m.PageLimit.ValueInt64(), // 0 when null: the service's default
		FromDate:  m.FromDate.ValueString(), ToDate: m.ToDate.ValueString(),
	}
	out, err := c.ListTransactions(ctx, req)
	if err != nil {
		addAISReadError(&diags, fmt.Sprintf("Could not read the transactions of account %q of user %q of merchant %d",
			req.AccountID, req.UserID, req.MerchantID), aisReadPermTransactions, err)
		return diags
	}
	if out.PageLimit > 0 {
		m.PageLimit = types.Int64Value(out.PageLimit)
	}
	m.TotalTransactions = types.Int64Value(out.TotalTransactions)
	m.Transactions = make([]aisTransactionModel, 0, len(out.Transactions))
	for _, t := range out.Transactions {
		m.Transactions = append(m.Transactions, aisTransactionFrom(t))
	}
	return diags
}

func aisTransactionFrom(t client.Transaction) aisTransactionModel {
	var counterparty *aisCounterpartyModel
	if t.Counterparty != (client.Counterparty{}) {
		counterparty = &aisCounterpartyModel{Name: stringOrNull(t.Counterparty.Name), IBAN: stringOrNull(t.Counterparty.IBAN)}
	}
	return aisTransactionModel{
		TransactionID: stringOrNull(t.TransactionID),
		Amount:        aisReadDecimal(t.Amount),
		Currency:      stringOrNull(t.Currency),
		Description:   stringOrNull(t.Description),
		BookingDate:   stringOrNull(t.BookingDate),
		ValueDate:     stringOrNull(t.ValueDate),
		Counterparty:  counterparty,
		Reference:     stringOrNull(t.Reference),
		Type:          stringOrNull(t.Type),
		Status:        stringOrNull(t.Status),
	}
}

// terraformValue is m as a value of the read's schemaType, built without
// the framework's reflection: for a page of thousands of transactions,
// going from the model to attr values to tftypes costs several times the
// memory of the result itself (BENCHMARKS.md). The data source and the
// ephemeral resource store it as their raw state or result.
// TestAISTransactionsTerraformValue checks that it equals what the
// framework builds.
func (m *aisAccountTransactionsModel) terraformValue(ctx context.Context, schemaType attr.Type) (tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	// A failed assertion leaves a zero value, so one check at the end covers all three.
	typ, _ := schemaType.TerraformType(ctx).(tftypes.Object)
	listType, _ := typ.AttributeTypes["transactions"].(tftypes.List)
	txType, ok := listType.ElementType.(tftypes.Object)
	if !ok {
		diags.AddError("Unexpected schema type", "The transactions read's schema does not hold a list of transaction "+
			"objects. This is a bug in the provider; please report it.")
		return tftypes.Value{}, diags
	}
	transactions := tftypes.NewValue(listType, nil)
	if m.Transactions != nil {
		values := make([]tftypes.Value, len(m.Transactions))
		for i := range m.Transactions {
			values[i] = m.Transactions[i].terraformValue(txType)
		}
		transactions = tftypes.NewValue(listType, values)
	}
	return tftypes.NewValue(typ, map[string]tftypes.Value{
		"merchant_id":        tfInt64(m.MerchantID),
		"user_id":            tfString(m.UserID),
		"account_id":         tfString(m.AccountID),
		"page_limit":         tfInt64(m.PageLimit),
		"from_date":          tfString(m.FromDate),
		"to_date":            tfString(m.ToDate),
		"total_transactions": tfInt64(m.TotalTransactions),
		"transactions":       transactions,
	}), diags
}

func (t *aisTransactionModel) terraformValue(typ tftypes.Object) tftypes.Value {
	counterpartyType := typ.AttributeTypes["counterparty"]
	counterparty := tftypes.NewValue(counterpartyType, nil)
	if t.Counterparty != nil {
		counterparty = tftypes.NewValue(counterpartyType, map[string]tftypes.Value{
			"name": tfString(t.Counterparty.Name),
			"iban": tfString(t.Counterparty.IBAN),
		})
	}
	return tftypes.NewValue(typ, map[string]tftypes.Value{
		"transaction_id": tfString(t.TransactionID),
		"amount":         tfString(t.Amount),
		"currency":       tfString(t.Currency),
		"description":    tfString(t.Description),
		"booking_date":   tfString(t.BookingDate),
		"value_date":     tfString(t.ValueDate),
		"counterparty":   counterparty,
		"reference":      tfString(t.Reference),
		"type":           tfString(t.Type),
		"status":         tfString(t.Status),
	})
}

// tfString and tfInt64 convert known or null framework values; reads never
// hold unknown ones.
func tfString(v types.String) tftypes.Value {
	if v.IsNull() || v.IsUnknown() {
		return tftypes.NewValue(tftypes.String, nil)
	}
	return tftypes.NewValue(tftypes.String, v.ValueString())
}

func tfInt64(v types.Int64) tftypes.Value {
	if v.IsNull() || v.IsUnknown() {
		return tftypes.NewValue(tftypes.Number, nil)
	}
	return tftypes.NewValue(tftypes.Number, new(big.Float).SetInt64(v.ValueInt64()))
}
