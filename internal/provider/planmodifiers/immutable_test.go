// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// refuseName refuses a change of the attribute it is given, by its path.
func refuseName(_ context.Context, attribute path.Path, _ tfsdk.State) diag.Diagnostics {
	var diags diag.Diagnostics
	diags.AddAttributeError(attribute, "Cannot change "+attribute.String(), "")
	return diags
}

// A change of a recorded value fails the plan at the attribute; a create,
// a destroy, the same value, a value import could not read and one known
// only at apply do not.
func TestImmutableString(t *testing.T) {
	a, b := types.StringValue("a"), types.StringValue("b")
	for _, tc := range []struct {
		name           string
		prior, plan    tftypes.Value
		state, planned types.String
		refused        bool
	}{
		{"a change", existing, existing, a, b, true},
		{"a value removed", existing, existing, a, types.StringNull(), true},
		{"no change", existing, existing, a, a, false},
		{"a value import could not read", existing, existing, types.StringNull(), b, false},
		{"a value known only at apply", existing, existing, a, types.StringUnknown(), false},
		{"a create", none, existing, types.StringNull(), b, false},
		{"a destroy", existing, none, a, types.StringNull(), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := &planmodifier.StringResponse{PlanValue: tc.planned}
			Immutable(refuseName).PlanModifyString(context.Background(), planmodifier.StringRequest{
				Path: path.Root("company_name"), State: tfsdk.State{Raw: tc.prior}, Plan: tfsdk.Plan{Raw: tc.plan},
				StateValue: tc.state, PlanValue: tc.planned, ConfigValue: tc.planned,
			}, resp)
			requireRefused(t, resp.Diagnostics, "company_name", tc.refused)
		})
	}
}

// Bools and objects are refused as strings are.
func TestImmutableOtherTypes(t *testing.T) {
	ctx := context.Background()
	m := Immutable(refuseName)
	b := &planmodifier.BoolResponse{}
	m.PlanModifyBool(ctx, planmodifier.BoolRequest{Path: path.Root("test_merchant"), State: tfsdk.State{Raw: existing},
		Plan: tfsdk.Plan{Raw: existing}, StateValue: types.BoolValue(true), PlanValue: types.BoolValue(false)}, b)
	requireRefused(t, b.Diagnostics, "test_merchant", true)

	object := func(v string) types.Object {
		return types.ObjectValueMust(map[string]attr.Type{"iban": types.StringType}, map[string]attr.Value{"iban": types.StringValue(v)})
	}
	o := &planmodifier.ObjectResponse{}
	m.PlanModifyObject(ctx, planmodifier.ObjectRequest{Path: path.Root("fast_track"), State: tfsdk.State{Raw: existing},
		Plan: tfsdk.Plan{Raw: existing}, StateValue: object("DK1"), PlanValue: object("DK2")}, o)
	requireRefused(t, o.Diagnostics, "fast_track", true)
}

// requireRefused fails unless diags hold exactly the refusal of the
// attribute name, as refused says, or nothing.
func requireRefused(t *testing.T, diags diag.Diagnostics, name string, refused bool) {
	t.Helper()
	want := diag.Diagnostics{diag.NewAttributeErrorDiagnostic(path.Root(name), "Cannot change "+name, "")}
	if !refused {
		want = nil
	}
	if !diags.Equal(want) {
		t.Errorf("got %v, want %v", diags, want)
	}
}
