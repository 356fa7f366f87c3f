// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

func newMerchantList() list.ListResource { return &merchantResource{} }

func (r *merchantResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "Lists every merchant of the partner, for `terraform query` (Terraform 1.14 and " +
			"later), to adopt a whole book. Each is recorded as after import: without an onboarding link, and with " +
			"`fast_track` and `test_merchant` null.",
	}
}

// List finds every merchant of the partner.
func (r *merchantResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	c, diags := r.data.clientFor(client.PartnerAPI)
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	merchants, err := c.ListMerchants(ctx)
	if err != nil {
		stream.Results = listFailed("Could not list the partner's merchants", err)
		return
	}
	// The timeouts block is null, as after import, and typed as the schema
	// has it: the framework refuses the zero value, which has no attribute
	// types.
	var noTimeouts timeouts.Value
	if typ, d := req.ResourceSchema.TypeAtPath(ctx, path.Root("timeouts")); !d.HasError() {
		if typ, ok := typ.(attr.TypeWithAttributeTypes); ok {
			noTimeouts.Object = types.ObjectNull(typ.AttributeTypes())
		}
	}
	found := make([]listed, len(merchants))
	for i, m := range merchants {
		model := merchantModel{Timeouts: noTimeouts}
		model.fromAPI(&m)
		found[i] = listed{name: fmt.Sprintf("%s (%s)", m.CompanyName, m.ID), model: model, identity: model.identity()}
	}
	stream.Results = listResults(ctx, req, found)
}
