// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// privateData holds private state as the framework's does: by key, a
// value set to nil removed.
type privateData map[string][]byte

func (p privateData) GetKey(_ context.Context, key string) ([]byte, diag.Diagnostics) {
	return p[key], nil
}

func (p privateData) SetKey(_ context.Context, key string, value []byte) diag.Diagnostics {
	if len(value) == 0 {
		delete(p, key)
	} else {
		p[key] = value
	}
	return nil
}

// A value import could not read is recorded as configured while the mark
// is there; any other change replaces the object.
func TestRequiresReplaceUnlessUnreadAfterImport(t *testing.T) {
	ctx := context.Background()
	m := RequiresReplaceUnlessUnreadAfterImport(testWarning)
	imported := privateData{}
	if diags := MarkUnreadAfterImport(ctx, imported); diags.HasError() {
		t.Fatal(diags)
	}
	unread, configured := types.StringNull(), types.StringValue("configured")
	for _, tc := range []struct {
		name    string
		state   types.String
		private privateData
		replace bool
	}{
		{"after import", unread, imported, false},
		{"nothing recorded, not imported", unread, privateData{}, true},
		{"a value recorded", types.StringValue("recorded"), imported, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			replace, diags := m.requiresReplace(ctx, tfsdk.State{Raw: existing}, tfsdk.Plan{Raw: existing}, tc.state, configured, configured, tc.private)
			requireReplace(t, replace, diags, tc.replace)
		})
	}
	if diags := ClearUnreadAfterImport(ctx, imported); diags.HasError() || len(imported) != 0 {
		t.Errorf("the mark stays after ClearUnreadAfterImport: %v, %v", imported, diags)
	}
}
