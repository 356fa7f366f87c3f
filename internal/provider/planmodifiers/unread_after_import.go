// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// UnreadAfterImport is the key, in a resource's private state, that marks
// an object as imported with arguments the API does not report (an order's
// description), which are therefore null rather than known.
const UnreadAfterImport = "unread_after_import"

// PrivateState is what the framework's private state of a resource offers.
type PrivateState interface {
	privateKeys
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

// MarkUnreadAfterImport marks an import's object (ImportState).
func MarkUnreadAfterImport(ctx context.Context, private PrivateState) diag.Diagnostics {
	return private.SetKey(ctx, UnreadAfterImport, []byte("true"))
}

// ClearUnreadAfterImport ends the mark once the configured values are
// recorded (Update).
func ClearUnreadAfterImport(ctx context.Context, private PrivateState) diag.Diagnostics {
	return private.SetKey(ctx, UnreadAfterImport, nil)
}

// RequiresReplaceUnlessUnreadAfterImport replaces the object when the
// value changes, except when the state holds no value because import could
// not read it (MarkUnreadAfterImport): the configured value is then
// recorded as written.
func RequiresReplaceUnlessUnreadAfterImport(w DestroyWarning) ReplaceWithWarning {
	return ReplaceWithWarning{warning: w,
		description: "Changing it replaces the object, except right after import, when the configured value is recorded.",
		when: func(ctx context.Context, c change) (bool, diag.Diagnostics) {
			if !c.state.IsNull() {
				return true, nil
			}
			marker, diags := c.private.GetKey(ctx, UnreadAfterImport)
			return len(marker) == 0, diags
		}}
}
