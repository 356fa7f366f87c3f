// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package planmodifiers holds the provider's own attribute plan modifiers,
// beside the framework's: a replacement that says what happens to the old
// object (RequiresReplace and its variants, with a DestroyWarning), one
// that records instead of replacing what import could not read
// (RequiresReplaceUnlessUnreadAfterImport), and a timestamp that keeps its
// spelling when the configuration names the same instant
// (KeepStateForSameInstant).
package planmodifiers
