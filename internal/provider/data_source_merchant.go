// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var (
	_ datasource.DataSourceWithConfigure        = (*merchantDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*merchantDataSource)(nil)
)

func newMerchantDataSource() datasource.DataSource {
	return &merchantDataSource{dataSourceBase{name: "merchant"}}
}

type merchantDataSource struct{ dataSourceBase }

func (d *merchantDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := merchantEntryAttributes()
	attrs["merchant_id"] = schema.Int64Attribute{MarkdownDescription: "Numeric ID of the merchant to read. " +
		"Set this or `partner_ref_id`.", Optional: true, Computed: true, Validators: merchantIDValidators()}
	attrs["partner_ref_id"] = schema.StringAttribute{MarkdownDescription: "The partner's own reference of the " +
		"merchant to read; exactly one merchant must have it. Set this or `merchant_id`.",
		Optional: true, Computed: true, Validators: notBlank()}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads one merchant of the partner, by its merchant ID or by the partner's own reference.",
		Attributes:          attrs,
	}
}

func (d *merchantDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{datasourcevalidator.ExactlyOneOf(path.MatchRoot("merchant_id"), path.MatchRoot("partner_ref_id"))}
}

func (d *merchantDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m merchantAttrs
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var merchant *client.Merchant
	if m.MerchantID.IsNull() {
		merchant = merchantByRef(ctx, c, m.PartnerRefID.ValueString(), &resp.Diagnostics)
	} else {
		var err error
		if merchant, err = c.GetMerchant(ctx, m.MerchantID.ValueInt64()); err != nil {
			addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not read merchant %d", m.MerchantID.ValueInt64()), err)
		}
	}
	if resp.Diagnostics.HasError() {
		return
	}
	m.fromAPI(merchant)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// merchantByRef is the one merchant with the partner reference ref; with
// none or several, it reports that and returns nil.
func merchantByRef(ctx context.Context, c *client.Client, ref string, diags *diag.Diagnostics) *client.Merchant {
	found, err := findMerchantsByRef(ctx, c, ref)
	if err != nil {
		addAPIError(diags, fmt.Sprintf("Could not list the partner's merchants to find reference %q", ref), err)
		return nil
	}
	if len(found) != 1 {
		diags.AddAttributeError(path.Root("partner_ref_id"), fmt.Sprintf("No single merchant with partner reference %q", ref),
			fmt.Sprintf("The partner has %d merchants with that reference. Read the merchant by merchant_id instead "+
				"(the cardpay_merchants data source lists them).", len(found)))
		return nil
	}
	return &found[0]
}
