// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// These helpers drive the provider over the plugin protocol, the way
// terraform does, to see warnings that the testing framework does not
// expose: the destroy warnings of resources the service cannot delete.

// destroyDiagnostics plans and applies the destruction of an object of
// resourceType whose state holds attrs, returning the diagnostics of each.
func destroyDiagnostics(t *testing.T, resourceType string, attrs map[string]tftypes.Value) (plan, apply []*tfprotov6.Diagnostic) {
	t.Helper()
	ctx := context.Background()
	srv := protocolServer(t)
	state, null, typ := stateValue(t, srv, resourceType, attrs)

	planResp, err := srv.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: resourceType, PriorState: state, ProposedNewState: null, Config: null,
	})
	if err != nil {
		t.Fatal(err)
	}
	applyResp, err := srv.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{
		TypeName: resourceType, PriorState: state, PlannedState: null, Config: null,
	})
	if err != nil {
		t.Fatal(err)
	}
	if applyResp.NewState != nil {
		if v, err := applyResp.NewState.Unmarshal(typ); err == nil && !v.IsNull() {
			t.Errorf("destroy of %s left state behind: %v", resourceType, v)
		}
	}
	return planResp.Diagnostics, applyResp.Diagnostics
}

// planDestroyDiagnostics plans the destruction of an object of
// resourceType whose state holds attrs, without applying it.
func planDestroyDiagnostics(t *testing.T, resourceType string, attrs map[string]tftypes.Value) []*tfprotov6.Diagnostic {
	t.Helper()
	srv := protocolServer(t)
	state, null, _ := stateValue(t, srv, resourceType, attrs)
	resp, err := srv.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{
		TypeName: resourceType, PriorState: state, ProposedNewState: null, Config: null,
	})
	if err != nil {
		t.Fatal(err)
	}
	return resp.Diagnostics
}

// replaceDiagnostics plans the change of an object with prior
// state to config over the plugin protocol and returns the diagnostics,
// failing unless the plan replaces the object.
func replaceDiagnostics(t *testing.T, resourceType string, prior, config map[string]tftypes.Value) []*tfprotov6.Diagnostic {
	t.Helper()
	srv := protocolServer(t)
	state, _, _ := stateValue(t, srv, resourceType, prior)
	cfg, _, _ := stateValue(t, srv, resourceType, config)
	resp, err := srv.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{
		TypeName: resourceType, PriorState: state, ProposedNewState: cfg, Config: cfg,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.RequiresReplace) == 0 {
		t.Fatalf("plan of %s does not replace it; diagnostics: %v", resourceType, resp.Diagnostics)
	}
	return resp.Diagnostics
}

// stateValue encodes attrs (others null) as an object of resourceType, and
// a null object of the same type.
func stateValue(t *testing.T, srv tfprotov6.ProviderServer, resourceType string, attrs map[string]tftypes.Value) (state, null *tfprotov6.DynamicValue, typ tftypes.Type) {
	t.Helper()
	schemaResp, err := srv.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	schema, ok := schemaResp.ResourceSchemas[resourceType]
	if !ok {
		t.Fatalf("no resource type %s", resourceType)
	}
	objType, ok := schema.ValueType().(tftypes.Object)
	if !ok {
		t.Fatalf("schema of %s is not an object", resourceType)
	}
	values := make(map[string]tftypes.Value, len(objType.AttributeTypes))
	for name, typ := range objType.AttributeTypes {
		if v, ok := attrs[name]; ok {
			values[name] = v
		} else {
			values[name] = tftypes.NewValue(typ, nil)
		}
	}
	stateDV, err := tfprotov6.NewDynamicValue(objType, tftypes.NewValue(objType, values))
	if err != nil {
		t.Fatal(err)
	}
	nullDV, err := tfprotov6.NewDynamicValue(objType, tftypes.NewValue(objType, nil))
	if err != nil {
		t.Fatal(err)
	}
	return &stateDV, &nullDV, objType
}

// requireWarning fails unless diags hold a warning whose summary contains summary.
func requireWarning(t *testing.T, when string, diags []*tfprotov6.Diagnostic, summary string) {
	t.Helper()
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			t.Errorf("%s: unexpected error %q: %s", when, d.Summary, d.Detail)
		}
	}
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityWarning && strings.Contains(d.Summary, summary) {
			return
		}
	}
	t.Errorf("%s: no warning %q among %d diagnostics", when, summary, len(diags))
}

// Replacing an object the service cannot delete warns at plan time, for
// every such resource type and every argument that forces replacement.
func TestReplaceWarnings(t *testing.T) {
	str := func(v string) tftypes.Value { return tftypes.NewValue(tftypes.String, v) }
	num := func(v int64) tftypes.Value { return tftypes.NewValue(tftypes.Number, v) }
	cases := []struct {
		resourceType, summary string
		prior, config         map[string]tftypes.Value
	}{
		{"cardpay_payment_method", paymentMethodForgotten.Summary,
			map[string]tftypes.Value{"id": str("1001/amex"), "merchant_id": num(1001), "method": str("amex")},
			map[string]tftypes.Value{"merchant_id": num(1001), "method": str("swish")}},
		{"cardpay_onboarding_application", onboardingForgotten.Summary,
			map[string]tftypes.Value{"id": str("app-1"), "application_id": str("app-1"), "merchant_id": num(1001)},
			map[string]tftypes.Value{"merchant_id": num(1002)}},
		{"cardpay_online_terminal", onlineTerminalForgotten.Summary,
			map[string]tftypes.Value{"id": str("t-1"), "terminal_id": str("t-1"), "merchant_id": num(1001),
				"online_terminal_mode": str("PaymentPage"), "store_id": str("1001-main")},
			map[string]tftypes.Value{"merchant_id": num(1001), "online_terminal_mode": str("SelfHostedPage")}},
		{"cardpay_order", orderForgotten.Summary,
			map[string]tftypes.Value{"id": str("o-1"), "order_id": str("o-1"), "merchant_id": num(1001),
				"amount": num(1000), "currency": str("DKK")},
			map[string]tftypes.Value{"merchant_id": num(1001), "amount": num(2000), "currency": str("DKK")}},
	}
	for _, tc := range cases {
		t.Run(tc.resourceType, func(t *testing.T) {
			requireWarning(t, "plan", replaceDiagnostics(t, tc.resourceType, tc.prior, tc.config), tc.summary)
		})
	}
}
