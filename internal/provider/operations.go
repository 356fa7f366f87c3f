// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// begin starts the data sources', ephemeral resources' and actions'
// operations that do not yet decode and get their client themselves, as
// the resources do.

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
