// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// How the models map the service's values to Terraform's and back.

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

// keepUnlessSent is the service's value, or the recorded one when the
// service sent none (an unknown recorded value becomes null).
func keepUnlessSent(recorded types.String, sent string) types.String {
	if sent != "" || recorded.IsUnknown() {
		return stringOrNull(sent)
	}
	return recorded
}

// stringSet is a set of strings the service sent.
func stringSet(values []string) types.Set {
	elems := make([]attr.Value, len(values))
	for i, v := range values {
		elems[i] = types.StringValue(v)
	}
	return types.SetValueMust(types.StringType, elems)
}

// sortedStrings are the strings of a set, sorted so that a request does not
// depend on set order.
func sortedStrings(ctx context.Context, set types.Set) ([]string, diag.Diagnostics) {
	var values []string
	diags := set.ElementsAs(ctx, &values, false)
	slices.Sort(values)
	return values, diags
}

// entriesFromAPI maps a list the API answered to a data source's entries
// with the entry model's fromAPI; never nil, so an empty list stays a list.
func entriesFromAPI[T, E any](list []T, fromAPI func(*E, *T)) []E {
	entries := make([]E, len(list))
	for i := range list {
		fromAPI(&entries[i], &list[i])
	}
	return entries
}
