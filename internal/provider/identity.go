// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Resource identities (Terraform 1.12 and later) carry the API's own keys
// of an object: the merchant and the object's ID within it, or the ID of a
// partner-wide object. Each resource has an identity model beside its
// state model, set wherever state is written, and import accepts an
// identity next to the string ID (its importIDForm).

// merchantIdentitySchema describes merchant_id and the object's key,
// both required for import.
func merchantIdentitySchema(key, keyDescription string) identityschema.Schema {
	return identityschema.Schema{Attributes: map[string]identityschema.Attribute{
		fieldMerchantID: identityschema.Int64Attribute{
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

// merchantScopedImport records merchant_id and the key of an import of
// typeName, an ID of form ("<merchant_id>/<key>") or an import block's
// identity, in the state, and returns them; ok is false once resp says why
// it could not.
func merchantScopedImport(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse,
	typeName string, form importIDForm) (merchantID int64, key string, ok bool) {
	merchantID, key, diags := merchantScopedImportParts(ctx, req, typeName, form)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return 0, "", false
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(fieldMerchantID), merchantID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(form.fields[1].name), key)...)
	return merchantID, key, !resp.Diagnostics.HasError()
}

// merchantScopedImportParts returns the merchant and key of an import of
// typeName, from a string ID of form or from the identity of an import
// block.
func merchantScopedImportParts(ctx context.Context, req resource.ImportStateRequest, typeName string, form importIDForm) (int64, string, diag.Diagnostics) {
	var diags diag.Diagnostics
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
// recorded as its id: from a string ID of form or the identity of an
// import block.
func keyImport(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse, typeName string, form importIDForm) {
	id := req.ID
	if id == "" {
		var value types.String
		resp.Diagnostics.Append(req.Identity.GetAttribute(ctx, path.Root("id"), &value)...)
		id = value.ValueString()
	}
	if resp.Diagnostics.HasError() {
		return
	}
	if _, err := form.parse(id); err != nil {
		resp.Diagnostics.AddError("Invalid import ID for "+typeName, err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), id)...)
}
