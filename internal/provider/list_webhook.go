// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
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
	var diags diag.Diagnostics
	_, c, ok := begin[struct{}](ctx, r.data, client.AreaPartner, nil, &diags)
	if !ok {
		stream.Results = listFailed(diags)
		return
	}
	hooks, err := c.ListWebhooks(ctx)
	if err != nil {
		addAPIError(&diags, "Could not list the partner's webhook endpoints", err)
		stream.Results = listFailed(diags)
		return
	}
	found := make([]listed, 0, len(hooks))
	for _, w := range hooks {
		var model webhookModel
		model.fromAPI(&w)
		found = append(found, listed{name: fmt.Sprintf("%s (%s)", w.URL, w.ID), model: model})
	}
	if diags.HasError() {
		stream.Results = listFailed(diags)
		return
	}
	stream.Results = listResults(ctx, req, found)
}
