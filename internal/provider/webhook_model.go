// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// webhookAttrs are what the service reports about a webhook endpoint, as
// cardpay_webhook and each entry of the cardpay_webhooks data source record
// them.
type webhookAttrs struct {
	ID              types.String `tfsdk:"id"`
	URL             types.String `tfsdk:"url"`
	Events          types.Set    `tfsdk:"events"`
	Status          types.String `tfsdk:"status"`
	LastTriggeredAt types.String `tfsdk:"last_triggered_at"`
	CreatedAt       types.String `tfsdk:"created_at"`
}

// webhookModel is the state of cardpay_webhook, and of what its list
// resource finds. Secret comes only with the create answer.
type webhookModel struct {
	webhookAttrs
	Secret types.String `tfsdk:"secret"`
}

// webhookIdentityModel is the identity of cardpay_webhook.
type webhookIdentityModel struct {
	ID types.String `tfsdk:"id"`
}

func (m webhookModel) identity() webhookIdentityModel { return webhookIdentityModel{ID: m.ID} }

// fromAPI copies what the service reports about the endpoint. An ID or
// creation time the answer leaves out keeps its recorded value.
func (m *webhookAttrs) fromAPI(w *client.Webhook) {
	if w.ID != "" {
		m.ID = types.StringValue(string(w.ID))
	}
	if w.CreatedAt != "" || m.CreatedAt.IsUnknown() {
		m.CreatedAt = stringOrNull(w.CreatedAt)
	}
	m.URL = types.StringValue(w.URL)
	m.Events = stringSet(w.Events)
	m.Status = stringOrNull(w.Status)
	m.LastTriggeredAt = stringPointerOrNull(w.LastTriggeredAt)
}

// fromCreateAnswer records the create answer, the only one that carries
// the secret.
func (m *webhookModel) fromCreateAnswer(w *client.Webhook) {
	m.fromAPI(w)
	m.Secret = stringPointerOrNull(w.Secret)
}

// fromUpdateAnswer records the update's answer: the URL and events, the
// only fields the API changes. The rest stays as planned, which is as the
// refresh recorded it: an event delivered since the plan shows at the next
// refresh.
func (m *webhookModel) fromUpdateAnswer(w *client.Webhook) {
	m.URL, m.Events = types.StringValue(w.URL), stringSet(w.Events)
}

// requestBody builds the POST or PUT body (the same).
func (m webhookAttrs) requestBody(ctx context.Context) (client.WebhookRequest, diag.Diagnostics) {
	events, diags := sortedStrings(ctx, m.Events)
	return client.WebhookRequest{URL: m.URL.ValueString(), Events: events}, diags
}
