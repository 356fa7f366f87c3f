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
