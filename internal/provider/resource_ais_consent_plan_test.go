// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// consentStateAttrs are the attributes of a created consent in state.
func consentStateAttrs(expiration string, permissions ...string) map[string]tftypes.Value {
	perms := make([]tftypes.Value, len(permissions))
	for i, p := range permissions {
		perms[i] = tftypes.NewValue(tftypes.String, p)
	}
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	return map[string]tftypes.Value{
		"id":                         str("req_0123456789abcdef"),
		"request_id":                 str("req_0123456789abcdef"),
		"merchant_id":                tftypes.NewValue(tftypes.Number, 1001),
		"user_id":                    str("user-1001"),
		"permissions":                tftypes.NewValue(tftypes.Set{ElementType: tftypes.String}, perms),
		"expiration_date_time":       str(expiration),
		"transaction_from_date_time": str("2019-01-01T00:00:00Z"),
		"status":                     str("pending"),
		"authorization_url":          str("https://bank.sandbox.cardpay.example/authorize?requestId=req_0123456789abcdef"),
		"created_at":                 str("2019-06-01T00:00:00Z"),
		"updated_at":                 str("2019-06-01T00:00:00Z"),
	}
}

// consentConfigAttrs keeps only the arguments of attrs.
func consentConfigAttrs(attrs map[string]tftypes.Value) map[string]tftypes.Value {
	config := maps.Clone(attrs)
	for _, computed := range []string{"id", "request_id", "status", "authorization_url", "created_at", "updated_at"} {
		delete(config, computed)
	}
	return config
}

func TestAISConsent_destroyWarning(t *testing.T) {
	plan, apply := destroyDiagnostics(t, aisConsentType, consentStateAttrs("2030-01-01T00:00:00Z", "ReadBalances"))
	requireWarning(t, "plan", plan, aisConsentForgotten.Summary)
	requireWarning(t, "apply", apply, aisConsentForgotten.Summary)
}

// TestAISConsent_replaceWarning plans a permission change over the plugin
// protocol: it must require replacement and warn that the old consent stays.
func TestAISConsent_replaceWarning(t *testing.T) {
	ctx := context.Background()
	srv := protocolServer(t)
	prior := consentStateAttrs("2030-01-01T00:00:00Z", "ReadBalances")
	config := consentConfigAttrs(prior)
	config["permissions"] = tftypes.NewValue(tftypes.Set{ElementType: tftypes.String},
		[]tftypes.Value{tftypes.NewValue(tftypes.String, "ReadTransactionsDetail")})
	proposed := maps.Clone(prior)
	maps.Copy(proposed, config)

	priorDV, _, _ := stateValue(t, srv, aisConsentType, prior)
	configDV, _, _ := stateValue(t, srv, aisConsentType, config)
	proposedDV, _, _ := stateValue(t, srv, aisConsentType, proposed)
	resp, err := srv.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: aisConsentType, PriorState: priorDV, ProposedNewState: proposedDV, Config: configDV,
	})
	if err != nil {
		t.Fatal(err)
	}
	requireWarning(t, "plan", resp.Diagnostics, aisConsentForgotten.Summary)
	if !slices.ContainsFunc(resp.RequiresReplace, func(p *tftypes.AttributePath) bool {
		return p.Equal(tftypes.NewAttributePath().WithAttributeName("permissions"))
	}) {
		t.Errorf("RequiresReplace = %v, want permissions", resp.RequiresReplace)
	}
}

// aisConsentTestSchema returns the resource with a fixed clock and its schema.
func aisConsentTestSchema(t *testing.T, now time.Time) (*aisConsentResource, tfsdk.State) {
	t.Helper()
	r := &aisConsentResource{data: &providerData{poll: defaultPollIntervals(), clock: testclock.New(now).Now}}
	var resp resource.SchemaResponse
	r.Schema(context.Background(), resource.SchemaRequest{}, &resp)
	if resp.Diagnostics.HasError() {
		t.Fatal(resp.Diagnostics)
	}
	return r, tfsdk.State{Schema: resp.Schema}
}

// aisConsentRaw encodes attrs (others null) as an object of the schema; nil
// attrs give a null object.
func aisConsentRaw(t *testing.T, s tfsdk.State, attrs map[string]tftypes.Value) tftypes.Value {
	t.Helper()
	typ, ok := s.Schema.Type().TerraformType(context.Background()).(tftypes.Object)
	if !ok {
		t.Fatal("schema type is not an object")
	}
	if attrs == nil {
		return tftypes.NewValue(typ, nil)
	}
	values := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		values[name] = tftypes.NewValue(at, nil)
		if v, ok := attrs[name]; ok {
			values[name] = v
		}
	}
	return tftypes.NewValue(typ, values)
}

// TestAISConsent_modifyPlanFixedNow proves with a fixed clock that a past
// expiration fails only when a consent is about to be created.
func TestAISConsent_modifyPlanFixedNow(t *testing.T) {
	now := time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		name       string
		expiration string
		existing   bool
		wantError  bool
	}{
		{"create, expiration in the future", "2030-06-01T12:00:01Z", false, false},
		{"create, expiration in the future at another offset", "2030-06-01T14:00:01+02:00", false, false},
		{"create, expiration exactly now", "2030-06-01T12:00:00Z", false, true},
		{"create, expiration in the past", "2030-05-01T00:00:00Z", false, true},
		{"create, same past instant at another offset", "2030-06-01T13:59:59+02:00", false, true},
		{"existing consent whose expiration has passed", "2030-05-01T00:00:00Z", true, false},
		{"existing consent still valid", "2031-01-01T00:00:00Z", true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, s := aisConsentTestSchema(t, now)
			attrs := consentStateAttrs(tc.expiration, "ReadBalances")
			config := aisConsentRaw(t, s, consentConfigAttrs(attrs))
			state := aisConsentRaw(t, s, nil)
			plan := config
			if tc.existing {
				state = aisConsentRaw(t, s, attrs)
				plan = state
			}
			req := resource.ModifyPlanRequest{
				Config: tfsdk.Config{Schema: s.Schema, Raw: config},
				Plan:   tfsdk.Plan{Schema: s.Schema, Raw: plan},
				State:  tfsdk.State{Schema: s.Schema, Raw: state},
			}
			resp := &resource.ModifyPlanResponse{Plan: req.Plan}
			r.ModifyPlan(context.Background(), req, resp)

			if got := consentHasAttributeError(resp.Diagnostics, attrConsentExpiration); got != tc.wantError {
				t.Errorf("expiration error = %v, want %v; diagnostics: %v", got, tc.wantError, resp.Diagnostics)
			}
			if tc.existing && len(resp.Diagnostics) != 0 {
				t.Errorf("unchanged existing consent got diagnostics: %v", resp.Diagnostics)
			}
		})
	}
}

// TestAISConsent_createRejectsPastExpiry covers a saved plan applied after
// its expiration passed: Create stops before any request (the provider
// points at an address nothing listens on, so a request would report a
// connection error instead).
func TestAISConsent_createRejectsPastExpiry(t *testing.T) {
	now := time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)
	r, s := aisConsentTestSchema(t, now)
	clock := r.data.clock
	r.data = newProviderData(resolvedConfig{Config: client.Config{BaseURL: "http://127.0.0.1:1", AccessToken: "t"}})
	r.data.clock = clock
	attrs := consentConfigAttrs(consentStateAttrs("2030-06-01T11:59:59Z", "ReadBalances"))
	req := resource.CreateRequest{Plan: tfsdk.Plan{Schema: s.Schema, Raw: aisConsentRaw(t, s, attrs)}}
	resp := &resource.CreateResponse{State: tfsdk.State{Schema: s.Schema, Raw: aisConsentRaw(t, s, nil)}}
	r.Create(context.Background(), req, resp)
	if !consentHasAttributeError(resp.Diagnostics, attrConsentExpiration) || resp.Diagnostics.ErrorsCount() != 1 {
		t.Fatalf("want only the expiration error, got %v", resp.Diagnostics)
	}
	if !resp.State.Raw.IsNull() {
		t.Errorf("state was set: %v", resp.State.Raw)
	}
}

func consentHasAttributeError(diags diag.Diagnostics, attr string) bool {
	for _, d := range diags.Errors() {
		if withPath, ok := d.(diag.DiagnosticWithPath); ok && withPath.Path().Equal(path.Root(attr)) {
			return true
		}
	}
	return false
}
