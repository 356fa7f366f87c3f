// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// List resources (Terraform 1.14 and later, `terraform query`) find the
// objects a partner already has, so they can be imported with generated
// configuration. Each is implemented by the managed resource's own type
// (list_<name>.go), which shares its Metadata, Configure and the model it
// records state in: a listed object looks exactly as import and refresh
// would record it, so the generated configuration plans without changes.

// merchantListConfig is the configuration of a list block of objects
// within one merchant.
type merchantListConfig struct {
	MerchantID types.Int64 `tfsdk:"merchant_id"`
}

// merchantListSchema takes the merchant whose objects (such as "active
// stores") are listed; note says what else to know.
func merchantListSchema(what, note string) listschema.Schema {
	return listschema.Schema{
		MarkdownDescription: "Lists the " + what + " of one merchant, for `terraform query` (Terraform 1.14 and later). " + note,
		Attributes: map[string]listschema.Attribute{
			"merchant_id": listschema.Int64Attribute{
				MarkdownDescription: "Numeric ID of the merchant whose " + what + " are listed.",
				Required:            true,
				Validators:          merchantIDValidators(),
			},
		},
	}
}

// listed is one object found by a list resource: its display name, and
// its model and identity as import and refresh record them.
type listed struct {
	name            string
	model, identity any
}

// listResults streams objects as list results: identity always, the whole
// object when Terraform asks for it (to generate configuration).
func listResults(ctx context.Context, req list.ListRequest, objects []listed) iter.Seq[list.ListResult] {
	return func(push func(list.ListResult) bool) {
		for _, o := range objects {
			result := req.NewListResult(ctx)
			result.DisplayName = o.name
			result.Diagnostics.Append(result.Identity.Set(ctx, o.identity)...)
			if req.IncludeResource {
				result.Diagnostics.Append(result.Resource.Set(ctx, o.model)...)
			}
			if !push(result) {
				return
			}
		}
	}
}

// listFailed ends a list whose read failed, reported under summary.
func listFailed(summary string, err error) iter.Seq[list.ListResult] {
	var diags diag.Diagnostics
	addAPIError(&diags, summary, err)
	return list.ListResultsStreamDiagnostics(diags)
}
