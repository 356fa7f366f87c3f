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
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// Every type embeds the base of its kind, which receives the provider data
// in Configure. Before the provider is configured (during validation) data
// is nil; providerData.clientFor reports that, so no type checks it itself.

// resourceBase is embedded, through a lifecycle kind (lifecycles.go), by
// every resource; list resources share it, since they are the resources'
// own types.
type resourceBase struct{ data *providerData }

func (b *resourceBase) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	b.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

// dataSourceBase is embedded by every data source.
type dataSourceBase struct{ data *providerData }

func (b *dataSourceBase) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	b.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

// ephemeralBase is embedded by every ephemeral resource.
type ephemeralBase struct{ data *providerData }

func (b *ephemeralBase) Configure(_ context.Context, req ephemeral.ConfigureRequest, resp *ephemeral.ConfigureResponse) {
	b.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

// actionBase is embedded by every action.
type actionBase struct{ data *providerData }

func (b *actionBase) Configure(_ context.Context, req action.ConfigureRequest, resp *action.ConfigureResponse) {
	b.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
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
