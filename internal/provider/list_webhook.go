// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

func newWebhookList() list.ListResource { return newWebhook() }

func (r *webhookResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "Lists every webhook endpoint of the partner, for `terraform query` (Terraform 1.14 " +
			"and later). Their secrets cannot be read, so they stay null, as after import.",
	}
}

func (r *webhookResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	listPartnerObjects(ctx, req, stream, r.data, "webhook endpoints", (*client.Client).ListWebhooks, func(w *client.Webhook) listed {
		var model webhookModel
		model.fromAPI(w)
		return listed{name: fmt.Sprintf("%s (%s)", w.URL, w.ID), model: model}
	})
}
