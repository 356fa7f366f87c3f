// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	ephschema "github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The converter keeps what an ephemeral attribute can hold (description,
// flags, validators, custom types, nesting) for every kind of attribute the
// twins declare.
func TestEphemeralAttributes_dataSourceTwin(t *testing.T) {
	oneOf := stringvalidator.OneOf("a", "b")
	var diags diag.Diagnostics
	got := ephemeralAttributes(map[string]dsschema.Attribute{
		"id":     dsschema.StringAttribute{MarkdownDescription: "ID.", Required: true, Validators: []validator.String{oneOf}},
		"amount": dsschema.Int64Attribute{MarkdownDescription: "Amount.", Computed: true, Sensitive: true},
		"labels": dsschema.MapAttribute{MarkdownDescription: "Labels.", Optional: true, ElementType: types.StringType},
		"owner": dsschema.SingleNestedAttribute{MarkdownDescription: "Owner.", Computed: true,
			Attributes: map[string]dsschema.Attribute{"name": dsschema.StringAttribute{MarkdownDescription: "Name.", Computed: true}}},
		"items": dsschema.ListNestedAttribute{MarkdownDescription: "Items.", Computed: true,
			NestedObject: dsschema.NestedAttributeObject{Attributes: map[string]dsschema.Attribute{
				"at": dsschema.StringAttribute{MarkdownDescription: "When.", Computed: true, CustomType: timetypes.RFC3339Type{}},
			}}},
	}, &diags)
	if diags.HasError() {
		t.Fatalf("diagnostics: %v", diags)
	}

	id := attributeAs[ephschema.StringAttribute](t, got, "id")
	if id.MarkdownDescription != "ID." || !id.Required || len(id.Validators) != 1 || id.Validators[0].Description(context.Background()) != oneOf.Description(context.Background()) {
		t.Errorf("id = %+v, want the description, Required and the validator kept", id)
	}
	if amount := attributeAs[ephschema.Int64Attribute](t, got, "amount"); !amount.Computed || !amount.Sensitive {
		t.Errorf("amount = %+v, want Computed and Sensitive", amount)
	}
	if labels := attributeAs[ephschema.MapAttribute](t, got, "labels"); !labels.Optional || labels.ElementType != types.StringType {
		t.Errorf("labels = %+v, want an optional map of strings", labels)
	}
	if name := attributeAs[ephschema.SingleNestedAttribute](t, got, "owner").Attributes["name"]; name.GetMarkdownDescription() != "Name." {
		t.Errorf("owner.name = %+v, want the nested description", name)
	}
	items := attributeAs[ephschema.ListNestedAttribute](t, got, "items")
	at := attributeAs[ephschema.StringAttribute](t, items.NestedObject.Attributes, "at")
	if at.CustomType == nil || !at.CustomType.Equal(timetypes.RFC3339Type{}) {
		t.Errorf("items[].at custom type = %v, want the RFC 3339 type", at.CustomType)
	}
}

// A resource twin loses only what ephemeral resources lack: plan modifiers.
func TestEphemeralAttributes_resourceTwin(t *testing.T) {
	var diags diag.Diagnostics
	got := ephemeralAttributes(map[string]rschema.Attribute{
		"code": rschema.StringAttribute{MarkdownDescription: "Code.", Computed: true, Sensitive: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
	}, &diags)
	if diags.HasError() {
		t.Fatalf("diagnostics: %v", diags)
	}
	if code := attributeAs[ephschema.StringAttribute](t, got, "code"); code.MarkdownDescription != "Code." || !code.Computed || !code.Sensitive {
		t.Errorf("code = %+v, want description, Computed and Sensitive kept", code)
	}
}

// An attribute kind the converter does not know is a provider bug, reported
// by name rather than dropped.
func TestEphemeralAttributes_unsupported(t *testing.T) {
	var diags diag.Diagnostics
	ephemeralAttributes(map[string]dsschema.Attribute{"flag": dsschema.BoolAttribute{Computed: true}}, &diags)
	if !diags.HasError() || !strings.Contains(diags.Errors()[0].Detail(), `"flag"`) {
		t.Fatalf("diagnostics = %v, want an error naming the attribute", diags)
	}
}

// attributeAs returns the converted attribute name as the kind A it must be.
func attributeAs[A ephschema.Attribute](t *testing.T, attrs map[string]ephschema.Attribute, name string) A {
	t.Helper()
	a, ok := attrs[name].(A)
	if !ok {
		t.Fatalf("attribute %q is %T, want %T", name, attrs[name], a)
	}
	return a
}
