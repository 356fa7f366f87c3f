// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

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
	readDataSource(ctx, d.data, client.AreaPartner, req, resp, func(ctx context.Context, c *client.Client, config *merchantsModel, diags *diag.Diagnostics) {
		config.Merchants = partnerEntries(ctx, "merchants", c.ListMerchants, (*merchantAttrs).fromAPIEntry, diags)
		if status := config.Status.ValueString(); status != "" {
			config.Merchants = slices.DeleteFunc(config.Merchants, func(m merchantAttrs) bool {
				return !strings.EqualFold(m.Status.ValueString(), status)
			})
		}
	})
}
