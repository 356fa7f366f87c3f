// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ ephemeral.EphemeralResourceWithConfigure = (*onlineSDKTokenEphemeral)(nil)

func newOnlineSDKTokenEphemeral() ephemeral.EphemeralResource {
	return &onlineSDKTokenEphemeral{ephemeralBase{name: "online_sdk_token"}}
}

// onlineSDKTokenEphemeral issues a token on every open; it lapses by
// itself, so it needs no Renew or Close.
type onlineSDKTokenEphemeral struct{ ephemeralBase }

type onlineSDKTokenModel struct {
	MerchantID types.Int64  `tfsdk:"merchant_id"`
	TerminalID types.String `tfsdk:"terminal_id"`
	Token      types.String `tfsdk:"token"`
}

func (e *onlineSDKTokenEphemeral) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Issues a fresh, short-lived token for the online payment SDK on a merchant's web " +
			"page each time Terraform opens it (during plan and again during apply), without writing it to plan " +
			"or state: for example to put in a secret store through a write-only argument, or to hand to a test " +
			"checkout page. The service wants a fresh token for each payment session. Requires Terraform 1.10 or later.",
		Attributes: map[string]schema.Attribute{
			"merchant_id": ephemeralMerchantID("Numeric ID of the merchant whose page takes the payments."),
			"terminal_id": schema.StringAttribute{Optional: true, Validators: notBlank(),
				MarkdownDescription: "ID of the merchant's online terminal the payments go through, such as " +
					"`terminal_id` of `cardpay_online_terminal`; when omitted the service chooses."},
			"token": ephemeralSensitiveText("The SDK token."),
		},
	}
}

func (e *onlineSDKTokenEphemeral) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	var m onlineSDKTokenModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := e.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	token, err := c.CreateSDKToken(ctx, m.MerchantID.ValueInt64(), m.TerminalID.ValueString())
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not issue an online SDK token for merchant %d", m.MerchantID.ValueInt64()), err)
		return
	}
	m.Token = types.StringValue(token)
	resp.Diagnostics.Append(resp.Result.Set(ctx, &m)...)
}
