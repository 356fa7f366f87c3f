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

var _ datasource.DataSourceWithConfigure = (*storesDataSource)(nil)

func newStoresDataSource() datasource.DataSource {
	return &storesDataSource{dataSourceBase{name: "stores"}}
}

type storesDataSource struct{ dataSourceBase }

type storesModel struct {
	MerchantID types.Int64  `tfsdk:"merchant_id"`
	Stores     []storeAttrs `tfsdk:"stores"`
}

func (d *storesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists a merchant's stores (locations), inactive ones included, for example to find " +
			"the default store that onboarding created and adopt it with `cardpay_store`.",
		Attributes: map[string]schema.Attribute{
			"merchant_id": merchantIDArgument("Numeric ID of the merchant."),
			"stores": computedList("The stores in the order the service lists them.", map[string]schema.Attribute{
				"store_id":       computedText("Store ID, as `cardpay_store` takes it in `store_id`."),
				"name":           computedText("Store name."),
				"location_id":    computedText("Location code."),
				"street_address": computedText("Street address."),
				"city":           computedText("City."),
				"postal_code":    computedText("Postal code."),
				"country_code":   computedText("ISO 3166-1 alpha-2 country code."),
				"phone":          computedText("Phone number."),
				"email":          computedText("Contact e-mail address."),
				"is_default":     computedFlag("Whether this is the merchant's default store."),
				"status":         computedText("`active` or `inactive`."),
				"created_at":     computedText("When the store was created (date-time)."),
				"updated_at":     computedText("When the store last changed (date-time); null when the service does not report it."),
			}),
		},
	}
}

func (d *storesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m storesModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	stores, err := d.data.stores.get(ctx, c, m.MerchantID.ValueInt64())
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not list the stores of merchant %d", m.MerchantID.ValueInt64()), err)
		return
	}
	m.Stores = entriesFromAPI(stores, (*storeAttrs).fromAPIEntry)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
