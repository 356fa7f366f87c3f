// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

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
	readDataSource(ctx, d.data, client.AreaPartner, req, resp, func(ctx context.Context, c *client.Client, config *terminalsModel, diags *diag.Diagnostics) {
		list := d.data.terminals.get // shared with the terminal resources
		if !config.TerminalType.IsNull() {
			list = func(ctx context.Context, c *client.Client, merchantID int64) ([]client.Terminal, error) {
				return c.ListTerminals(ctx, merchantID, config.TerminalType.ValueString())
			}
		}
		config.Terminals = merchantEntries(ctx, c, config.MerchantID, "the terminals", list, (*terminalAttrs).fromAPI, diags)
	})
}
