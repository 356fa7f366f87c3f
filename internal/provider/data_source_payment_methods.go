// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ datasource.DataSourceWithConfigure = (*paymentMethodsDataSource)(nil)

func newPaymentMethodsDataSource() datasource.DataSource {
	return &paymentMethodsDataSource{dataSourceBase{name: "payment_methods"}}
}

type paymentMethodsDataSource struct{ dataSourceBase }

type paymentMethodsModel struct {
	MerchantID types.Int64               `tfsdk:"merchant_id"`
	Methods    []paymentMethodEntryModel `tfsdk:"methods"`
}

func (d *paymentMethodsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists a merchant's card-payment methods and whether each is active.",
		Attributes: map[string]schema.Attribute{
			"merchant_id": merchantIDArgument("Numeric ID of the merchant."),
			"methods": computedList("The merchant's payment methods in the order the service lists them.", map[string]schema.Attribute{
				"method":       computedText("Lowercase payment-method identifier, such as `visa`."),
				"status":       computedText("`active` or `inactive`."),
				"activated_at": computedText("When the method was activated (ISO 8601, UTC); null for inactive methods."),
			}),
		},
	}
}

func (d *paymentMethodsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m paymentMethodsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	methods, err := d.data.paymentMethods.get(ctx, c, m.MerchantID.ValueInt64())
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not list payment methods of merchant %d", m.MerchantID.ValueInt64()), err)
		return
	}
	m.Methods = entriesFromAPI(methods, (*paymentMethodEntryModel).fromAPI)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
