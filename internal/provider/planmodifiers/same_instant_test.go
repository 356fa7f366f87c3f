// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The same instant in another form keeps the recorded spelling; another
// instant, even one a fraction of a second away, is planned as configured.
func TestKeepStateForSameInstant(t *testing.T) {
	const current = "2027-01-01T00:00:00Z"
	cases := []struct {
		planned, want string
	}{
		{"2027-01-01T01:00:00+01:00", current},
		{"2026-12-31T19:00:00-05:00", current},
		{"2027-01-01T00:00:00.000+00:00", current},
		{"2027-01-01T00:00:00.5Z", "2027-01-01T00:00:00.5Z"},
		{"2027-01-01T01:00:00Z", "2027-01-01T01:00:00Z"},
		{"not a timestamp", "not a timestamp"},
	}
	for _, tc := range cases {
		req := planmodifier.StringRequest{PlanValue: types.StringValue(tc.planned), StateValue: types.StringValue(current)}
		resp := &planmodifier.StringResponse{PlanValue: req.PlanValue}
		KeepStateForSameInstant().PlanModifyString(context.Background(), req, resp)
		if got := resp.PlanValue.ValueString(); got != tc.want {
			t.Errorf("planned %s over state %s: got %s, want %s", tc.planned, current, got, tc.want)
		}
	}
	// Nothing recorded yet (a create): the configured value stands.
	req := planmodifier.StringRequest{PlanValue: types.StringValue(current), StateValue: types.StringNull()}
	resp := &planmodifier.StringResponse{PlanValue: req.PlanValue}
	KeepStateForSameInstant().PlanModifyString(context.Background(), req, resp)
	if resp.PlanValue.ValueString() != current {
		t.Errorf("a create plans %s, want %s", resp.PlanValue, current)
	}
}

// timetypes.RFC3339 treats other values as equal than the same instant,
// which is why KeepStateForSameInstant compares instants itself.
func TestTimetypesSemanticEquality(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{"2027-01-01T00:00:00Z", "2027-01-01T00:00:00+00:00", true},
		{"2027-01-01T00:00:00Z", "2027-01-01T01:00:00+01:00", false}, // same instant, not equal
		{"2027-01-01T00:00:00Z", "2027-01-01T00:00:00.5Z", true},     // different instants, equal
	}
	for _, tc := range cases {
		got, diags := timetypes.NewRFC3339ValueMust(tc.a).StringSemanticEquals(context.Background(), timetypes.NewRFC3339ValueMust(tc.b))
		if diags.HasError() || got != tc.want {
			t.Errorf("StringSemanticEquals(%s, %s) = %v (%v), want %v", tc.a, tc.b, got, diags, tc.want)
		}
	}
}
