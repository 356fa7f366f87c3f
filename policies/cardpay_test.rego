# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

package cardpay_test

import data.cardpay

test_the_entry_point_collects_every_policy if {
	plan := {
		"timestamp": "2026-01-01T00:00:00Z",
		"resource_changes": [
			{"address": "cardpay_order.o", "mode": "managed", "type": "cardpay_order", "change": {"actions": ["delete", "create"], "before": {}}},
			{"address": "cardpay_merchant.m", "mode": "managed", "type": "cardpay_merchant", "change": {"actions": ["delete"], "before": {}}},
			{
				"address": "cardpay_webhook.w", "mode": "managed", "type": "cardpay_webhook",
				"change": {"actions": ["create"], "after": {"url": null}, "after_unknown": {"url": true}},
			},
		],
		"configuration": {"root_module": {"outputs": {"s": {"expression": {"references": ["cardpay_webhook.w.secret"]}}}}},
	}
	config := {"webhook_hosts": ["hooks.example"]}
	{[r.policy, r.address] | some r in cardpay.deny} == {
		["replacement", "cardpay_order.o"],
		["forgetting_destroy", "cardpay_merchant.m"],
		["secret_output", "output.s"],
	} with input as plan with data.cardpay.config as config
	{[r.policy, r.address] | some r in cardpay.warn} == {["webhook_host", "cardpay_webhook.w"]} with input as plan
		with data.cardpay.config as config
}

test_a_plan_without_changes_passes if {
	count(cardpay.deny) == 0 with input as {"resource_changes": [], "configuration": {"root_module": {}}}
	count(cardpay.warn) == 0 with input as {"resource_changes": [], "configuration": {"root_module": {}}}
}
