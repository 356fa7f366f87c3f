// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// interappCodeValidity is how long a registration code can be used after
// the service issues it (about 120 seconds per the API reference).
const interappCodeValidity = 120 * time.Second

const (
	interappNoRevokeSummary = "In-app registration codes cannot be revoked"
	interappNoRevokeDetail  = "The cardpay API cannot revoke a registration code: destroying or replacing " +
		"cardpay_interapp_registration only removes it from Terraform state. An issued code stays usable " +
		"until it expires, about 120 seconds after issue."
)

// interappValiditySentence is said wherever the code's lifetime matters.
var interappValiditySentence = "The code is valid for about " +
	strconv.Itoa(int(interappCodeValidity.Seconds())) + " seconds after issue."

func newInterappRegistrationResource() resource.Resource {
	return &interappRegistrationResource{forgotten("interapp_registration", interappNoRevokeSummary, interappNoRevokeDetail)}
}

type interappRegistrationResource struct{ forgottenOnDestroy }

// Read keeps the state as it is: the API cannot read a registration code
// back.
func (r *interappRegistrationResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {
}

func (r *interappRegistrationResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := interappRegistrationAttributes()
	attrs["keepers"] = schema.MapAttribute{
		MarkdownDescription: "Arbitrary map of strings. Changing any key or value issues a new code " +
			"(replacement), for example `{ device = \"tablet-7\" }` to pair another device.",
		ElementType:   types.StringType,
		Optional:      true,
		PlanModifiers: []planmodifier.Map{replaceMap(mapplanmodifier.RequiresReplace())},
	}
	attrs["wait_for_pairing"] = schema.BoolAttribute{
		MarkdownDescription: "When `true`, the apply waits, for as long as the code is valid, until a new " +
			"tap-to-pay (`checkoutX`) terminal appears in the merchant's terminal list, and records it in " +
			"`terminal_id`. If no device pairs before the code expires, the apply fails and nothing is recorded. " +
			"Terraform shows a resource's values only once its create has ended, so while it waits the code is " +
			"written to the provider's log at INFO level (run with `TF_LOG_PROVIDER=INFO`) for whoever pairs the " +
			"device; on Terraform 1.14 and later the `cardpay_interapp_pairing` action shows it in the " +
			"terminal instead. Pair one device per merchant at a time: the terminal list does not say which " +
			"code a terminal used. Changing it later changes nothing at the service.",
		Optional: true,
	}
	attrs["terminal_id"] = keptString("ID of the tap-to-pay terminal that paired while the apply waited " +
		"(`wait_for_pairing = true`); null otherwise.")
	resp.Schema = schema.Schema{
		MarkdownDescription: "Issues an in-app (tap-to-pay) terminal registration code that a merchant types " +
			"into the companion app on an Android device to pair it with a store. " + interappValiditySentence +
			" The code is issued once, at create, and kept in state (marked sensitive). Changing `merchant_id`, " +
			"`store_id` or `keepers`, or running `terraform apply -replace`, issues a new one. To hand a fresh code " +
			"to another system on every run without storing it, use the `cardpay_interapp_registration` " +
			"ephemeral resource. With `wait_for_pairing = true` the apply waits until a device has paired and " +
			"records its terminal.\n\n" +
			"~> **The API can only issue codes.** It cannot read or revoke a code, so Terraform does not know " +
			"whether the code was used or has expired; `expires_at` is computed by the provider. Destroying the " +
			"resource only removes it from state, and the plan warns about it.",
		Attributes: attrs,
	}
}

// interappRegistrationAttributes is the one definition of the attributes
// both interapp types share; the ephemeral schema is derived from it.
func interappRegistrationAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"merchant_id": replacingMerchantID("Numeric ID of the merchant the code is issued for."),
		"store_id": schema.StringAttribute{
			MarkdownDescription: "ID of the store the device will belong to, for example `1001-second`. When " +
				"not set, the merchant's default store is used.",
			Optional:      true,
			Validators:    notBlank(),
			PlanModifiers: []planmodifier.String{replaceString(stringplanmodifier.RequiresReplace())},
		},
		"registration_code": schema.StringAttribute{
			MarkdownDescription: "Short code the merchant types into the companion app. Sensitive. " +
				interappValiditySentence,
			Computed:      true,
			Sensitive:     true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"registration_link": schema.StringAttribute{
			MarkdownDescription: "Deep link that opens the companion app with the code filled in. Null when " +
				"the service does not return one. Sensitive, because it carries the registration code.",
			Computed:      true,
			Sensitive:     true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"expires_at": schema.StringAttribute{
			MarkdownDescription: "When the code stops working (RFC 3339, UTC): computed by the provider as " +
				strconv.Itoa(int(interappCodeValidity.Seconds())) + " seconds after the service's answer, " +
				"since the service does not report it.",
			Computed:      true,
			CustomType:    timetypes.RFC3339Type{},
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
	}
}

func (r *interappRegistrationResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan interappRegistrationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	wait := plan.WaitForPairing.ValueBool()
	var c *client.Client
	var before map[string]bool
	if wait {
		c, before = r.terminalsBeforeIssue(ctx, plan.MerchantID.ValueInt64(), &resp.Diagnostics)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(plan.issue(ctx, r.data)...)
	if resp.Diagnostics.HasError() {
		return
	}
	plan.TerminalID = types.StringNull()
	if wait {
		resp.Diagnostics.Append(r.waitForPairing(ctx, c, &plan, before)...)
		if resp.Diagnostics.HasError() {
			return // the code is spent or about to be: nothing worth recording
		}
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// terminalsBeforeIssue returns the partner client and the merchant's
// tap-to-pay terminals, so that a wait can tell the device that pairs with
// the new code.
func (r *interappRegistrationResource) terminalsBeforeIssue(ctx context.Context, merchantID int64, diags *diag.Diagnostics) (*client.Client, map[string]bool) {
	_, c, ok := begin[struct{}](ctx, r.data, client.AreaPartner, nil, diags)
	if !ok {
		return nil, nil
	}
	before, err := tapToPayTerminals(ctx, c, merchantID)
	if err != nil {
		addTapToPayListError(diags, merchantID, err)
	}
	return c, before
}

// waitForPairing waits, for as long as the code is valid, until a
// tap-to-pay terminal that was not in before appears, and records it.
func (r *interappRegistrationResource) waitForPairing(ctx context.Context, c *client.Client, m *interappRegistrationModel, before map[string]bool) diag.Diagnostics {
	var diags diag.Diagnostics
	merchantID := m.MerchantID.ValueInt64()
	expires, _ := m.ExpiresAt.ValueRFC3339Time()
	// The code exists to be typed in by a person while the apply waits, and
	// Terraform shows nothing of a resource before its create ends.
	tflog.Info(ctx, "in-app registration code issued; waiting for a device to pair", map[string]any{
		"merchant_id": merchantID, "registration_code": m.RegistrationCode.ValueString(),
		"registration_link": m.RegistrationLink.ValueString(), "expires_at": m.ExpiresAt.ValueString(),
	})
	terminalID, err := r.data.awaitPairing(ctx, c, merchantID, before, expires, func() {
		tflog.Debug(ctx, "no device has paired yet", map[string]any{"merchant_id": merchantID})
	})
	if pairingFailed(&diags, err, merchantID, m.ExpiresAt.ValueString(), "Nothing was recorded in state. Apply again "+
		"to issue a new code, and have the merchant type it into the companion app on the Android device while the "+
		"apply waits: it is in the provider's log at INFO level (TF_LOG_PROVIDER=INFO).",
		"Nothing was recorded in state, so the next apply issues a new code.") {
		return diags
	}
	m.TerminalID = types.StringValue(terminalID)
	tflog.Info(ctx, "device paired", map[string]any{"merchant_id": merchantID, "terminal_id": terminalID})
	return diags
}
