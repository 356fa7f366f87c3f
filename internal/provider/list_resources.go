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
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// List resources (Terraform 1.14 and later, `terraform query`) find the
// objects a partner already has, so they can be imported with generated
// configuration. Each is implemented by the managed resource's own type,
// which shares its Metadata, Configure and the model it records state in:
// a listed object looks exactly as import and refresh would record it, so
// the generated configuration plans without changes.

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

// listMerchantObjects answers a list request for one merchant's objects:
// fetch reads them (a method expression such as (*client.Client).ListStores;
// what names them in errors, such as "the stores") and adopt returns those
// worth adopting, recorded as import would record them.
func listMerchantObjects[T any](ctx context.Context, req list.ListRequest, stream *list.ListResultsStream, data *providerData, what string,
	fetch func(c *client.Client, ctx context.Context, merchantID int64) ([]T, error),
	adopt func(merchantID types.Int64, object *T) (listed, bool),
) {
	var diags diag.Diagnostics
	config, c, ok := begin[merchantListConfig](ctx, data, client.AreaPartner, req.Config, &diags)
	if !ok {
		stream.Results = listFailed(diags)
		return
	}
	merchantID := config.MerchantID.ValueInt64()
	objects, err := fetch(c, ctx, merchantID)
	streamObjects(ctx, req, stream, objects, err, fmt.Sprintf("Could not list %s of merchant %d", what, merchantID),
		func(object *T) (listed, bool) { return adopt(config.MerchantID, object) })
}

// listPartnerObjects answers a list request for the partner's objects, all
// of which are worth adopting: fetch reads them (such as
// (*client.Client).ListWebhooks; what names them in errors, such as
// "webhook endpoints") and record records one as import would.
func listPartnerObjects[T any](ctx context.Context, req list.ListRequest, stream *list.ListResultsStream, data *providerData, what string,
	fetch func(c *client.Client, ctx context.Context) ([]T, error), record func(object *T) listed,
) {
	var diags diag.Diagnostics
	_, c, ok := begin[struct{}](ctx, data, client.AreaPartner, nil, &diags)
	if !ok {
		stream.Results = listFailed(diags)
		return
	}
	objects, err := fetch(c, ctx)
	streamObjects(ctx, req, stream, objects, err, "Could not list the partner's "+what,
		func(object *T) (listed, bool) { return record(object), true })
}

// streamObjects ends a list with the objects adopt accepts, or with the
// error of their read, reported under failure.
func streamObjects[T any](ctx context.Context, req list.ListRequest, stream *list.ListResultsStream, objects []T, err error,
	failure string, adopt func(object *T) (listed, bool),
) {
	if err != nil {
		var diags diag.Diagnostics
		addAPIError(&diags, failure, err)
		stream.Results = listFailed(diags)
		return
	}
	var found []listed
	for i := range objects {
		if o, ok := adopt(&objects[i]); ok {
			found = append(found, o)
		}
	}
	stream.Results = listResults(ctx, req, found)
}

// listed is one object found by a list resource: its display name and the
// model that records it, as import and refresh would.
type listed struct {
	name  string
	model any
}

// listResults streams objects as list results: identity always, the whole
// object when Terraform asks for it (to generate configuration).
func listResults(ctx context.Context, req list.ListRequest, objects []listed) iter.Seq[list.ListResult] {
	return func(push func(list.ListResult) bool) {
		for _, o := range objects {
			result := req.NewListResult(ctx)
			result.DisplayName = o.name
			object := tfsdk.Resource{Schema: req.ResourceSchema, Raw: result.Resource.Raw}
			result.Diagnostics.Append(object.Set(ctx, o.model)...)
			result.Diagnostics.Append(identityOf(ctx, object, result.Identity)...)
			if req.IncludeResource {
				result.Resource = &object
			}
			if !push(result) {
				return
			}
		}
	}
}

// listFailed ends a list with diagnostics, such as an API error.
func listFailed(diags diag.Diagnostics) iter.Seq[list.ListResult] {
	return list.ListResultsStreamDiagnostics(diags)
}
