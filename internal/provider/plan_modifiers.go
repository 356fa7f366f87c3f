// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"slices"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The provider's own plan modifiers, and the one declaration of which
// arguments replace an object.

// Arguments that replace the object when they change are declared once,
// with a replace* wrapper around the framework's modifier. The lifecycles
// (lifecycles.go) read the schema to know them, because the framework
// hands ModifyPlan an empty RequiresReplace: the attributes' own one is
// merged after it returns.

// keptString is a computed string that plans keep as recorded, instead of
// showing it as known after apply: the service sets it once, or the
// refresh before the plan has read it.
func keptString(description string) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: description, Computed: true,
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
}

// replacer marks a plan modifier that replaces the object.
type replacer interface{ replacesObject() }

type (
	replacingString struct{ planmodifier.String }
	replacingInt64  struct{ planmodifier.Int64 }
	replacingSet    struct{ planmodifier.Set }
	replacingMap    struct{ planmodifier.Map }
)

func (replacingString) replacesObject() {}
func (replacingInt64) replacesObject()  {}
func (replacingSet) replacesObject()    {}
func (replacingMap) replacesObject()    {}

func replaceString(m planmodifier.String) planmodifier.String { return replacingString{m} }
func replaceInt64(m planmodifier.Int64) planmodifier.Int64    { return replacingInt64{m} }
func replaceSet(m planmodifier.Set) planmodifier.Set          { return replacingSet{m} }
func replaceMap(m planmodifier.Map) planmodifier.Map          { return replacingMap{m} }

// replacedBy names, sorted, the attributes whose change replaces the
// object: those with a replace* modifier. It takes the attributes of a
// plan's schema (req.Plan.Schema.GetAttributes()).
func replacedBy[A any](attrs map[string]A) []string {
	var names []string
	for name, a := range attrs {
		if slices.ContainsFunc(planModifiersOf(a), func(m any) bool { _, ok := m.(replacer); return ok }) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// planModifiersOf lists an attribute's plan modifiers, whatever its type.
func planModifiersOf(a any) []any {
	switch a := a.(type) {
	case interface{ StringPlanModifiers() []planmodifier.String }:
		return anys(a.StringPlanModifiers())
	case interface{ Int64PlanModifiers() []planmodifier.Int64 }:
		return anys(a.Int64PlanModifiers())
	case interface{ SetPlanModifiers() []planmodifier.Set }:
		return anys(a.SetPlanModifiers())
	case interface{ MapPlanModifiers() []planmodifier.Map }:
		return anys(a.MapPlanModifiers())
	default:
		return nil
	}
}

func anys[T any](s []T) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// changesAny reports whether the plan changes any of the named attributes;
// an unknown planned value counts as a change.
func changesAny(ctx context.Context, req resource.ModifyPlanRequest, names []string) bool {
	for _, name := range names {
		var planned, prior attr.Value
		diags := req.Plan.GetAttribute(ctx, path.Root(name), &planned)
		diags.Append(req.State.GetAttribute(ctx, path.Root(name), &prior)...)
		if !diags.HasError() && planned != nil && prior != nil && !planned.Equal(prior) {
			return true
		}
	}
	return false
}

// replaceInactive plans the replacement of an object the service reports
// as inactive: the computed status at attr becomes unknown, which is the
// change Terraform needs to see before it honours RequiresReplace, and a
// warning says why the plan replaces it.
func replaceInactive(ctx context.Context, resp *resource.ModifyPlanResponse, attr path.Path, summary, detail string) {
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, attr, types.StringUnknown())...)
	resp.RequiresReplace = append(resp.RequiresReplace, attr)
	resp.Diagnostics.AddWarning(summary, detail)
}

// privateUnreadKey marks, in a resource's private state, that it was
// imported and that its arguments the API does not report (an order's
// description) are unknown rather than null.
const privateUnreadKey = "unread_after_import"

func markUnreadAfterImport(ctx context.Context, private privateState) diag.Diagnostics {
	return private.SetKey(ctx, privateUnreadKey, []byte("true"))
}

func clearUnreadAfterImport(ctx context.Context, private privateState) diag.Diagnostics {
	return private.SetKey(ctx, privateUnreadKey, nil)
}

// privateState is what the framework's private state offers resources.
type privateState interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

// requiresReplaceUnlessUnreadAfterImport replaces the object when the
// argument changes, except when the state holds no value because import
// could not read it: the configured value is then recorded as written.
func requiresReplaceUnlessUnreadAfterImport() planmodifier.String {
	return replaceString(stringplanmodifier.RequiresReplaceIf(func(ctx context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
		unread := false
		if req.StateValue.IsNull() && req.Private != nil {
			marker, diags := req.Private.GetKey(ctx, privateUnreadKey)
			resp.Diagnostics.Append(diags...)
			unread = len(marker) > 0
		}
		resp.RequiresReplace = !unread
	}, "Changing it replaces the object, except right after import, when the configured value is recorded.",
		"Changing it replaces the object, except right after import, when the configured value is recorded."))
}

// replaceIfConfiguredAndKnown replaces the object when a configured value
// differs from a recorded one. A null recorded value is one the API could
// not tell (after import), so configuring it records it instead.
func replaceIfConfiguredAndKnown(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.ConfigValue.IsNull() && !req.StateValue.IsNull()
}

func consentTimestampPlanModifiers() []planmodifier.String {
	return []planmodifier.String{sameInstantKeepsStateModifier{}, replaceString(stringplanmodifier.RequiresReplace())}
}

// sameInstantKeepsStateModifier plans the state's spelling of a timestamp
// when the configuration names the same instant in another form. The
// framework applies semantic equality only to values a provider returns,
// never to a configuration change, and timetypes.RFC3339's own equality
// only treats "Z" and "+00:00" as equal (and ignores fractional seconds),
// so instants are compared here with time.Time.Equal. Terraform accepts the
// prior value in place of an equivalent configured one.
type sameInstantKeepsStateModifier struct{}

func (sameInstantKeepsStateModifier) Description(context.Context) string {
	return "the same instant written in another form (for example another UTC offset) keeps the current value"
}

func (m sameInstantKeepsStateModifier) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (sameInstantKeepsStateModifier) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.PlanValue.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	planned, err := time.Parse(time.RFC3339, req.PlanValue.ValueString())
	if err != nil {
		return
	}
	current, err := time.Parse(time.RFC3339, req.StateValue.ValueString())
	if err == nil && planned.Equal(current) {
		resp.PlanValue = req.StateValue
	}
}
