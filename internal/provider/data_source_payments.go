// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ datasource.DataSourceWithConfigure = (*paymentsDataSource)(nil)

// Pagination of the payments read: the page size the service is asked for
// (it publishes 20 as an example and no maximum; the sandbox allows 100)
// and how many payments the data source reads before it stops.
const (
	defaultPaymentsPageSize = 50
	maxPaymentsPageSize     = 100
	defaultMaxPayments      = 1000
)

func newPaymentsDataSource() datasource.DataSource {
	return &paymentsDataSource{dataSourceBase{name: "payments"}}
}

type paymentsDataSource struct{ dataSourceBase }

type paymentsModel struct {
	MerchantClientID types.String   `tfsdk:"merchant_client_id"`
	Status           types.String   `tfsdk:"status"`
	PageSize         types.Int64    `tfsdk:"page_size"`
	MaxPayments      types.Int64    `tfsdk:"max_payments"`
	Total            types.Int64    `tfsdk:"total"`
	Truncated        types.Bool     `tfsdk:"truncated"`
	Payments         []paymentModel `tfsdk:"payments"`
}

// paymentModel is one account-to-account payment.
type paymentModel struct {
	ID               types.String `tfsdk:"id"`
	ReferenceNumber  types.String `tfsdk:"reference_number"`
	Amount           types.String `tfsdk:"amount"`
	Currency         types.String `tfsdk:"currency"`
	Status           types.String `tfsdk:"status"`
	MerchantClientID types.String `tfsdk:"merchant_client_id"`
	MerchantName     types.String `tfsdk:"merchant_name"`
	Description      types.String `tfsdk:"description"`
	CreatedAt        types.String `tfsdk:"created_at"`
}

func (m *paymentModel) fromAPI(p *client.Payment) {
	m.ID, m.ReferenceNumber = types.StringValue(string(p.ID)), stringOrNull(p.ReferenceNumber)
	m.Amount, m.Currency, m.Status = stringOrNull(p.Amount.String()), stringOrNull(p.Currency), stringOrNull(p.Status)
	m.MerchantClientID, m.MerchantName = stringOrNull(p.MerchantClientID), stringOrNull(p.MerchantName)
	m.Description, m.CreatedAt = stringOrNull(p.Description), stringOrNull(p.CreatedAt)
}

func (d *paymentsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the partner's account-to-account payments, newest first as the service lists " +
			"them, reading page after page until the end or until `max_payments`.",
		Attributes: map[string]schema.Attribute{
			"merchant_client_id": schema.StringAttribute{MarkdownDescription: "Only payments of this merchant, named by " +
				"its client ID (`client_id` of `cardpay_merchant`), not its numeric ID.", Optional: true, Validators: notBlank()},
			"status": schema.StringAttribute{MarkdownDescription: "Only payments with this status, such as `pending` " +
				"or `paid`; the service filters and its set of words is open.", Optional: true, Validators: notBlank()},
			"page_size": schema.Int64Attribute{MarkdownDescription: "Payments asked for per request, 1 to 100; " +
				"defaults to 50.", Optional: true, Validators: []validator.Int64{int64validator.Between(1, maxPaymentsPageSize)}},
			"max_payments": schema.Int64Attribute{MarkdownDescription: "Most payments to read; reading stops there " +
				"and `truncated` says so. Defaults to 1000.", Optional: true, Validators: []validator.Int64{int64validator.AtLeast(1)}},
			"total":     schema.Int64Attribute{MarkdownDescription: "Payments matching the filters, as the service counts them.", Computed: true},
			"truncated": computedFlag("Whether reading stopped at `max_payments` before the end."),
			"payments": computedList("The payments read, in the service's order.", map[string]schema.Attribute{
				"id":                 computedText("ID of the payment."),
				"reference_number":   computedText("The reference the payment was created with."),
				"amount":             computedText("Amount in major units (for example `\"149.5\"`), exactly as the service sent it."),
				"currency":           computedText("Currency code, such as `DKK`."),
				"status":             computedText("`pending`, `paid` or another word the service sends."),
				"merchant_client_id": computedText("Client ID of the merchant paid."),
				"merchant_name":      computedText("Name of the merchant paid."),
				"description":        computedText("Description of the payment."),
				"created_at":         computedText("When the payment was created (date-time)."),
			}),
		},
	}
}

func (d *paymentsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m paymentsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	size, limit := int64OrDefault(m.PageSize, defaultPaymentsPageSize), int64OrDefault(m.MaxPayments, defaultMaxPayments)
	filter := client.PaymentFilter{MerchantClientID: m.MerchantClientID.ValueString(), Status: m.Status.ValueString()}
	var read []client.Payment
	var total int64
	for page := int64(1); int64(len(read)) < limit; page++ {
		p, err := c.ListPayments(ctx, filter, page, size)
		if err != nil {
			addAPIError(&resp.Diagnostics, "Could not list the partner's payments", err)
			return
		}
		read, total = append(read, p.Payments...), p.Total
		if len(p.Payments) == 0 || int64(len(read)) >= total {
			break
		}
	}
	m.Truncated = types.BoolValue(int64(len(read)) > limit || (int64(len(read)) == limit && total > limit))
	read = read[:min(int64(len(read)), limit)]
	m.Total, m.Payments = types.Int64Value(total), entriesFromAPI(read, (*paymentModel).fromAPI)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// int64OrDefault is v, or def when v is null or unknown.
func int64OrDefault(v types.Int64, def int64) int64 {
	if v.IsNull() || v.IsUnknown() {
		return def
	}
	return v.ValueInt64()
}
