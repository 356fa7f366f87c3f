// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
)

// A DestroyWarning says what destroying or replacing an object does at the
// service, such as that the API cannot delete it, so the old object stays.
// A resource declares its own once and shows it in every plan that
// destroys an object (its ModifyPlan) or replaces one (the RequiresReplace
// modifiers of its arguments), and when it destroys one (its Delete).
// Several arguments that replace the object show one warning: the
// framework drops a diagnostic equal to one it already has.
type DestroyWarning interface {
	// Diagnostics is the warning about the object in state.
	Diagnostics(ctx context.Context, state tfsdk.State) diag.Diagnostics
}

// Warning is a DestroyWarning that is the same for every object.
type Warning struct{ Summary, Detail string }

// Diagnostics is the warning.
func (w Warning) Diagnostics(context.Context, tfsdk.State) diag.Diagnostics {
	return diag.Diagnostics{diag.NewWarningDiagnostic(w.Summary, w.Detail)}
}

// WarningFunc is a DestroyWarning that depends on the object, such as a
// store's, which says whether destroy deactivates it.
type WarningFunc func(ctx context.Context, state tfsdk.State) diag.Diagnostics

// Diagnostics calls f.
func (f WarningFunc) Diagnostics(ctx context.Context, state tfsdk.State) diag.Diagnostics {
	return f(ctx, state)
}
