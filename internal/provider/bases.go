// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/function"
)

// Every type but the resources (which have their own Metadata and
// Configure) embeds the base of its kind, which receives the provider data
// in Configure. Before the provider is configured (during validation) data
// is nil; providerData.clientFor reports that, so no type checks it itself.

// Each base also names its type: name is what follows "cardpay_" in the
// type name, such as "payment_methods", and the base's Metadata reports it.

// dataSourceBase is embedded by every data source.
type dataSourceBase struct {
	name string
	data *providerData
}

func (b *dataSourceBase) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + b.name
}

func (b *dataSourceBase) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	b.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

// ephemeralBase is embedded by every ephemeral resource.
type ephemeralBase struct {
	name string
	data *providerData
}

func (b *ephemeralBase) Metadata(_ context.Context, req ephemeral.MetadataRequest, resp *ephemeral.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + b.name
}

func (b *ephemeralBase) Configure(_ context.Context, req ephemeral.ConfigureRequest, resp *ephemeral.ConfigureResponse) {
	b.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

// actionBase is embedded by every action.
type actionBase struct {
	name string
	data *providerData
}

func (b *actionBase) Metadata(_ context.Context, req action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + b.name
}

func (b *actionBase) Configure(_ context.Context, req action.ConfigureRequest, resp *action.ConfigureResponse) {
	b.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

// functionBase is embedded by every provider function; functions need no
// provider data.
type functionBase struct {
	name string
}

func (b functionBase) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = b.name
}

// providerDataFrom unwraps the ProviderData every base receives. It
// returns nil before the provider is configured
// (for example during validation), which callers treat as "not yet".
func providerDataFrom(raw any, diags *diag.Diagnostics) *providerData {
	if raw == nil {
		return nil
	}
	data, ok := raw.(*providerData)
	if !ok {
		diags.AddError("Unexpected provider data",
			fmt.Sprintf("Expected *providerData, got %T. This is a bug in the provider; please report it.", raw))
		return nil
	}
	return data
}
