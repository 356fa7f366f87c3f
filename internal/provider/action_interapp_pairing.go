// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ action.ActionWithConfigure = (*interappPairingAction)(nil)

func newInterappPairingAction() action.Action {
	return &interappPairingAction{actionBase{name: "interapp_pairing"}}
}

// interappPairingAction issues a registration code and shows it while the
// device pairs: unlike a resource, an action can report progress before it
// ends, which is what the person typing the code needs.
type interappPairingAction struct{ actionBase }

type interappPairingModel struct {
	MerchantID     types.Int64  `tfsdk:"merchant_id"`
	StoreID        types.String `tfsdk:"store_id"`
	WaitForPairing types.Bool   `tfsdk:"wait_for_pairing"`
}

func (a *interappPairingAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Issues an in-app (tap-to-pay) terminal registration code and shows the code, its " +
			"deep link and its expiry in Terraform's output, so the merchant can type it into the companion app " +
			"on an Android device. " + interappValiditySentence + " With `wait_for_pairing = true` the action " +
			"then waits until the device has paired and reports the new terminal's ID. Nothing is kept in state; " +
			"every invocation issues a new code. " + actionsNeedSentence + "\n\n" +
			"~> **The code is shown in the clear.** Whoever reads Terraform's output while the code is valid " +
			"can pair a device with it, so it also reaches wherever that output is kept: CI job logs, HCP " +
			"Terraform run logs, the `-json` output.",
		Attributes: map[string]schema.Attribute{
			"merchant_id": schema.Int64Attribute{
				MarkdownDescription: interappMerchantIDDescription,
				Required:            true,
				Validators:          merchantIDValidators(),
			},
			"store_id": schema.StringAttribute{
				MarkdownDescription: interappStoreIDDescription,
				Optional:            true,
				Validators:          notBlank(),
			},
			"wait_for_pairing": schema.BoolAttribute{
				MarkdownDescription: "When `true`, the action waits, for as long as the code is valid, until a " +
					"new tap-to-pay (`checkoutX`) terminal appears in the merchant's terminal list, reports its " +
					"ID, and fails if none appears before the code expires. Pair one device per merchant at a " +
					"time: the terminal list does not say which code a terminal used. Defaults to `false`.",
				Optional: true,
			},
		},
	}
}

func (a *interappPairingAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var config interappPairingModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	c, diags := a.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchantID := config.MerchantID.ValueInt64()
	var before map[string]bool
	if config.WaitForPairing.ValueBool() {
		var err error
		if before, err = tapToPayTerminals(ctx, c, merchantID); err != nil {
			addTapToPayListError(&resp.Diagnostics, merchantID, err)
			return
		}
	}
	code := interappRegistrationData{MerchantID: config.MerchantID, StoreID: config.StoreID}
	resp.Diagnostics.Append(code.issue(ctx, a.data)...)
	if resp.Diagnostics.HasError() {
		return
	}
	report := func(msg string) { resp.SendProgress(action.InvokeProgressEvent{Message: msg}) }
	for _, msg := range codeIssuedMessages(code, a.data.now()) {
		report(msg)
	}
	if config.WaitForPairing.ValueBool() {
		resp.Diagnostics.Append(a.waitForDevice(ctx, c, code, before, report)...)
	}
}

// codeIssuedMessages tell the person pairing the device what to type, or
// tap, and until when, counted from now.
func codeIssuedMessages(code interappRegistrationData, now time.Time) []string {
	store := "the merchant's default store"
	if !code.StoreID.IsNull() {
		store = "store " + code.StoreID.ValueString()
	}
	msgs := []string{fmt.Sprintf("Registration code for merchant %d, %s: %s. Type it into the companion app "+
		"on the Android device.", code.MerchantID.ValueInt64(), store, code.RegistrationCode.ValueString())}
	if link := code.RegistrationLink.ValueString(); link != "" {
		msgs = append(msgs, "Or open this link on the device, which fills the code in: "+link)
	}
	expires, _ := code.ExpiresAt.ValueRFC3339Time()
	msgs = append(msgs, fmt.Sprintf("The code expires at %s, in about %s.",
		code.ExpiresAt.ValueString(), expires.Sub(now).Round(time.Second)))
	return msgs
}

// waitForDevice waits until a tap-to-pay terminal that was not in before
// appears, and says every pairingProgress that it still waits.
func (a *interappPairingAction) waitForDevice(ctx context.Context, c *client.Client, code interappRegistrationData,
	before map[string]bool, report func(string),
) diag.Diagnostics {
	var diags diag.Diagnostics
	merchantID := code.MerchantID.ValueInt64()
	expires, _ := code.ExpiresAt.ValueRFC3339Time()
	report("Waiting for a device to pair with the code…")
	lastReport := a.data.now()
	terminalID, err := a.data.awaitPairing(ctx, c, merchantID, before, expires, func() {
		if now := a.data.now(); now.Sub(lastReport) >= a.data.poll.pairingProgress {
			report(fmt.Sprintf("Still waiting for a device to pair… (the code expires in %s)",
				expires.Sub(now).Round(time.Second)))
			lastReport = now
		}
	})
	if pairingFailed(&diags, err, merchantID, code.ExpiresAt.ValueString(), "Invoke the action again to issue a new "+
		"code, for example with terraform apply -invoke=action.cardpay_interapp_pairing.<name>, and have the merchant "+
		"type the new code from Terraform's output into the companion app on the Android device before it expires.",
		"If an action_trigger with on_failure = taint ran this action, Terraform has marked the triggering resource "+
			"tainted, and the next apply replaces it and runs the action again, with a new code: if the device paired, "+
			"run terraform untaint on that resource first.") {
		return diags
	}
	report(fmt.Sprintf("Device paired: new tap-to-pay terminal %s for merchant %d.", terminalID, merchantID))
	return diags
}
