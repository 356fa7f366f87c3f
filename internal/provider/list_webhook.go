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

func newWebhookList() list.ListResource { return &webhookResource{} }

func (r *webhookResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "Lists every webhook endpoint of the partner, for `terraform query` (Terraform 1.14 " +
			"and later). Their secrets cannot be read, so they stay null, as after import.",
	}
}

// List finds every webhook endpoint of the partner.
func (r *webhookResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	c, diags := r.data.clientFor(client.PartnerAPI)
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	hooks, err := c.ListWebhooks(ctx)
	if err != nil {
		stream.Results = listFailed("Could not list the partner's webhook endpoints", err)
		return
	}
	found := make([]listed, len(hooks))
	for i, w := range hooks {
		var model webhookModel
		model.fromAPI(&w)
		found[i] = listed{name: fmt.Sprintf("%s (%s)", w.URL, w.ID), model: model, identity: model.identity()}
	}
	stream.Results = listResults(ctx, req, found)
}
