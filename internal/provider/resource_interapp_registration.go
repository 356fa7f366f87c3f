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
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/provider/planmodifiers"
)

var (
	_ resource.ResourceWithConfigure  = (*interappRegistrationResource)(nil)
	_ resource.ResourceWithModifyPlan = (*interappRegistrationResource)(nil)
)

// interappCodeValidity is how long a registration code can be used after
// the service issues it (about 120 seconds per the API reference).
const interappCodeValidity = 120 * time.Second

// interappValiditySentence is said wherever the code's lifetime matters.
var interappValiditySentence = "The code is valid for about " +
	strconv.Itoa(int(interappCodeValidity.Seconds())) + " seconds after issue."

// Descriptions of the attributes of cardpay_interapp_registration, the
// resource and the ephemeral resource; the action cardpay_interapp_pairing
// takes the same arguments.
const (
	interappMerchantIDDescription = "Numeric ID of the merchant the code is issued for."
	interappStoreIDDescription    = "ID of the store the device will belong to, for example `1001-second`. When " +
		"not set, the merchant's default store is used."
	interappLinkDescription = "Deep link that opens the companion app with the code filled in. Null when the " +
		"service does not return one. Sensitive, because it carries the registration code."
)

var (
	interappCodeDescription      = "Short code the merchant types into the companion app. Sensitive. " + interappValiditySentence
	interappExpiresAtDescription = "When the code stops working (RFC 3339, UTC): computed by the provider as " +
		strconv.Itoa(int(interappCodeValidity.Seconds())) + " seconds after the service's answer, since the " +
		"service does not report it."
)

// interappCodeForgotten is what destroying or replacing a registration
// code does: the API cannot revoke it, so it only leaves the state.
var interappCodeForgotten = planmodifiers.Warning{
	Summary: "In-app registration codes cannot be revoked",
	Detail: "The cardpay API cannot revoke a registration code: destroying or replacing " +
		"cardpay_interapp_registration only removes it from Terraform state. An issued code stays usable until it " +
		"expires, about 120 seconds after issue.",
}

func newInterappRegistrationResource() resource.Resource { return &interappRegistrationResource{} }

// interappRegistrationResource is cardpay_interapp_registration: a code
// issued once, at create, and kept in state.
type interappRegistrationResource struct{ data *providerData }

func (r *interappRegistrationResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_interapp_registration"
}

func (r *interappRegistrationResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *interappRegistrationResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	keptSensitive := func(description string) schema.StringAttribute {
		return schema.StringAttribute{MarkdownDescription: description, Computed: true, Sensitive: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
	}
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
		Attributes: map[string]schema.Attribute{
			"merchant_id": replacingMerchantID(interappMerchantIDDescription, interappCodeForgotten),
			"store_id": schema.StringAttribute{
				MarkdownDescription: interappStoreIDDescription,
				Optional:            true,
				Validators:          notBlank(),
				PlanModifiers:       []planmodifier.String{planmodifiers.RequiresReplace(interappCodeForgotten)},
			},
			"registration_code": keptSensitive(interappCodeDescription),
			"registration_link": keptSensitive(interappLinkDescription),
			"expires_at": schema.StringAttribute{
				MarkdownDescription: interappExpiresAtDescription,
				Computed:            true,
				CustomType:          timetypes.RFC3339Type{},
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"keepers": schema.MapAttribute{
				MarkdownDescription: "Arbitrary map of strings. Changing any key or value issues a new code " +
					"(replacement), for example `{ device = \"tablet-7\" }` to pair another device.",
				ElementType:   types.StringType,
				Optional:      true,
				PlanModifiers: []planmodifier.Map{planmodifiers.RequiresReplace(interappCodeForgotten)},
			},
			"wait_for_pairing": schema.BoolAttribute{
				MarkdownDescription: "When `true`, the apply waits, for as long as the code is valid, until a new " +
					"tap-to-pay (`checkoutX`) terminal appears in the merchant's terminal list, and records it in " +
					"`terminal_id`. If no device pairs before the code expires, the apply fails and nothing is recorded. " +
					"Terraform shows a resource's values only once its create has ended, so while it waits the code is " +
					"written to the provider's log at INFO level (run with `TF_LOG_PROVIDER=INFO`) for whoever pairs the " +
					"device; on Terraform 1.14 and later the `cardpay_interapp_pairing` action shows it in the " +
					"terminal instead. Pair one device per merchant at a time: the terminal list does not say which " +
					"code a terminal used. Changing it later changes nothing at the service.",
				Optional: true,
			},
			"terminal_id": keptString("ID of the tap-to-pay terminal that paired while the apply waited " +
				"(`wait_for_pairing = true`); null otherwise."),
		},
	}
}

// ModifyPlan checks the credentials (credentials_check.go) and warns in a
// plan that destroys the code.
func (r *interappRegistrationResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.data.checkCredentials(ctx, client.PartnerAPI, req, &resp.Diagnostics)
	if req.Plan.Raw.IsNull() {
		resp.Diagnostics.Append(interappCodeForgotten.Diagnostics(ctx, req.State)...)
	}
}

// Create issues the code and, with wait_for_pairing, waits for the device
// that pairs with it.
func (r *interappRegistrationResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan interappRegistrationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	wait := plan.WaitForPairing.ValueBool()
	var before map[string]bool
	if wait {
		// The terminals there before the code, so that the wait can tell
		// the device that pairs with it.
		var err error
		if before, err = tapToPayTerminals(ctx, c, plan.MerchantID.ValueInt64()); err != nil {
			addTapToPayListError(&resp.Diagnostics, plan.MerchantID.ValueInt64(), err)
			return
		}
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

// Read keeps the state as it is: the API cannot read a registration code
// back.
func (r *interappRegistrationResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {
}

// Update records the plan: it only runs for wait_for_pairing, which
// changes nothing at the service; every other change issues a new code.
func (r *interappRegistrationResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan interappRegistrationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// Delete only forgets the code, which the API cannot revoke: it warns, and
// the framework removes the code from state.
func (r *interappRegistrationResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.Append(interappCodeForgotten.Diagnostics(ctx, req.State)...)
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
