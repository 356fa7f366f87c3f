// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

// The rows of list.cardpay_payment_method in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"list.cardpay_payment_method merchant 0": {config: `
list "cardpay_payment_method" "x" {
  provider = cardpay
  config {
    merchant_id = 0
  }
}
`, want: `merchant_id.*value must be at least 1`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"list.cardpay_payment_method": {except: listsWriteNothing},
	})
}
