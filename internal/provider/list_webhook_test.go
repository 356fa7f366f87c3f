// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

// The rows of list.cardpay_webhook in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"list.cardpay_webhook": {except: "takes no arguments: it lists every webhook endpoint of the partner"},
	})
	addRows(secretsUses, map[string]secretsUse{
		"list.cardpay_webhook": {except: listsWriteNothing + "; TestAccListResources_query checks that a listed " +
			"webhook carries no secret"},
	})
}
