// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"strconv"
	"strings"

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
