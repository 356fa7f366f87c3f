// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// Every resource embeds one lifecycle kind. The kind says what destroy does
// at the service, warns about it in every plan that destroys or replaces an
// object, and receives the provider data (resourceBase):
//
//   - forgottenOnDestroy: the API creates and reads the object but cannot
//     remove it, so destroy only forgets it (payment methods, onboarding
//     applications, online terminals, orders, registration codes, AIS
//     consents, webhook endpoints).
//   - deactivatedUnlessAdopted: the API can also deactivate the object
//     (stores). One the resource created is fully managed and deactivated on
//     destroy; one it adopted is only forgotten; deactivate_on_destroy
//     chooses otherwise.
//
// A resource file then holds only what is particular to the resource.

// destroyWarning is what a plan says about destroying an object.
type destroyWarning struct{ summary, detail string }

// forgottenOnDestroy is the lifecycle of objects the API cannot remove.
type forgottenOnDestroy struct {
	resourceBase
	forget destroyWarning
	// area is the part of the API the resource calls, for the
	// credentials check of its plans.
	area client.Area
}

// forgotten is the lifecycle of the type cardpay_<name>, which destroy
// forgets with this warning.
func forgotten(name, summary, detail string) forgottenOnDestroy {
	return forgottenOnDestroy{resourceBase: resourceBase{name: name}, forget: destroyWarning{summary, detail}, area: client.AreaPartner}
}

// ModifyPlan checks the credentials (credentials_check.go) and warns when
// the plan destroys or replaces the object.
func (k *forgottenOnDestroy) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	k.data.checkCredentials(ctx, k.area, req, &resp.Diagnostics)
	if req.State.Raw.IsNull() {
		return // creating: nothing to forget
	}
	if req.Plan.Raw.IsNull() || changesAny(ctx, req, replacedBy(req.Plan.Schema.GetAttributes())) {
		resp.Diagnostics.AddWarning(k.forget.summary, k.forget.detail)
	}
}

// Update records the plan as it is: it only runs for arguments that change
// nothing at the service, since the others force replacement. Resources
// with arguments the API can change override it.
func (k *forgottenOnDestroy) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = req.Plan.Raw.Copy()
	resp.Diagnostics.Append(identityFrom(ctx, resp.State, resp.Identity)...)
}

// Delete only forgets the object: it warns, and the framework removes it
// from state.
func (k *forgottenOnDestroy) Delete(_ context.Context, _ resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.AddWarning(k.forget.summary, k.forget.detail)
}

// Attributes of deactivatedUnlessAdopted resources.
const (
	attrAdopted             = "adopted"
	attrDeactivateOnDestroy = "deactivate_on_destroy"
)

// deactivatedUnlessAdopted is the lifecycle of objects the API can
// deactivate. The resource adopts an existing object when its key argument
// is configured and creates one otherwise.
type deactivatedUnlessAdopted struct {
	resourceBase
	// noun names the object in warnings, such as "Store"; key is the
	// argument that adopts, such as "store_id".
	noun, key          string
	forget, deactivate destroyWarning
	// deactivateObject is the API call of destroy.
	deactivateObject func(ctx context.Context, state tfsdk.State) diag.Diagnostics
}

// ModifyPlan checks the credentials (credentials_check.go), decides adopted
// and the default of deactivate_on_destroy for a new object, and says what
// destroying or replacing an object will do.
func (k *deactivatedUnlessAdopted) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	k.data.checkCredentials(ctx, client.AreaPartner, req, &resp.Diagnostics)
	switch {
	case req.State.Raw.IsNull():
		k.planAdoption(ctx, req, resp)
	case req.Plan.Raw.IsNull() || changesAny(ctx, req, replacedBy(req.Plan.Schema.GetAttributes())):
		summary, detail, diags := k.destroyWarning(ctx, req.State)
		resp.Diagnostics.Append(diags...)
		resp.Diagnostics.AddWarning(summary, detail)
	}
}

// planAdoption plans adopted from whether the key is configured, and, unless
// configured, deactivate_on_destroy as its opposite. A key known only at
// apply is configured all the same, so the plan adopts; should the key turn
// out null, the plan Terraform makes again before the apply contradicts
// this one, and Terraform stops before the create.
func (k *deactivatedUnlessAdopted) planAdoption(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var key types.String
	var deactivate types.Bool
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(k.key), &key)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(attrDeactivateOnDestroy), &deactivate)...)
	if resp.Diagnostics.HasError() {
		return
	}
	adopted := !key.IsNull()
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(attrAdopted), adopted)...)
	if deactivate.IsNull() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(attrDeactivateOnDestroy), !adopted)...)
	}
}

// Delete deactivates the object or, when deactivate_on_destroy is false,
// warns that it stays and lets the framework forget it.
func (k *deactivatedUnlessAdopted) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var deactivate types.Bool
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(attrDeactivateOnDestroy), &deactivate)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if !deactivate.ValueBool() {
		summary, detail, diags := k.destroyWarning(ctx, req.State)
		resp.Diagnostics.Append(diags...)
		resp.Diagnostics.AddWarning(summary, detail)
		return
	}
	resp.Diagnostics.Append(k.deactivateObject(ctx, req.State)...)
}

// destroyWarning says what destroying the object in state will do.
func (k *deactivatedUnlessAdopted) destroyWarning(ctx context.Context, state tfsdk.State) (summary, detail string, diags diag.Diagnostics) {
	var key types.String
	var merchantID types.Int64
	var deactivate types.Bool
	diags.Append(state.GetAttribute(ctx, path.Root(k.key), &key)...)
	diags.Append(state.GetAttribute(ctx, path.Root("merchant_id"), &merchantID)...)
	diags.Append(state.GetAttribute(ctx, path.Root(attrDeactivateOnDestroy), &deactivate)...)
	which := fmt.Sprintf("%s %q of merchant %d: ", k.noun, key.ValueString(), merchantID.ValueInt64())
	w := k.forget
	if deactivate.ValueBool() {
		w = k.deactivate
	}
	return w.summary, which + w.detail, diags
}
