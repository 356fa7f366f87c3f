// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// merchantScopedID is the import ID form "<merchant_id>/<name>".
func merchantScopedID(merchantID int64, name string) string {
	return strconv.FormatInt(merchantID, 10) + "/" + name
}

// parseMerchantScopedID splits an import ID "<merchant_id>/<name>"; label
// and example say in the error what a valid ID looks like.
func parseMerchantScopedID(id, label, example string) (int64, string, error) {
	merchant, name, ok := strings.Cut(id, "/")
	merchantID, err := parseMerchantID(merchant)
	if !ok || err != nil || name == "" || strings.Contains(name, "/") {
		return 0, "", fmt.Errorf("expected an ID of the form <merchant_id>/<%s> with a positive numeric "+
			"merchant ID, for example %q; got %q", label, example, id)
	}
	return merchantID, name, nil
}

// parseMerchantID reads a merchant ID as an import ID or part of one. Only
// the canonical form is accepted ("1001", not "+1001" or "01001"), so the
// ID in state is the one the user imported.
func parseMerchantID(s string) (int64, error) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 1 || strconv.FormatInt(id, 10) != s {
		return 0, fmt.Errorf("expected a positive numeric merchant ID such as \"1001\", got %q", s)
	}
	return id, nil
}

// changesAny reports whether the plan changes any of the named attributes;
// an unknown planned value counts as a change.
func changesAny(ctx context.Context, req resource.ModifyPlanRequest, names []string) bool {
	for _, name := range names {
		var planned, prior attr.Value
		diags := req.Plan.GetAttribute(ctx, path.Root(name), &planned)
		diags.Append(req.State.GetAttribute(ctx, path.Root(name), &prior)...)
		if !diags.HasError() && planned != nil && prior != nil && !planned.Equal(prior) {
			return true
		}
	}
	return false
}

// stringOrNull maps a response field to a Terraform value. The client cannot
// tell a field the service left out from an empty one, and optional outputs
// must be null rather than "", so both become null.
func stringOrNull(s string) types.String {
	if s == "" {
		return types.StringNull()
	}
	return types.StringValue(s)
}

// stringPointerOrNull is stringOrNull for optional response fields.
func stringPointerOrNull(s *string) types.String {
	if s == nil {
		return types.StringNull()
	}
	return stringOrNull(*s)
}

// replaceInactive plans the replacement of an object the service reports
// as inactive: the computed status at attr becomes unknown, which is the
// change Terraform needs to see before it honours RequiresReplace, and a
// warning says why the plan replaces it.
func replaceInactive(ctx context.Context, resp *resource.ModifyPlanResponse, attr path.Path, summary, detail string) {
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, attr, types.StringUnknown())...)
	resp.RequiresReplace = append(resp.RequiresReplace, attr)
	resp.Diagnostics.AddWarning(summary, detail)
}

// privateUnreadKey marks, in a resource's private state, that it was
// imported and that its arguments the API does not report (an order's
// description) are unknown rather than null.
const privateUnreadKey = "unread_after_import"

func markUnreadAfterImport(ctx context.Context, private privateState) diag.Diagnostics {
	return private.SetKey(ctx, privateUnreadKey, []byte("true"))
}

func clearUnreadAfterImport(ctx context.Context, private privateState) diag.Diagnostics {
	return private.SetKey(ctx, privateUnreadKey, nil)
}

// privateState is what the framework's private state offers resources.
type privateState interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

// requiresReplaceUnlessUnreadAfterImport replaces the object when the
// argument changes, except when the state holds no value because import
// could not read it: the configured value is then recorded as written.
func requiresReplaceUnlessUnreadAfterImport() planmodifier.String {
	return stringplanmodifier.RequiresReplaceIf(func(ctx context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
		unread := false
		if req.StateValue.IsNull() && req.Private != nil {
			marker, diags := req.Private.GetKey(ctx, privateUnreadKey)
			resp.Diagnostics.Append(diags...)
			unread = len(marker) > 0
		}
		resp.RequiresReplace = !unread
	}, "Changing it replaces the object, except right after import, when the configured value is recorded.",
		"Changing it replaces the object, except right after import, when the configured value is recorded.")
}
