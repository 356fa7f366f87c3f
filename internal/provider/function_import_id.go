// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

var _ function.Function = importIDFunction{}

// importIDFunction builds a resource's import ID from its parts, and
// checks it with the parser the resource's import uses.
type importIDFunction struct{ functionBase }

func newImportIDFunction() function.Function {
	return importIDFunction{functionBase{name: "import_id"}}
}

func (importIDFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "Builds a resource's import ID from its parts",
		MarkdownDescription: "Builds the string import ID of a cardpay resource type from its parts, the object " +
			"`parse_import_id` returns, and checks it with the parser `terraform import` and `import` blocks use: " +
			"parts that would make an ID the import refuses, or reads back differently (a store ID with a `/`, " +
			"a merchant with both `merchant_id` and `partner_ref_id`), are an error. The forms are those of " +
			"`parse_import_id`.",
		Parameters: []function.Parameter{
			resourceTypeParameter(),
			function.DynamicParameter{
				Name: "parts",
				MarkdownDescription: "An object (or map) of the ID's parts, named as the resource's attributes, such " +
					"as `{ merchant_id = 1001, method = \"amex\" }`. `merchant_id` may be a number or its decimal " +
					"text; the other parts are strings. A null part is left out.",
			},
		},
		Return: function.StringReturn{},
	}
}

func (importIDFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	typeName, dynamic, form, funcErr := importIDArguments[types.Dynamic](ctx, req)
	if funcErr != nil {
		resp.Error = funcErr
		return
	}
	values, ok := objectOrMapElements(dynamic)
	if !ok {
		resp.Error = function.NewArgumentFuncError(1, fmt.Sprintf("expected an object of the ID's parts, such as "+
			"%s; got %s", examplePartsObject(form), dynamic.UnderlyingValue()))
		return
	}
	if slices.ContainsFunc(slices.Collect(maps.Values(values)), func(v attr.Value) bool { return v.IsUnknown() }) {
		resp.Error = resp.Result.Set(ctx, types.StringUnknown())
		return
	}
	parts, err := importPartsOf(typeName, form, values)
	if err != nil {
		resp.Error = function.NewArgumentFuncError(1, err.Error())
		return
	}
	id := form.format(parts)
	if back, err := form.parse(id); err != nil || !maps.Equal(back, parts) {
		reason := fmt.Sprintf("the import reads it as %s: give the parts of one form only", partsText(back))
		if err != nil {
			reason = "the import refuses it: " + err.Error()
		}
		resp.Error = function.NewArgumentFuncError(1, fmt.Sprintf("%s makes the %s import ID %q, but %s",
			partsText(parts), typeName, id, reason))
		return
	}
	resp.Error = resp.Result.Set(ctx, id)
}

// objectOrMapElements are the attributes of an object or the elements of
// a map.
func objectOrMapElements(d types.Dynamic) (map[string]attr.Value, bool) {
	switch v := d.UnderlyingValue().(type) {
	case basetypes.ObjectValue:
		return v.Attributes(), !v.IsNull() && !v.IsUnknown()
	case basetypes.MapValue:
		return v.Elements(), !v.IsNull() && !v.IsUnknown()
	}
	return nil, false
}

// importPartsOf reads the parts of form from values; its errors name the
// part and say what to write.
func importPartsOf(typeName string, form importIDForm, values map[string]attr.Value) (importParts, error) {
	fields := map[string]importField{}
	for _, f := range form.fields {
		fields[f.name] = f
	}
	parts := importParts{}
	for _, name := range slices.Sorted(maps.Keys(values)) {
		field, known := fields[name]
		if !known {
			return nil, fmt.Errorf("%s has no import ID part %q: its parts are %s", typeName, name, fieldNames(form))
		}
		value := values[name]
		if value.IsNull() {
			continue
		}
		text, err := partText(field, value)
		if err != nil {
			return nil, err
		}
		parts[name] = text
	}
	for _, f := range form.fields {
		if _, ok := parts[f.name]; !ok && !f.optional {
			return nil, fmt.Errorf("%s needs the part %q: give %s", typeName, f.name, examplePartsObject(form))
		}
	}
	return parts, nil
}

// partText is one part as the ID writes it: merchant_id a positive whole
// number (or its text), the others strings.
func partText(f importField, value attr.Value) (string, error) {
	text, ok := "", false
	switch v := value.(type) {
	case basetypes.StringValue:
		text, ok = v.ValueString(), true
	case basetypes.NumberValue:
		// A number for a string part, such as a webhook's id 9001, is
		// written as Terraform writes a number in a string.
		if n := v.ValueBigFloat(); n != nil && !n.IsInf() {
			text, ok = n.Text('f', -1), true
		}
	case basetypes.Int64Value:
		text, ok = strconv.FormatInt(v.ValueInt64(), 10), true
	}
	switch {
	case !ok && f.number:
		return "", fmt.Errorf("%s must be a whole number such as 1001; got %s", f.name, value)
	case !ok:
		return "", fmt.Errorf("%s must be a string; got %s", f.name, value)
	case f.number:
		if _, err := parseMerchantID(text); err != nil {
			return "", fmt.Errorf("%s: %w", f.name, err)
		}
	}
	return text, nil
}

// fieldNames lists a form's parts.
func fieldNames(form importIDForm) string {
	names := make([]string, len(form.fields))
	for i, f := range form.fields {
		names[i] = f.name
	}
	return strings.Join(names, ", ")
}

// examplePartsObject is the form's example as an HCL object.
func examplePartsObject(form importIDForm) string {
	parts, _ := form.parse(form.example)
	return partsText(parts)
}

// partsText writes parts as an HCL object, merchant_id as a number.
func partsText(parts importParts) string {
	if len(parts) == 0 {
		return "{}"
	}
	items := make([]string, 0, len(parts))
	for _, name := range slices.Sorted(maps.Keys(parts)) {
		if name == fieldMerchantID {
			items = append(items, name+" = "+parts[name])
			continue
		}
		items = append(items, fmt.Sprintf("%s = %q", name, parts[name]))
	}
	return "{ " + strings.Join(items, ", ") + " }"
}
