// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Resource identities (Terraform 1.12 and later) carry the API's own keys
// of an object: the merchant and the object's ID within it, or the ID of a
// partner-wide object. They are set wherever state is written, and import
// accepts them next to the string IDs.

// merchantIdentitySchema describes merchant_id and the object's key,
// both required for import.
func merchantIdentitySchema(key, keyDescription string) identityschema.Schema {
	return identityschema.Schema{Attributes: map[string]identityschema.Attribute{
		"merchant_id": identityschema.Int64Attribute{
			Description:       "Numeric ID of the merchant that owns the object.",
			RequiredForImport: true,
		},
		key: identityschema.StringAttribute{Description: keyDescription, RequiredForImport: true},
	}}
}

// keyIdentitySchema describes an object the API knows by one ID.
func keyIdentitySchema(key, description string) identityschema.Schema {
	return identityschema.Schema{Attributes: map[string]identityschema.Attribute{
		key: identityschema.StringAttribute{Description: description, RequiredForImport: true},
	}}
}

// identityFrom records the identity from the object's state: every
// identity here names attributes of the resource itself. Nothing happens
// when the resource has no identity or the state is empty.
func identityFrom(ctx context.Context, state tfsdk.State, identity *tfsdk.ResourceIdentity) diag.Diagnostics {
	if state.Raw.IsNull() {
		return nil
	}
	return identityOf(ctx, state, identity)
}

// attributeGetter is what states, plans and listed resources share.
type attributeGetter interface {
	GetAttribute(ctx context.Context, p path.Path, target any) diag.Diagnostics
}

// identityOf copies the identity's attributes from object's attributes of
// the same names.
func identityOf(ctx context.Context, object attributeGetter, identity *tfsdk.ResourceIdentity) diag.Diagnostics {
	var diags diag.Diagnostics
	if identity == nil {
		return diags
	}
	for name := range identity.Schema.GetAttributes() {
		var value attr.Value
		diags.Append(object.GetAttribute(ctx, path.Root(name), &value)...)
		diags.Append(identity.SetAttribute(ctx, path.Root(name), value)...)
	}
	return diags
}

// merchantScopedImport records merchant_id and the key of an import of
// typeName in the state, and returns them; ok is false once resp says why
// it could not.
func merchantScopedImport(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse,
	typeName string) (merchantID int64, key string, ok bool) {
	merchantID, key, diags := merchantScopedImportParts(ctx, req, typeName)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return 0, "", false
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(fieldMerchantID), merchantID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(importIDForms[typeName].fields[1].name), key)...)
	return merchantID, key, !resp.Diagnostics.HasError()
}

// merchantScopedImportParts returns the merchant and key of an import of
// typeName, from the "<merchant_id>/<key>" string (its importIDForms entry)
// or from the identity of an import block.
func merchantScopedImportParts(ctx context.Context, req resource.ImportStateRequest, typeName string) (int64, string, diag.Diagnostics) {
	var diags diag.Diagnostics
	form := importIDForms[typeName]
	key := form.fields[1].name
	if req.ID != "" {
		parts, err := form.parse(req.ID)
		if err != nil {
			diags.AddError("Invalid import ID for "+typeName, err.Error())
		}
		return parts.merchantID(), parts[key], diags
	}
	var merchantID types.Int64
	var value types.String
	diags.Append(req.Identity.GetAttribute(ctx, path.Root(fieldMerchantID), &merchantID)...)
	diags.Append(req.Identity.GetAttribute(ctx, path.Root(key), &value)...)
	if !diags.HasError() && (merchantID.ValueInt64() < 1 || value.ValueString() == "") {
		diags.AddError("Invalid import identity for "+typeName,
			fmt.Sprintf("The identity needs a positive merchant_id and a non-empty %s, for example "+
				"identity = { merchant_id = 1001, %s = \"...\" }.", key, key))
	}
	return merchantID.ValueInt64(), value.ValueString(), diags
}

// keyImport imports an object of typeName that the API knows by one ID,
// recorded as its id: from the string ID (its importIDForms entry) or the
// identity of an import block.
func keyImport(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse, typeName string) {
	id := req.ID
	if id == "" {
		var value types.String
		resp.Diagnostics.Append(req.Identity.GetAttribute(ctx, path.Root("id"), &value)...)
		id = value.ValueString()
	}
	if resp.Diagnostics.HasError() {
		return
	}
	if _, err := importIDForms[typeName].parse(id); err != nil {
		resp.Diagnostics.AddError("Invalid import ID for "+typeName, err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), id)...)
}
