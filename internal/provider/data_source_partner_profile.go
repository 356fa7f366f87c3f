// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ datasource.DataSourceWithConfigure = (*partnerProfileDataSource)(nil)

func newPartnerProfileDataSource() datasource.DataSource {
	return &partnerProfileDataSource{dataSourceBase{name: "partner_profile"}}
}

type partnerProfileDataSource struct{ dataSourceBase }

// partnerProfileModel is the partner's profile as the data source records it.
type partnerProfileModel struct {
	ID                 types.String `tfsdk:"id"`
	Name               types.String `tfsdk:"name"`
	CompanyName        types.String `tfsdk:"company_name"`
	ContactEmail       types.String `tfsdk:"contact_email"`
	ContactPhone       types.String `tfsdk:"contact_phone"`
	Website            types.String `tfsdk:"website"`
	RegistrationNumber types.String `tfsdk:"registration_number"`
	Status             types.String `tfsdk:"status"`
	CreatedAt          types.String `tfsdk:"created_at"`
	UpdatedAt          types.String `tfsdk:"updated_at"`
}

func (m *partnerProfileModel) fromAPI(p *client.Profile) {
	m.ID = types.StringValue(string(p.ID))
	m.Name, m.CompanyName = stringOrNull(p.Name), stringOrNull(p.CompanyName)
	m.ContactEmail, m.ContactPhone = stringOrNull(p.ContactEmail), stringOrNull(p.ContactPhone)
	m.Website, m.RegistrationNumber = stringOrNull(p.Website), stringOrNull(p.RegistrationNumber)
	m.Status, m.CreatedAt, m.UpdatedAt = stringOrNull(p.Status), stringOrNull(p.CreatedAt), stringOrNull(p.UpdatedAt)
}

func (d *partnerProfileDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads the partner's own profile: the company the configured credentials belong to.",
		Attributes: map[string]schema.Attribute{
			"id":                  computedText("ID of the partner."),
			"name":                computedText("Name of the partner."),
			"company_name":        computedText("Legal name of the partner's company."),
			"contact_email":       computedText("The partner's contact e-mail address."),
			"contact_phone":       computedText("The partner's contact phone number."),
			"website":             computedText("The partner's website."),
			"registration_number": computedText("Company registration number."),
			"status":              computedText("`pending`, `active` or `suspended`; other words are shown as sent."),
			"created_at":          computedText("When the partner was created (date-time)."),
			"updated_at":          computedText("When the profile last changed (date-time)."),
		},
	}
}

func (d *partnerProfileDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m partnerProfileModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	profile, err := c.GetProfile(ctx)
	if err != nil {
		addAPIError(&resp.Diagnostics, "Could not read the partner's profile", err)
		return
	}
	m.fromAPI(profile)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
