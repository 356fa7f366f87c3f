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
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// providerDataFrom unwraps ProviderData for resources, data sources and
// ephemeral resources. It returns nil before the provider is configured
// (for example during validation), which callers treat as "not yet".
func providerDataFrom(raw any, diags *diag.Diagnostics) *providerData {
	if raw == nil {
		return nil
	}
	data, ok := raw.(*providerData)
	if !ok {
		diags.AddError("Unexpected provider data",
			fmt.Sprintf("Expected *providerData, got %T. This is a bug in the provider; please report it.", raw))
		return nil
	}
	return data
}

// merchantScopedID is the import ID form "<merchant_id>/<name>".
func merchantScopedID(merchantID int64, name string) string {
	return strconv.FormatInt(merchantID, 10) + "/" + name
}

// parseMerchantScopedID splits an import ID "<merchant_id>/<name>"; label
// and example say in the error what a valid ID looks like.
func parseMerchantScopedID(id, label, example string) (int64, string, error) {
	merchant, name, ok := strings.Cut(id, "/")
	merchantID, err := strconv.ParseInt(merchant, 10, 64)
	// Only the canonical form is accepted ("1001", not "+1001" or
	// "01001"), so the ID in state is the one the user imported.
	canonical := err == nil && strconv.FormatInt(merchantID, 10) == merchant
	if !ok || !canonical || merchantID < 1 || name == "" || strings.Contains(name, "/") {
		return 0, "", fmt.Errorf("expected an ID of the form <merchant_id>/<%s> with a positive numeric "+
			"merchant ID, for example %q; got %q", label, example, id)
	}
	return merchantID, name, nil
}

// warnIfDestroyOnlyForgets adds a plan-time warning when the plan destroys
// an object the service cannot delete, or replaces it because one of the
// attributes named in replacedBy changes. Those attributes are compared here
// because the framework hands ModifyPlan an empty RequiresReplace: the
// attributes' own RequiresReplace is merged only after it returns.
func warnIfDestroyOnlyForgets(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse,
	summary, detail string, replacedBy ...string,
) {
	if req.State.Raw.IsNull() {
		return // creating: nothing to forget
	}
	if req.Plan.Raw.IsNull() || changesAny(ctx, req, replacedBy) {
		resp.Diagnostics.AddWarning(summary, detail)
	}
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
