// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	ephschema "github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// Some ephemeral resources have a twin that declares the same attributes:
// the AIS reads' data sources, and the cardpay_interapp_registration
// resource. Each pair declares its attributes once, as framework schema
// literals of the twin (data source or resource), and ephemeralAttributes
// converts them. The framework's schema packages have one attribute type
// each, so the conversion drops what ephemeral resources do not have: plan
// modifiers and defaults.

// ephemeralAttributes converts data source or resource attributes to
// ephemeral resource attributes, nested ones included.
func ephemeralAttributes[A any](attrs map[string]A, diags *diag.Diagnostics) map[string]ephschema.Attribute {
	out := make(map[string]ephschema.Attribute, len(attrs))
	for name, a := range attrs {
		out[name] = ephemeralAttribute(name, a, diags)
	}
	return out
}

// attributeFlags is what attributes of every schema package report.
type attributeFlags interface {
	GetMarkdownDescription() string
	GetType() attr.Type
	IsRequired() bool
	IsOptional() bool
	IsComputed() bool
	IsSensitive() bool
}

func ephemeralAttribute(name string, a any, diags *diag.Diagnostics) ephschema.Attribute {
	switch a := a.(type) {
	case dsschema.SingleNestedAttribute:
		return ephschema.SingleNestedAttribute{MarkdownDescription: a.MarkdownDescription,
			Attributes: ephemeralAttributes(a.Attributes, diags),
			Required:   a.Required, Optional: a.Optional, Computed: a.Computed, Sensitive: a.Sensitive}
	case dsschema.ListNestedAttribute:
		return ephschema.ListNestedAttribute{MarkdownDescription: a.MarkdownDescription,
			NestedObject: ephschema.NestedAttributeObject{Attributes: ephemeralAttributes(a.NestedObject.Attributes, diags)},
			Required:     a.Required, Optional: a.Optional, Computed: a.Computed, Sensitive: a.Sensitive}
	case dsschema.MapAttribute:
		return ephschema.MapAttribute{MarkdownDescription: a.MarkdownDescription, ElementType: a.ElementType,
			Required: a.Required, Optional: a.Optional, Computed: a.Computed, Sensitive: a.Sensitive}
	case interface {
		attributeFlags
		StringValidators() []validator.String
	}:
		custom, _ := a.GetType().(basetypes.StringTypable)
		return ephschema.StringAttribute{MarkdownDescription: a.GetMarkdownDescription(), CustomType: custom,
			Validators: a.StringValidators(),
			Required:   a.IsRequired(), Optional: a.IsOptional(), Computed: a.IsComputed(), Sensitive: a.IsSensitive()}
	case interface {
		attributeFlags
		Int64Validators() []validator.Int64
	}:
		custom, _ := a.GetType().(basetypes.Int64Typable)
		return ephschema.Int64Attribute{MarkdownDescription: a.GetMarkdownDescription(), CustomType: custom,
			Validators: a.Int64Validators(),
			Required:   a.IsRequired(), Optional: a.IsOptional(), Computed: a.IsComputed(), Sensitive: a.IsSensitive()}
	}
	diags.AddError("Unsupported attribute type", fmt.Sprintf("Attribute %q has type %T, which ephemeralAttribute "+
		"does not convert. This is a bug in the provider; please report it.", name, a))
	return nil
}
