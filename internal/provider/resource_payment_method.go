// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

const (
	paymentMethodNoDeactivateSummary = "Payment methods cannot be deactivated through the API"
	paymentMethodNoDeactivateDetail  = "The cardpay API has no endpoint to deactivate a payment method. " +
		"Destroying or replacing cardpay_payment_method only removes it from Terraform state; the method " +
		"stays active for the merchant until cardpay support deactivates it."
)

func newPaymentMethodResource() resource.Resource { return newPaymentMethod() }

// newPaymentMethod returns the resource, which also serves as its list
// resource.
func newPaymentMethod() *paymentMethodResource {
	return &paymentMethodResource{forgotten("payment_method", paymentMethodNoDeactivateSummary, paymentMethodNoDeactivateDetail)}
}

type paymentMethodResource struct{ forgottenOnDestroy }

func (r *paymentMethodResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Activates a card-payment method (such as `amex` or `swish`) for a merchant. " +
			"Terraform reads the merchant's payment-method list on every refresh, so a method that was " +
			"deactivated outside Terraform shows up in the next plan as one to activate again.\n\n" +
			"~> **Destroy does not deactivate.** The API has no deactivate endpoint: destroying this " +
			"resource only removes it from state, and the plan warns about it.",
		Attributes: map[string]schema.Attribute{
			"id": keptString("`<merchant_id>/<method>`, for example `1001/amex`. Also the import ID."),
			"merchant_id": replacingMerchantID("Numeric ID of the merchant. Changing it activates the method for the " +
				"other merchant (replacement)."),
			"method": schema.StringAttribute{
				MarkdownDescription: "Lowercase payment-method identifier: `visa`, `mastercard`, `amex`, " +
					"`swish`, `klarna`, `vipps` or `mobilepay` on the documented platform. Changing it " +
					"activates the new method; the old one stays active (replacement).",
				Required:      true,
				Validators:    methodValidators(),
				PlanModifiers: []planmodifier.String{replaceString(stringplanmodifier.RequiresReplace())},
			},
			"status":       keptString("Status reported by the service, `active` once activated."),
			"activated_at": keptString("When the method was activated (ISO 8601, UTC), as reported by the service."),
		},
	}
}

func (r *paymentMethodResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	plan, c, ok := begin[paymentMethodModel](ctx, r.data, client.AreaPartner, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	merchantID, method := plan.MerchantID.ValueInt64(), plan.Method.ValueString()
	if err := c.ActivatePaymentMethod(ctx, merchantID, method); err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not activate payment method %q for merchant %d", method, merchantID), err)
		return
	}
	entry, ok := r.data.activePaymentMethod(ctx, c, merchantID, method, &resp.Diagnostics)
	if !ok {
		return
	}
	if entry == nil {
		resp.Diagnostics.AddError("Payment method not active after activation",
			fmt.Sprintf("The service accepted the activation of %q for merchant %d, but its payment-method list "+
				"does not show the method as active. Run terraform apply again; if this persists, contact cardpay support.",
				method, merchantID))
		return
	}
	plan.fromAPI(entry)
	save(ctx, &resp.State, resp.Identity, plan, &resp.Diagnostics)
}

func (r *paymentMethodResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	state, c, ok := begin[paymentMethodModel](ctx, r.data, client.AreaPartner, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	merchantID, method := state.MerchantID.ValueInt64(), state.Method.ValueString()
	entry, ok := r.data.activePaymentMethod(ctx, c, merchantID, method, &resp.Diagnostics)
	if !ok {
		return
	}
	if entry == nil {
		// Gone or deactivated outside Terraform: the next plan activates it again.
		forget(ctx, req.State, resp)
		return
	}
	state.fromAPI(entry)
	save(ctx, &resp.State, resp.Identity, state, &resp.Diagnostics)
}

func (r *paymentMethodResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	merchantID, method, ok := merchantScopedImport(ctx, req, resp, "cardpay_payment_method")
	if !ok {
		return
	}
	if !methodPattern.MatchString(method) { // an identity's method
		resp.Diagnostics.AddError("Invalid import identity for cardpay_payment_method",
			fmt.Sprintf("%q is not a lowercase payment-method identifier such as \"amex\"", method))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), merchantScopedID(merchantID, method))...)
}

func (r *paymentMethodResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = merchantIdentitySchema("method", "Lowercase payment-method identifier, for example `amex`.")
}
