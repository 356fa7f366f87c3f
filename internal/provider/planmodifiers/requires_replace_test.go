// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

var testWarning = Warning{Summary: "Objects cannot be deleted", Detail: "The old one stays."}

// The objects a plan goes from and to: the prior state and the plan of an
// update, or a null one for a create or a destroy.
var (
	existing = tftypes.NewValue(tftypes.Object{}, map[string]tftypes.Value{})
	none     = tftypes.NewValue(tftypes.Object{}, nil)
)

// stringChange is a plan of a string attribute from state to planned, with
// config as configured.
type stringChange struct {
	prior, plan            tftypes.Value
	state, planned, config types.String
}

// through plans c with m.
func (c stringChange) through(ctx context.Context, m planmodifier.String) *planmodifier.StringResponse {
	req := planmodifier.StringRequest{
		Path: path.Root("a"), State: tfsdk.State{Raw: c.prior}, Plan: tfsdk.Plan{Raw: c.plan},
		StateValue: c.state, PlanValue: c.planned, ConfigValue: c.config,
	}
	resp := &planmodifier.StringResponse{PlanValue: req.PlanValue}
	m.PlanModifyString(ctx, req, resp)
	return resp
}

func TestRequiresReplaceString(t *testing.T) {
	a, b := types.StringValue("a"), types.StringValue("b")
	cases := []struct {
		name    string
		change  stringChange
		replace bool
	}{
		{"a change", stringChange{existing, existing, a, b, b}, true},
		{"a value known only at apply", stringChange{existing, existing, a, types.StringUnknown(), types.StringUnknown()}, true},
		{"a value removed", stringChange{existing, existing, a, types.StringNull(), types.StringNull()}, true},
		{"no change", stringChange{existing, existing, a, a, a}, false},
		{"a create", stringChange{none, existing, types.StringNull(), b, b}, false},
		{"a destroy", stringChange{existing, none, a, types.StringNull(), types.StringNull()}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp := tc.change.through(context.Background(), RequiresReplace(testWarning))
			requireReplace(t, resp.RequiresReplace, resp.Diagnostics, tc.replace)
		})
	}
}

// The other attribute types behave as strings do.
func TestRequiresReplaceOtherTypes(t *testing.T) {
	ctx := context.Background()
	m := RequiresReplace(testWarning)
	for _, replace := range []bool{true, false} {
		t.Run(fmt.Sprint("replace=", replace), func(t *testing.T) {
			next := func(v int64) int64 {
				if replace {
					return v + 1
				}
				return v
			}
			i := &planmodifier.Int64Response{}
			m.PlanModifyInt64(ctx, planmodifier.Int64Request{State: tfsdk.State{Raw: existing}, Plan: tfsdk.Plan{Raw: existing},
				StateValue: types.Int64Value(1), PlanValue: types.Int64Value(next(1))}, i)
			requireReplace(t, i.RequiresReplace, i.Diagnostics, replace)

			set := func(v int64) types.Set {
				return types.SetValueMust(types.Int64Type, []attr.Value{types.Int64Value(v)})
			}
			s := &planmodifier.SetResponse{}
			m.PlanModifySet(ctx, planmodifier.SetRequest{State: tfsdk.State{Raw: existing}, Plan: tfsdk.Plan{Raw: existing},
				StateValue: set(1), PlanValue: set(next(1))}, s)
			requireReplace(t, s.RequiresReplace, s.Diagnostics, replace)

			mp := func(v int64) types.Map {
				return types.MapValueMust(types.Int64Type, map[string]attr.Value{"k": types.Int64Value(v)})
			}
			mr := &planmodifier.MapResponse{}
			m.PlanModifyMap(ctx, planmodifier.MapRequest{State: tfsdk.State{Raw: existing}, Plan: tfsdk.Plan{Raw: existing},
				StateValue: mp(1), PlanValue: mp(next(1))}, mr)
			requireReplace(t, mr.RequiresReplace, mr.Diagnostics, replace)
		})
	}
}

// A value left to the service (not configured) does not replace.
func TestRequiresReplaceIfConfigured(t *testing.T) {
	a, b := types.StringValue("a"), types.StringValue("b")
	m := RequiresReplaceIfConfigured(testWarning)
	resp := stringChange{existing, existing, a, b, b}.through(context.Background(), m)
	requireReplace(t, resp.RequiresReplace, resp.Diagnostics, true)
	resp = stringChange{existing, existing, a, types.StringUnknown(), types.StringNull()}.through(context.Background(), m)
	requireReplace(t, resp.RequiresReplace, resp.Diagnostics, false)
}

// A configured value replaces a recorded one; it is recorded where the
// state has none.
func TestRequiresReplaceIfConfiguredAndRecorded(t *testing.T) {
	a, b := types.StringValue("a"), types.StringValue("b")
	m := RequiresReplaceIfConfiguredAndRecorded(testWarning)
	for _, tc := range []struct {
		name    string
		change  stringChange
		replace bool
	}{
		{"another configured value", stringChange{existing, existing, a, b, b}, true},
		{"a value not recorded", stringChange{existing, existing, types.StringNull(), b, b}, false},
		{"a value not configured", stringChange{existing, existing, a, types.StringUnknown(), types.StringNull()}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := tc.change.through(context.Background(), m)
			requireReplace(t, resp.RequiresReplace, resp.Diagnostics, tc.replace)
		})
	}
}

// A WarningFunc is given the prior state of the object replaced.
func TestRequiresReplaceWarningFunc(t *testing.T) {
	attrType := map[string]tftypes.Type{"name": tftypes.String}
	prior := tftypes.NewValue(tftypes.Object{AttributeTypes: attrType},
		map[string]tftypes.Value{"name": tftypes.NewValue(tftypes.String, "main")})
	named := WarningFunc(func(ctx context.Context, state tfsdk.State) diag.Diagnostics {
		var name types.String
		diags := state.GetAttribute(ctx, path.Root("name"), &name)
		diags.AddWarning("Replacing "+name.ValueString(), "")
		return diags
	})
	req := planmodifier.StringRequest{
		State: tfsdk.State{Raw: prior, Schema: schema.Schema{Attributes: map[string]schema.Attribute{
			"name": schema.StringAttribute{Required: true},
		}}},
		Plan: tfsdk.Plan{Raw: prior}, StateValue: types.StringValue("main"), PlanValue: types.StringValue("other"),
	}
	resp := &planmodifier.StringResponse{}
	RequiresReplace(named).PlanModifyString(context.Background(), req, resp)
	if !resp.RequiresReplace || resp.Diagnostics.WarningsCount() != 1 || resp.Diagnostics[0].Summary() != "Replacing main" {
		t.Errorf("replace = %v, diagnostics %v; want a replacement with the warning about main", resp.RequiresReplace, resp.Diagnostics)
	}
}

// Two arguments that replace the object show its warning once.
func TestRequiresReplaceWarnsOnce(t *testing.T) {
	a, b := types.StringValue("a"), types.StringValue("b")
	var diags diag.Diagnostics
	for range 2 {
		diags.Append(stringChange{existing, existing, a, b, b}.through(context.Background(), RequiresReplace(testWarning)).Diagnostics...)
	}
	if len(diags) != 1 {
		t.Errorf("got %d diagnostics, want the one warning: %v", len(diags), diags)
	}
}

// requireReplace fails unless the modifier replaced the object, with
// exactly the warning, as want says, or did neither.
func requireReplace(t *testing.T, replace bool, diags diag.Diagnostics, want bool) {
	t.Helper()
	if diags.HasError() {
		t.Fatalf("errors: %v", diags)
	}
	warned := len(diags) == 1 && diags[0].Equal(diag.NewWarningDiagnostic(testWarning.Summary, testWarning.Detail))
	switch {
	case replace != want:
		t.Errorf("replace = %v, want %v", replace, want)
	case want && !warned:
		t.Errorf("replaces with diagnostics %v, want the warning", diags)
	case !want && len(diags) > 0:
		t.Errorf("does not replace but says %v", diags)
	}
}
