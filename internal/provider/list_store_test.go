// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

// The rows of list.cardpay_store in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"list.cardpay_store merchant 0": {config: `
list "cardpay_store" "x" {
  provider = cardpay
  config {
    merchant_id = 0
  }
}
`, want: `merchant_id.*value must be at least 1`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"list.cardpay_store": {except: listsWriteNothing},
	})
}
