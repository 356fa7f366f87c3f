// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var _ function.Function = parseImportIDFunction{}

// parseImportIDFunction splits a resource's import ID into its parts with
// the parser the resource's import uses (importIDForms).
type parseImportIDFunction struct{ functionBase }

func newParseImportIDFunction() function.Function {
	return parseImportIDFunction{functionBase{name: "parse_import_id"}}
}

func (parseImportIDFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "Splits a resource's import ID into its parts",
		MarkdownDescription: "Splits the string import ID of a cardpay resource type into an object of its parts, " +
			"named as the resource's attributes, with the parser `terraform import` and `import` blocks use: an " +
			"ID this function accepts is one the import accepts, and the other way round. `merchant_id` is a " +
			"number; a part the ID leaves out (a consent imported by its ID alone, a merchant by its partner " +
			"reference) is null. The forms:\n\n" + importIDFormsTable(),
		Parameters: []function.Parameter{
			resourceTypeParameter(),
			function.StringParameter{
				Name:                "id",
				MarkdownDescription: "The import ID, such as `\"1001/amex\"` for `cardpay_payment_method`.",
			},
		},
		Return: function.DynamicReturn{},
	}
}

func (parseImportIDFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	typeName, id, form, funcErr := importIDArguments[string](ctx, req)
	if funcErr != nil {
		resp.Error = funcErr
		return
	}
	parts, err := form.parse(id)
	if err != nil {
		resp.Error = function.NewArgumentFuncError(1, fmt.Sprintf("%s: %s", typeName, err))
		return
	}
	object, diags := importPartsObject(form, parts)
	if diags.HasError() {
		resp.Error = function.FuncErrorFromDiags(ctx, diags)
		return
	}
	resp.Error = resp.Result.Set(ctx, types.DynamicValue(object))
}

// resourceTypeParameter is the first argument of the import ID functions.
func resourceTypeParameter() function.StringParameter {
	return function.StringParameter{
		Name:                "resource_type",
		MarkdownDescription: "The resource type, such as `\"cardpay_payment_method\"`: one of " + importIDTypeList() + ".",
	}
}

// importIDArguments are an import ID function's resource type, its second
// argument, and the import ID form of the type.
func importIDArguments[A any](ctx context.Context, req function.RunRequest) (typeName string, arg A, form importIDForm, funcErr *function.FuncError) {
	if funcErr = req.Arguments.Get(ctx, &typeName, &arg); funcErr != nil {
		return typeName, arg, form, funcErr
	}
	form, funcErr = importIDFormOf(typeName)
	return typeName, arg, form, funcErr
}

// importIDFormOf is the import ID form of a resource type, or an error on
// the resource_type argument that lists the types.
func importIDFormOf(typeName string) (importIDForm, *function.FuncError) {
	form, ok := importIDForms()[typeName]
	if !ok {
		return importIDForm{}, function.NewArgumentFuncError(0, fmt.Sprintf("%q is not a cardpay resource type "+
			"that can be imported: write one of %s", typeName, strings.ReplaceAll(importIDTypeList(), "`", "")))
	}
	return form, nil
}

// importIDTypeList lists the resource types with an import ID, for docs.
func importIDTypeList() string {
	types := importIDTypes()
	return "`" + strings.Join(types, "`, `") + "`"
}

// importIDFormsTable is a Markdown table of every import ID form.
func importIDFormsTable() string {
	var b strings.Builder
	b.WriteString("| Resource type | Import ID | Example | Parts |\n| --- | --- | --- | --- |\n")
	for _, typeName := range importIDTypes() {
		form := importIDForms()[typeName]
		names := make([]string, len(form.fields))
		for i, f := range form.fields {
			names[i] = "`" + f.name + "`"
		}
		fmt.Fprintf(&b, "| `%s` | `%s` | `%s` | %s |\n", typeName, form.syntax, form.example, strings.Join(names, ", "))
	}
	return b.String()
}

// importPartsType is the object type of a form's parts: merchant_id a
// number, the others strings.
func importPartsType(form importIDForm) map[string]attr.Type {
	attrTypes := make(map[string]attr.Type, len(form.fields))
	for _, f := range form.fields {
		attrTypes[f.name] = types.StringType
		if f.number {
			attrTypes[f.name] = types.Int64Type
		}
	}
	return attrTypes
}

// importPartsObject is parts as an object of importPartsType, null where a
// part is absent.
func importPartsObject(form importIDForm, parts importParts) (types.Object, diag.Diagnostics) {
	values := make(map[string]attr.Value, len(form.fields))
	for _, f := range form.fields {
		value, present := parts[f.name]
		switch {
		case f.number && present:
			values[f.name] = types.Int64Value(parts.merchantID())
		case f.number:
			values[f.name] = types.Int64Null()
		case present:
			values[f.name] = types.StringValue(value)
		default:
			values[f.name] = types.StringNull()
		}
	}
	return types.ObjectValue(importPartsType(form), values)
}
