// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ datasource.DataSourceWithConfigure = (*partnerCredentialsDataSource)(nil)

func newPartnerCredentialsDataSource() datasource.DataSource {
	return &partnerCredentialsDataSource{dataSourceBase{name: "partner_credentials"}}
}

type partnerCredentialsDataSource struct{ dataSourceBase }

type partnerCredentialsModel struct {
	Credentials []credentialAttrs `tfsdk:"credentials"`
}

func (d *partnerCredentialsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the partner's credential pairs, revoked ones included, with their secrets " +
			"masked as the service lists them (the last four characters), for example to review who can call the API.",
		Attributes: map[string]schema.Attribute{
			"credentials": computedList("The pairs in the order the service lists them.", map[string]schema.Attribute{
				"id":                  computedText("ID of the pair, as `cardpay_partner_credential` imports it."),
				"name":                computedText("Name of the pair."),
				"client_id":           computedText("Client ID of the pair."),
				"client_secret_last4": computedText("The last four characters of the secret."),
				"status":              computedText("`active` or `revoked`."),
				"created_at":          computedText("When the pair was created (date-time)."),
			}),
		},
	}
}

func (d *partnerCredentialsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m partnerCredentialsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	credentials, err := c.ListCredentials(ctx)
	if err != nil {
		addAPIError(&resp.Diagnostics, "Could not list the partner's credentials", err)
		return
	}
	m.Credentials = entriesFromAPI(credentials, (*credentialAttrs).fromAPI)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
