package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// createOnlyResource is the lifecycle shared by resources the API can
// create but never read, update or delete (onboarding applications, online
// terminals, orders, in-app registration codes, AIS consents). A resource
// embeds it and adds Metadata, Schema and Create.
type createOnlyResource struct {
	data *providerData
	// forgetSummary and forgetDetail warn that destroy only forgets.
	forgetSummary, forgetDetail string
	// replacedBy names the arguments that force replacement.
	replacedBy []string
}

func (r *createOnlyResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

// ModifyPlan warns when the plan destroys or replaces the object.
func (r *createOnlyResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	warnIfDestroyOnlyForgets(ctx, req, resp, r.forgetSummary, r.forgetDetail, r.replacedBy...)
}

// Read keeps the state as it is: there is nothing to read it from.
func (r *createOnlyResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

// Update is never called with a change, since every argument forces
// replacement; it records the plan as it is.
func (r *createOnlyResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = req.Plan.Raw.Copy()
	resp.Diagnostics.Append(identityFrom(ctx, resp.State, resp.Identity)...)
}

// Delete only forgets the object: it warns, and the framework removes it
// from state.
func (r *createOnlyResource) Delete(_ context.Context, _ resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.AddWarning(r.forgetSummary, r.forgetDetail)
}
