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

var _ datasource.DataSourceWithConfigure = (*webhooksDataSource)(nil)

func newWebhooksDataSource() datasource.DataSource {
	return &webhooksDataSource{dataSourceBase{name: "webhooks"}}
}

type webhooksDataSource struct{ dataSourceBase }

type webhooksModel struct {
	Webhooks []webhookAttrs `tfsdk:"webhooks"`
}

func (d *webhooksDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists every webhook endpoint of the partner, whoever created it, for example to " +
			"review where event notifications go or to find the ID of an endpoint to import. Secrets are never " +
			"listed: the service shows an endpoint's secret only when it is created.",
		Attributes: map[string]schema.Attribute{
			"webhooks": computedList("The partner's endpoints in the order the service lists them.", map[string]schema.Attribute{
				"id":                computedText("Identifier of the endpoint, as `cardpay_webhook` imports it."),
				"url":               computedText("Where events are delivered."),
				"events":            schema.SetAttribute{MarkdownDescription: "The events delivered.", Computed: true, ElementType: types.StringType},
				"status":            computedText("`active` or `inactive`."),
				"last_triggered_at": computedText("When an event was last delivered; null if never."),
				"created_at":        computedText("When the endpoint was created."),
			}),
		},
	}
}

func (d *webhooksDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m webhooksModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	webhooks, err := d.data.webhooks.get(ctx, c, partnerWide{}) // shared with the webhook resources
	if err != nil {
		addAPIError(&resp.Diagnostics, "Could not list the partner's webhook endpoints", err)
		return
	}
	m.Webhooks = entriesFromAPI(webhooks, (*webhookAttrs).fromAPI)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
