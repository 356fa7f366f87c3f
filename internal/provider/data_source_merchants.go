// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ datasource.DataSourceWithConfigure = (*merchantsDataSource)(nil)

func newMerchantsDataSource() datasource.DataSource {
	return &merchantsDataSource{dataSourceBase{name: "merchants"}}
}

type merchantsDataSource struct{ dataSourceBase }

type merchantsModel struct {
	Status    types.String    `tfsdk:"status"`
	Merchants []merchantAttrs `tfsdk:"merchants"`
}

// merchantEntryAttributes describe a merchant as the data sources report it.
func merchantEntryAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"merchant_id":    schema.Int64Attribute{MarkdownDescription: "Numeric ID of the merchant.", Computed: true},
		"client_id":      computedText("The merchant's client ID (a UUID)."),
		"company_name":   computedText("Legal name of the merchant's company."),
		"contact_email":  computedText("E-mail address of the merchant's contact."),
		"contact_phone":  computedText("Phone number of the merchant's contact; null when none was given."),
		"partner_ref_id": computedText("The partner's own reference for the merchant; null when none was given."),
		"status":         computedText("`pending` until onboarding completes, `active`, or `inactive`; other words are shown as sent."),
		"created_at":     computedText("When the merchant was created (date-time)."),
	}
}

func (d *merchantsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the partner's merchants, for example to review the book or to find a merchant " +
			"to import with `cardpay_merchant`.",
		Attributes: map[string]schema.Attribute{
			"status": schema.StringAttribute{MarkdownDescription: "Only list merchants with this status, such as " +
				"`active` (compared case-insensitively). When omitted, every merchant is listed.",
				Optional: true, Validators: notBlank()},
			"merchants": computedList("The merchants in the order the service lists them.", merchantEntryAttributes()),
		},
	}
}

func (d *merchantsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m merchantsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchants, err := c.ListMerchants(ctx)
	if err != nil {
		addAPIError(&resp.Diagnostics, "Could not list the partner's merchants", err)
		return
	}
	m.Merchants = entriesFromAPI(merchants, (*merchantAttrs).fromAPIEntry)
	if status := m.Status.ValueString(); status != "" {
		m.Merchants = slices.DeleteFunc(m.Merchants, func(entry merchantAttrs) bool {
			return !strings.EqualFold(entry.Status.ValueString(), status)
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
