// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
)

// ReplaceWithWarning replaces the object when the attribute's value
// changes, as the framework's RequiresReplace modifiers do, and adds the
// resource's DestroyWarning to the plan, which says what happens to the
// old object. It serves string, number, set and map attributes alike.
type ReplaceWithWarning struct {
	warning DestroyWarning
	// when, if set, decides whether a change replaces the object.
	when        func(ctx context.Context, c change) (bool, diag.Diagnostics)
	description string
}

// change is what a condition of ReplaceWithWarning sees of a changed value.
type change struct {
	state, config attr.Value
	private       privateKeys
}

// privateKeys is how a condition reads the resource's private state.
type privateKeys interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
}

// RequiresReplace replaces the object whenever the value changes.
func RequiresReplace(w DestroyWarning) ReplaceWithWarning {
	return ReplaceWithWarning{warning: w, description: "Changing it replaces the object."}
}

// RequiresReplaceIfConfigured replaces the object when a configured value
// changes; a value left to the service (optional and computed) does not.
func RequiresReplaceIfConfigured(w DestroyWarning) ReplaceWithWarning {
	return ReplaceWithWarning{warning: w, description: "Changing a configured value replaces the object.",
		when: func(_ context.Context, c change) (bool, diag.Diagnostics) { return !c.config.IsNull(), nil }}
}

// RequiresReplaceIfConfiguredAndRecorded replaces the object when a
// configured value differs from a recorded one. A null recorded value is
// one the API could not tell (after import, say), so configuring it records
// it instead.
func RequiresReplaceIfConfiguredAndRecorded(w DestroyWarning) ReplaceWithWarning {
	return ReplaceWithWarning{warning: w, description: "Changing a recorded value replaces the object.",
		when: func(_ context.Context, c change) (bool, diag.Diagnostics) {
			return !c.config.IsNull() && !c.state.IsNull(), nil
		}}
}

// requiresReplace reports whether the change of the attribute's value from
// state to planned replaces the object, with the warning when it does.
func (m ReplaceWithWarning) requiresReplace(ctx context.Context, prior tfsdk.State, plan tfsdk.Plan,
	state, planned, config attr.Value, private privateKeys,
) (bool, diag.Diagnostics) {
	if prior.Raw.IsNull() || plan.Raw.IsNull() || planned.Equal(state) {
		return false, nil // a create, a destroy, or no change
	}
	if m.when != nil {
		replace, diags := m.when(ctx, change{state: state, config: config, private: private})
		if !replace || diags.HasError() {
			return false, diags
		}
	}
	return true, m.warning.Diagnostics(ctx, prior)
}

// modify sets a plan modifier's response, of any attribute type.
func (m ReplaceWithWarning) modify(ctx context.Context, prior tfsdk.State, plan tfsdk.Plan, state, planned, config attr.Value,
	private privateKeys, requiresReplace *bool, diags *diag.Diagnostics,
) {
	replace, d := m.requiresReplace(ctx, prior, plan, state, planned, config, private)
	*requiresReplace = *requiresReplace || replace
	diags.Append(d...)
}

// Description says when the value replaces the object.
func (m ReplaceWithWarning) Description(context.Context) string { return m.description }

// MarkdownDescription is Description.
func (m ReplaceWithWarning) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

// PlanModifyString replaces the object when a string changes.
func (m ReplaceWithWarning) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	m.modify(ctx, req.State, req.Plan, req.StateValue, req.PlanValue, req.ConfigValue, req.Private, &resp.RequiresReplace, &resp.Diagnostics)
}

// PlanModifyInt64 replaces the object when a number changes.
func (m ReplaceWithWarning) PlanModifyInt64(ctx context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	m.modify(ctx, req.State, req.Plan, req.StateValue, req.PlanValue, req.ConfigValue, req.Private, &resp.RequiresReplace, &resp.Diagnostics)
}

// PlanModifySet replaces the object when a set changes.
func (m ReplaceWithWarning) PlanModifySet(ctx context.Context, req planmodifier.SetRequest, resp *planmodifier.SetResponse) {
	m.modify(ctx, req.State, req.Plan, req.StateValue, req.PlanValue, req.ConfigValue, req.Private, &resp.RequiresReplace, &resp.Diagnostics)
}

// PlanModifyMap replaces the object when a map changes.
func (m ReplaceWithWarning) PlanModifyMap(ctx context.Context, req planmodifier.MapRequest, resp *planmodifier.MapResponse) {
	m.modify(ctx, req.State, req.Plan, req.StateValue, req.PlanValue, req.ConfigValue, req.Private, &resp.RequiresReplace, &resp.Diagnostics)
}
