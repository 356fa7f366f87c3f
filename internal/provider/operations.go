// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// Every operation has one shape: it starts with begin, which decodes its
// input and hands out the client (nothing reaches a client otherwise), and
// a resource operation ends with save, which writes the state and the
// identity together, or with forget.

// decodable is a configuration, plan or state.
type decodable interface {
	Get(ctx context.Context, target any) diag.Diagnostics
}

// begin decodes from (nil when the operation has no input to decode) into
// a new M and returns it with the client of area. ok is false once diags
// says why there is nothing to call: bad input, or a provider that lacks
// what the area needs.
func begin[M any](ctx context.Context, d *providerData, area client.Area, from decodable, diags *diag.Diagnostics) (m M, c *client.Client, ok bool) {
	if from != nil {
		diags.Append(from.Get(ctx, &m)...)
	}
	c, clientDiags := d.clientFor(area)
	diags.Append(clientDiags...)
	return m, c, !diags.HasError()
}

// beginUpdate is begin for an update of a partner-area resource, which
// also needs the prior state to compare the plan with.
func beginUpdate[M any](ctx context.Context, d *providerData, req resource.UpdateRequest, diags *diag.Diagnostics) (state, plan M, c *client.Client, ok bool) {
	diags.Append(req.State.Get(ctx, &state)...)
	plan, c, ok = begin[M](ctx, d, client.AreaPartner, req.Plan, diags)
	return state, plan, c, ok
}

// save ends an operation that leaves the object in state: its model, and
// the identity taken from it.
func save(ctx context.Context, state *tfsdk.State, identity *tfsdk.ResourceIdentity, model any, diags *diag.Diagnostics) {
	diags.Append(state.Set(ctx, model)...)
	if !diags.HasError() {
		diags.Append(identityFrom(ctx, *state, identity)...)
	}
}
