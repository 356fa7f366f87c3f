// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
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

// merchantObjects reads the merchant a list block names, and its objects
// with fetch (such as fetchStores; what names them in errors, such as "the
// stores"). When it cannot, it ends the stream with why, and ok is false.
func merchantObjects[T any](ctx context.Context, req list.ListRequest, stream *list.ListResultsStream, data *providerData,
	what string, fetch func(ctx context.Context, c *client.Client, merchantID int64) ([]T, error),
) (merchantID types.Int64, objects []T, ok bool) {
	var config merchantListConfig
	diags := req.Config.Get(ctx, &config)
	c, clientDiags := data.clientFor(client.PartnerAPI)
	if diags.Append(clientDiags...); diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return config.MerchantID, nil, false
	}
	objects, err := fetch(ctx, c, config.MerchantID.ValueInt64())
	if err != nil {
		stream.Results = listFailed(fmt.Sprintf("Could not list %s of merchant %d", what, config.MerchantID.ValueInt64()), err)
		return config.MerchantID, nil, false
	}
	return config.MerchantID, objects, true
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
