// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzParseMerchantScopedID checks the import-ID parser of the
// merchant-scoped resources: it never panics, accepts only IDs that it
// would itself write, and explains every refusal with an example.
// Seeds live in testdata/fuzz/FuzzParseMerchantScopedID.
func FuzzParseMerchantScopedID(f *testing.F) {
	f.Add("1001/amex")
	f.Add("1001/1001-main")
	f.Fuzz(func(t *testing.T, id string) {
		merchantID, name, err := parseMerchantScopedID(id, "method", "1001/amex")
		if err != nil {
			if !strings.Contains(err.Error(), `"1001/amex"`) || !strings.Contains(err.Error(), "<merchant_id>/<method>") {
				t.Fatalf("refusal of %q does not show the expected form: %v", id, err)
			}
			if !strings.Contains(err.Error(), strconv.Quote(id)) {
				t.Fatalf("refusal of %q does not quote the ID: %v", id, err)
			}
			return
		}
		if merchantID < 1 || name == "" || strings.Contains(name, "/") {
			t.Fatalf("accepted %q as merchant %d, name %q", id, merchantID, name)
		}
		if got := merchantScopedID(merchantID, name); got != id {
			t.Fatalf("accepted %q, but the resource writes that ID as %q", id, got)
		}
	})
}
