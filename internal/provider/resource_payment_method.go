// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var (
	_ resource.ResourceWithIdentity    = (*paymentMethodResource)(nil)
	_ resource.ResourceWithConfigure   = (*paymentMethodResource)(nil)
	_ resource.ResourceWithImportState = (*paymentMethodResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*paymentMethodResource)(nil)
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
	return &paymentMethodResource{forgottenOnDestroy{
		forget:     destroyWarning{paymentMethodNoDeactivateSummary, paymentMethodNoDeactivateDetail},
		replacedBy: []string{"merchant_id", "method"},
	}}
}

type paymentMethodResource struct {
	forgottenOnDestroy
}

type paymentMethodModel struct {
	ID          types.String `tfsdk:"id"`
	MerchantID  types.Int64  `tfsdk:"merchant_id"`
	Method      types.String `tfsdk:"method"`
	Status      types.String `tfsdk:"status"`
	ActivatedAt types.String `tfsdk:"activated_at"`
}

func (r *paymentMethodResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_payment_method"
}

func (r *paymentMethodResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Activates a card-payment method (such as `amex` or `swish`) for a merchant. " +
			"Terraform reads the merchant's payment-method list on every refresh, so a method that was " +
			"deactivated outside Terraform shows up in the next plan as one to activate again.\n\n" +
			"~> **Destroy does not deactivate.** The API has no deactivate endpoint: destroying this " +
			"resource only removes it from state, and the plan warns about it.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "`<merchant_id>/<method>`, for example `1001/amex`. Also the import ID.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"merchant_id": schema.Int64Attribute{
				MarkdownDescription: "Numeric ID of the merchant. Changing it activates the method for the " +
					"other merchant (replacement).",
				Required:      true,
				Validators:    merchantIDValidators(),
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"method": schema.StringAttribute{
				MarkdownDescription: "Lowercase payment-method identifier: `visa`, `mastercard`, `amex`, " +
					"`swish`, `klarna`, `vipps` or `mobilepay` on the documented platform. Changing it " +
					"activates the new method; the old one stays active (replacement).",
				Required:      true,
				Validators:    methodValidators(),
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"status": schema.StringAttribute{
				MarkdownDescription: "Status reported by the service, `active` once activated.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"activated_at": schema.StringAttribute{
				MarkdownDescription: "When the method was activated (ISO 8601, UTC), as reported by the service.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

func (r *paymentMethodResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan paymentMethodModel
	c, ok := r.data.startCall(ctx, client.AreaPartner, req.Plan, &plan, &resp.Diagnostics)
	if !ok {
		return
	}

	merchantID, method := plan.MerchantID.ValueInt64(), plan.Method.ValueString()
	err := c.ActivatePaymentMethod(ctx, merchantID, method)
	r.data.paymentMethods.changed(merchantID) // even a failed call may have activated it
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not activate payment method %q for merchant %d", method, merchantID), err)
		return
	}
	entry, err := r.data.findPaymentMethod(ctx, c, merchantID, method)
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not read payment methods of merchant %d", merchantID), err)
		return
	}
	if !isActive(entry) {
		resp.Diagnostics.AddError("Payment method not active after activation",
			fmt.Sprintf("The service accepted the activation of %q for merchant %d, but its payment-method list "+
				"does not show the method as active. Run terraform apply again; if this persists, contact cardpay support.",
				method, merchantID))
		return
	}
	plan.fill(entry)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(identityFrom(ctx, resp.State, resp.Identity)...)
}

func (r *paymentMethodResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state paymentMethodModel
	c, ok := r.data.startCall(ctx, client.AreaPartner, req.State, &state, &resp.Diagnostics)
	if !ok {
		return
	}

	merchantID, method := state.MerchantID.ValueInt64(), state.Method.ValueString()
	entry, err := r.data.findPaymentMethod(ctx, c, merchantID, method)
	if err != nil && !client.IsNotFound(err) {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not read payment methods of merchant %d", merchantID), err)
		return
	}
	if !isActive(entry) {
		// Gone or deactivated outside Terraform: the next plan activates it again.
		forget(ctx, req.State, resp)
		return
	}
	state.fill(entry)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(identityFrom(ctx, resp.State, resp.Identity)...)
}

func (r *paymentMethodResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	merchantID, method, diags := merchantScopedImport(ctx, req, "cardpay_payment_method", "method", "1001/amex")
	resp.Diagnostics.Append(diags...)
	if !resp.Diagnostics.HasError() && !methodPattern.MatchString(method) {
		resp.Diagnostics.AddError("Invalid import ID for cardpay_payment_method",
			fmt.Sprintf("%q is not a lowercase payment-method identifier such as \"amex\"", method))
	}
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("merchant_id"), merchantID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("method"), method)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), merchantScopedID(merchantID, method))...)
}

// fill records what the service reports while keeping the user's spelling
// of the method name (the service may answer in another case).
func (m *paymentMethodModel) fill(entry *client.PaymentMethod) {
	m.ID = types.StringValue(merchantScopedID(m.MerchantID.ValueInt64(), m.Method.ValueString()))
	m.Status = types.StringValue(strings.ToLower(entry.Status))
	m.ActivatedAt = types.StringPointerValue(entry.ActivatedAt)
}

// findPaymentMethod returns a copy of the merchant's entry for method, or
// nil when the list does not contain it.
func (d *providerData) findPaymentMethod(ctx context.Context, c *client.Client, merchantID int64, method string) (*client.PaymentMethod, error) {
	methods, err := d.paymentMethods.get(ctx, c, merchantID)
	if err != nil {
		return nil, err
	}
	for _, m := range methods {
		if client.SameMethod(m.Method, method) {
			return &m, nil
		}
	}
	return nil, nil
}

func isActive(entry *client.PaymentMethod) bool {
	return entry != nil && strings.EqualFold(entry.Status, "active")
}

func (r *paymentMethodResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = merchantIdentitySchema("method", "Lowercase payment-method identifier, for example `amex`.")
}
