// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ datasource.DataSourceWithConfigure = (*terminalsDataSource)(nil)

func newTerminalsDataSource() datasource.DataSource {
	return &terminalsDataSource{dataSourceBase{name: "terminals"}}
}

type terminalsDataSource struct{ dataSourceBase }

type terminalsModel struct {
	MerchantID   types.Int64     `tfsdk:"merchant_id"`
	TerminalType types.String    `tfsdk:"terminal_type"`
	Terminals    []terminalAttrs `tfsdk:"terminals"`
}

func (d *terminalsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists a merchant's terminals of every kind: online terminals (`SelfHostedPage`, " +
			"`PaymentPage`, `MerchantInitiated`) and paired tap-to-pay devices (`checkoutX`), with their status.",
		Attributes: map[string]schema.Attribute{
			"merchant_id": merchantIDArgument("Numeric ID of the merchant."),
			"terminal_type": schema.StringAttribute{
				MarkdownDescription: "Only list terminals of this type, for example `checkoutX` or `PaymentPage`; " +
					"the service filters, and its set of types is open, so any word is sent as written. When " +
					"omitted, every terminal is listed.",
				Optional:   true,
				Validators: notBlank(),
			},
			"terminals": computedList("The terminals in the order the service lists them.", map[string]schema.Attribute{
				"terminal_id":         computedText("Identifier of the terminal."),
				"terminal_type":       computedText("Type of the terminal, such as `PaymentPage` or `checkoutX`."),
				"terminal_status":     computedText("`ACTIVE`, `REGISTERED` or `INACTIVE` (other words are shown as sent)."),
				"terminal_name":       computedText("Display name, when the service reports one."),
				"terminal_public_key": computedText("Public key of the online payment SDK; null for other terminals."),
			}),
		},
	}
}

func (d *terminalsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m terminalsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchantID := m.MerchantID.ValueInt64()
	var terminals []client.Terminal
	var err error
	if m.TerminalType.IsNull() {
		terminals, err = d.data.terminals.get(ctx, c, merchantID) // shared with the terminal resources
	} else {
		terminals, err = c.ListTerminals(ctx, merchantID, m.TerminalType.ValueString())
	}
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not list the terminals of merchant %d", merchantID), err)
		return
	}
	m.Terminals = entriesFromAPI(terminals, (*terminalAttrs).fromAPI)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
