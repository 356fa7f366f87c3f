# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

package cardpay.outputs_test

import data.cardpay.outputs

out(refs) := {"expression": {"references": refs}}

addresses(results) := {r.address | some r in results}

# The configuration of a plan: root outputs, and a module "m" whose output
# "secret" passes on a webhook secret and whose output "url" does not.
configuration := {"root_module": {
	"outputs": {
		"laundered": out(["cardpay_webhook.w.secret", "cardpay_webhook.w"]),
		"marked": object.union(out(["cardpay_webhook.w.secret", "cardpay_webhook.w"]), {"sensitive": true}),
		"plain": out(["cardpay_webhook.w.url", "cardpay_webhook.w"]),
		"indexed": out([`cardpay_order.o["a"].nonce`, `cardpay_order.o["a"]`, "cardpay_order.o"]),
		"from_module": out(["module.m.secret", "module.m"]),
		"module_url": out(["module.m.url", "module.m"]),
		"whole_module": out(["module.m"]),
		"nested": out(["cardpay_merchant.m.fast_track", "cardpay_merchant.m"]),
		"data_source": out(["data.cardpay_ais_accounts.a.accounts", "data.cardpay_ais_accounts.a"]),
		"other_provider": out(["random_password.p.result", "random_password.p"]),
		"constant": {"expression": {"constant_value": "x"}},
	},
	"module_calls": {"m": {
		"expressions": {"token": {"references": ["cardpay_partner_credential.c.client_secret", "cardpay_partner_credential.c"]}},
		"module": {"outputs": {
			"secret": out(["var.token"]),
			"url": out(["cardpay_webhook.w.url", "cardpay_webhook.w"]),
		}},
	}},
}}

other_provider_change := {
	"address": "random_password.p",
	"mode": "managed",
	"type": "random_password",
	"name": "p",
	"change": {"actions": ["create"], "after_sensitive": {"result": true}, "before_sensitive": false},
}

test_secret_references_are_denied if {
	results := outputs.deny with input as {"configuration": configuration, "resource_changes": [other_provider_change]}
	addresses(results) == {
		"output.laundered", "output.indexed", "output.from_module", "output.whole_module",
		"output.nested", "output.data_source", "output.other_provider",
	}
	some r in results
	r.address == "output.from_module"
	contains(r.msg, "cardpay_partner_credential.c.client_secret")
}

test_sensitive_by_the_plan_passes if {
	plan := {
		"configuration": {"root_module": {"outputs": {"o": out(["cardpay_webhook.w.secret", "cardpay_webhook.w"])}}},
		"output_changes": {"o": {"after_sensitive": true}},
	}
	count(outputs.deny) == 0 with input as plan
}

# The plan after the apply: the secret's value is known, and an output that
# got it through a local value (which the plan JSON does not describe).
applied_plan := {
	"configuration": {"root_module": {"outputs": {
		"via_local": out(["local.laundered"]),
		"url": out(["local.url"]),
		"short": out(["local.short"]),
	}}},
	"prior_state": {"values": {"root_module": {"child_modules": [{"resources": [{
		"address": "module.m.cardpay_webhook.w",
		"values": {"url": "https://hooks.example/", "secret": "whsec_0123456789", "events": ["payment.completed"]},
		"sensitive_values": {"events": [false], "secret": true},
	}]}]}}},
	"planned_values": {"outputs": {
		"via_local": {"sensitive": false, "value": {"header": "Bearer whsec_0123456789"}},
		"url": {"sensitive": false, "value": "https://hooks.example/"},
		"short": {"sensitive": false, "value": "whsec"},
	}},
}

test_secret_values_are_denied if {
	results := outputs.deny with input as applied_plan
	addresses(results) == {"output.via_local"}
	some r in results
	contains(r.msg, "module.m.cardpay_webhook.w.secret")
}

test_short_values_are_not_searched if {
	plan := json.patch(applied_plan, [{
		"op": "replace",
		"path": "/prior_state/values/root_module/child_modules/0/resources/0/values/secret",
		"value": "whsec",
	}])
	count(outputs.deny) == 0 with input as plan
}

test_a_plan_without_outputs_passes if {
	count(outputs.deny) == 0 with input as {"configuration": {"root_module": {}}}
}
