// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/provider/planmodifiers"
)

var (
	_ resource.ResourceWithConfigure   = (*paymentMethodResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*paymentMethodResource)(nil)
	_ resource.ResourceWithImportState = (*paymentMethodResource)(nil)
	_ resource.ResourceWithIdentity    = (*paymentMethodResource)(nil)
	_ list.ListResourceWithConfigure   = (*paymentMethodResource)(nil)
)

// paymentMethodForgotten is what destroying or replacing a payment method
// does: the API cannot deactivate it, so it only leaves the state.
var paymentMethodForgotten = planmodifiers.Warning{
	Summary: "Payment methods cannot be deactivated through the API",
	Detail: "The cardpay API has no endpoint to deactivate a payment method. Destroying or replacing " +
		"cardpay_payment_method only removes it from Terraform state; the method stays active for the merchant " +
		"until cardpay support deactivates it.",
}

func newPaymentMethodResource() resource.Resource { return &paymentMethodResource{} }

// paymentMethodResource is cardpay_payment_method, and its list resource.
type paymentMethodResource struct{ data *providerData }

func (r *paymentMethodResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_payment_method"
}

func (r *paymentMethodResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *paymentMethodResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Activates a card-payment method (such as `amex` or `swish`) for a merchant. " +
			"Terraform reads the merchant's payment-method list on every refresh, so a method that was " +
			"deactivated outside Terraform shows up in the next plan as one to activate again.\n\n" +
			"~> **Destroy does not deactivate.** The API has no deactivate endpoint: destroying this " +
			"resource only removes it from state, and the plan warns about it.",
		Attributes: map[string]schema.Attribute{
			"id": keptString("`<merchant_id>/<method>`, for example `1001/amex`. Also the import ID."),
			"merchant_id": replacingMerchantID("Numeric ID of the merchant. Changing it activates the method for the "+
				"other merchant (replacement).", paymentMethodForgotten),
			"method": schema.StringAttribute{
				MarkdownDescription: "Lowercase payment-method identifier: `visa`, `mastercard`, `amex`, " +
					"`swish`, `klarna`, `vipps` or `mobilepay` on the documented platform. Changing it " +
					"activates the new method; the old one stays active (replacement).",
				Required:      true,
				Validators:    methodValidators(),
				PlanModifiers: []planmodifier.String{planmodifiers.RequiresReplace(paymentMethodForgotten)},
			},
			"status":       keptString("Status reported by the service, `active` once activated."),
			"activated_at": keptString("When the method was activated (ISO 8601, UTC), as reported by the service."),
		},
	}
}

// ModifyPlan checks the credentials (credentials_check.go) and warns in a
// plan that destroys the method.
func (r *paymentMethodResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.data.checkCredentials(ctx, client.PartnerAPI, req, &resp.Diagnostics)
	if req.Plan.Raw.IsNull() {
		resp.Diagnostics.Append(paymentMethodForgotten.Diagnostics(ctx, req.State)...)
	}
}

func (r *paymentMethodResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan paymentMethodModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchantID, method := plan.MerchantID.ValueInt64(), plan.Method.ValueString()
	entry, err := c.ActivatePaymentMethod(ctx, merchantID, method)
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not activate payment method %q for merchant %d", method, merchantID), err)
		return
	}
	if entry == nil { // an answer without the entry: the list shows it
		var ok bool
		if entry, ok = r.activatedEntry(ctx, c, merchantID, method, &resp.Diagnostics); !ok {
			return
		}
	}
	if entry == nil {
		resp.Diagnostics.AddError("Payment method not active after activation",
			fmt.Sprintf("The service accepted the activation of %q for merchant %d, but its payment-method list "+
				"does not show the method as active. Run terraform apply again; if this persists, contact cardpay support.",
				method, merchantID))
		return
	}
	plan.fromAPI(entry)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

func (r *paymentMethodResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state paymentMethodModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	entry, ok := r.findActive(ctx, c, state.MerchantID.ValueInt64(), state.Method.ValueString(), &resp.Diagnostics)
	if !ok {
		return
	}
	if entry == nil {
		// Gone or deactivated outside Terraform: the next plan activates it again.
		forget(ctx, resp, state.identity())
		return
	}
	state.fromAPI(entry)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, state.identity())...)
}

// Update records the plan: every argument replaces the method, so an
// update changes nothing at the service.
func (r *paymentMethodResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan paymentMethodModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// Delete only forgets the method, which the API cannot deactivate: it
// warns, and the framework removes the method from state.
func (r *paymentMethodResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.Append(paymentMethodForgotten.Diagnostics(ctx, req.State)...)
}

// findActive finds a merchant's entry for method in the shared list (names
// compare case-insensitively); it is nil unless the method is listed as
// active. ok is false once diags says the list could not be read.
func (r *paymentMethodResource) findActive(ctx context.Context, c *client.Client, merchantID int64, method string,
	diags *diag.Diagnostics) (entry *client.PaymentMethod, ok bool) {
	entry, err := r.data.paymentMethods.find(ctx, c, merchantID, merchantThing("payment method", method, merchantID), sameMethod(method))
	return activeEntry(entry, err, merchantID, diags)
}

// activatedEntry is findActive in the list read after the activations of
// the merchant's methods under way have been answered: one read serves
// every activation that waits for it.
func (r *paymentMethodResource) activatedEntry(ctx context.Context, c *client.Client, merchantID int64, method string,
	diags *diag.Diagnostics) (entry *client.PaymentMethod, ok bool) {
	entry, err := r.data.paymentMethods.findAfterWrites(ctx, c, merchantID, merchantThing("payment method", method, merchantID),
		sameMethod(method))
	return activeEntry(entry, err, merchantID, diags)
}

// activeEntry is what a look-up in the list found: the entry when it is
// active, else nil; ok is false once diags says the list could not be read.
func activeEntry(entry *client.PaymentMethod, err error, merchantID int64, diags *diag.Diagnostics) (*client.PaymentMethod, bool) {
	if err != nil && !notFound(err) {
		addAPIError(diags, fmt.Sprintf("Could not read payment methods of merchant %d", merchantID), err)
		return nil, false
	}
	if entry == nil || !entry.Active() {
		return nil, true
	}
	return entry, true
}

// sameMethod matches the list's entry of method.
func sameMethod(method string) func(*client.PaymentMethod) bool {
	return func(m *client.PaymentMethod) bool { return client.SameMethod(m.Method, method) }
}

// importIDForm is "<merchant_id>/<method>".
func (r *paymentMethodResource) importIDForm() importIDForm {
	return merchantScopedForm("method", "1001/amex", checkMethodName)
}

// checkMethodName refuses a method name the API cannot have.
func checkMethodName(method string) error {
	if !methodPattern.MatchString(method) {
		return fmt.Errorf("%q is not a lowercase payment-method identifier such as \"amex\"", method)
	}
	return nil
}

func (r *paymentMethodResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	merchantID, method, ok := merchantScopedImport(ctx, req, resp, "cardpay_payment_method", r.importIDForm())
	if !ok {
		return
	}
	if err := checkMethodName(method); err != nil { // an identity's method
		resp.Diagnostics.AddError("Invalid import identity for cardpay_payment_method", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), merchantScopedID(merchantID, method))...)
}

func (r *paymentMethodResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = merchantIdentitySchema("method", "Lowercase payment-method identifier, for example `amex`.")
}
