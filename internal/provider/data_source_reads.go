// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// readDataSource is the Read of a data source: it decodes the
// configuration into an M, lets fill complete it from the service with the
// client of area, and saves it unless fill reported an error.
func readDataSource[M any](ctx context.Context, d *providerData, area client.Area, req datasource.ReadRequest,
	resp *datasource.ReadResponse, fill func(ctx context.Context, c *client.Client, m *M, diags *diag.Diagnostics)) {
	m, c, ok := begin[M](ctx, d, area, req.Config, &resp.Diagnostics)
	if !ok {
		return
	}
	fill(ctx, c, &m, &resp.Diagnostics)
	if !resp.Diagnostics.HasError() {
		resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
	}
}

// partnerEntries lists the partner's objects with list (such as
// c.ListCredentials) and converts them with fromAPI; what names the objects
// in the error, such as "credentials".
func partnerEntries[T, E any](ctx context.Context, what string, list func(context.Context) ([]T, error),
	fromAPI func(*E, *T), diags *diag.Diagnostics) []E {
	objects, err := list(ctx)
	if err != nil {
		addAPIError(diags, "Could not list the partner's "+what, err)
		return nil
	}
	return entriesFromAPI(objects, fromAPI)
}

// merchantEntries lists one merchant's objects with list and converts them
// with fromAPI; what names the objects in the error, such as "the stores".
func merchantEntries[T, E any](ctx context.Context, c *client.Client, merchantID types.Int64, what string,
	list func(context.Context, *client.Client, int64) ([]T, error), fromAPI func(*E, *T), diags *diag.Diagnostics) []E {
	id := merchantID.ValueInt64()
	objects, err := list(ctx, c, id)
	if err != nil {
		addAPIError(diags, fmt.Sprintf("Could not list %s of merchant %d", what, id), err)
		return nil
	}
	return entriesFromAPI(objects, fromAPI)
}
