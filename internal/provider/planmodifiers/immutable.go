// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
)

// A Refusal is the error of a plan that changes the attribute at path of
// the object in the prior state.
type Refusal func(ctx context.Context, attribute path.Path, prior tfsdk.State) diag.Diagnostics

// ImmutableValue fails a plan that changes the attribute's recorded value:
// for an argument the API cannot change, where replacing the object would
// make a second one at the service (a merchant's company name, say). It
// serves string, bool and object attributes alike.
type ImmutableValue struct{ refusal Refusal }

// Immutable fails a plan that changes the value, with refusal. A value
// recorded as null (one import could not read) takes the configured one,
// and a value known only at apply is checked when Terraform plans again
// then.
func Immutable(refusal Refusal) ImmutableValue { return ImmutableValue{refusal: refusal} }

// refuses returns the refusal of a change of the attribute at p from state
// to planned, or nothing.
func (m ImmutableValue) refuses(ctx context.Context, p path.Path, prior tfsdk.State, plan tfsdk.Plan, state, planned attr.Value) diag.Diagnostics {
	if prior.Raw.IsNull() || plan.Raw.IsNull() || state.IsNull() || planned.IsUnknown() || planned.Equal(state) {
		return nil
	}
	return m.refusal(ctx, p, prior)
}

// Description says that the value cannot change.
func (m ImmutableValue) Description(context.Context) string {
	return "The API cannot change it: a change fails the plan."
}

// MarkdownDescription is Description.
func (m ImmutableValue) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

// PlanModifyString refuses a change of a string.
func (m ImmutableValue) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	resp.Diagnostics.Append(m.refuses(ctx, req.Path, req.State, req.Plan, req.StateValue, req.PlanValue)...)
}

// PlanModifyBool refuses a change of a bool.
func (m ImmutableValue) PlanModifyBool(ctx context.Context, req planmodifier.BoolRequest, resp *planmodifier.BoolResponse) {
	resp.Diagnostics.Append(m.refuses(ctx, req.Path, req.State, req.Plan, req.StateValue, req.PlanValue)...)
}

// PlanModifyObject refuses a change of an object.
func (m ImmutableValue) PlanModifyObject(ctx context.Context, req planmodifier.ObjectRequest, resp *planmodifier.ObjectResponse) {
	resp.Diagnostics.Append(m.refuses(ctx, req.Path, req.State, req.Plan, req.StateValue, req.PlanValue)...)
}
