// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
)

var _ ephemeral.EphemeralResourceWithConfigure = (*interappRegistrationEphemeral)(nil)

func newInterappRegistrationEphemeral() ephemeral.EphemeralResource {
	return &interappRegistrationEphemeral{ephemeralBase{name: "interapp_registration"}}
}

// interappRegistrationEphemeral issues a code on every open. It needs no
// Renew or Close: the code cannot be extended or revoked and lapses by itself.
type interappRegistrationEphemeral struct{ ephemeralBase }

func (e *interappRegistrationEphemeral) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Issues a fresh in-app (tap-to-pay) terminal registration code each time Terraform " +
			"opens this ephemeral resource (during plan and again during apply), without writing it to plan or " +
			"state. Use it to hand the code to another system in the same run, for example through a " +
			"write-only argument or a provider configuration. " + interappValiditySentence +
			" Requires Terraform 1.10 or later.\n\n" +
			"~> **The API can only issue codes.** It cannot read or revoke them: every run issues a new code, " +
			"and each stays usable until it expires. `expires_at` is computed by the provider.",
		Attributes: map[string]schema.Attribute{
			"merchant_id":       ephemeralMerchantID(interappMerchantIDDescription),
			"store_id":          schema.StringAttribute{Optional: true, Validators: notBlank(), MarkdownDescription: interappStoreIDDescription},
			"registration_code": ephemeralSensitiveText(interappCodeDescription),
			"registration_link": ephemeralSensitiveText(interappLinkDescription),
			"expires_at": schema.StringAttribute{Computed: true, CustomType: timetypes.RFC3339Type{},
				MarkdownDescription: interappExpiresAtDescription},
		},
	}
}

func (e *interappRegistrationEphemeral) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	var code interappRegistrationData
	resp.Diagnostics.Append(req.Config.Get(ctx, &code)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(code.issue(ctx, e.data)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.Result.Set(ctx, code)...)
}
