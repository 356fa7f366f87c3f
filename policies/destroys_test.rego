# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

package cardpay.destroys_test

import data.cardpay.destroys

change(type, name, actions, before) := {
	"address": sprintf("%s.%s", [type, name]),
	"mode": "managed",
	"type": type,
	"name": name,
	"change": {"actions": actions, "before": before, "after": null},
}

addresses(results) := {r.address | some r in results}

test_forgetting_destroys_are_denied if {
	types := [
		"cardpay_ais_consent", "cardpay_merchant", "cardpay_onboarding_application", "cardpay_online_terminal",
		"cardpay_order", "cardpay_payment_method", "cardpay_webhook",
	]
	results := destroys.deny with input as {"resource_changes": [change(t, "x", ["delete"], {}) | some t in types]}
	addresses(results) == {sprintf("%s.x", [t]) | some t in types}
	every r in results {
		r.policy == "forgetting_destroy"
		contains(r.msg, "approved_destroys")
	}
}

test_store_kept_on_destroy_is_denied if {
	rcs := [
		change("cardpay_store", "adopted", ["delete"], {"deactivate_on_destroy": false}),
		change("cardpay_store", "created", ["delete"], {"deactivate_on_destroy": true}),
	]
	addresses(destroys.deny) == {"cardpay_store.adopted"} with input as {"resource_changes": rcs}
}

test_revoked_and_expiring_objects_are_allowed if {
	rcs := [
		change("cardpay_partner_credential", "ci", ["delete"], {}),
		change("cardpay_interapp_registration", "code", ["delete"], {}),
	]
	count(destroys.deny) == 0 with input as {"resource_changes": rcs}
}

test_approved_destroy_is_allowed if {
	rc := change("cardpay_payment_method", "extra[\"amex\"]", ["delete"], {})
	count(destroys.deny) == 0 with input as {"resource_changes": [rc]}
		with data.cardpay.config as {"approved_destroys": ["cardpay_payment_method.extra[\"amex\"]"]}
}

test_approving_a_replacement_does_not_approve_a_destroy if {
	rc := change("cardpay_order", "o", ["delete"], {})
	addresses(destroys.deny) == {"cardpay_order.o"} with input as {"resource_changes": [rc]}
		with data.cardpay.config as {"approved_replacements": ["cardpay_order.o"]}
}

test_replacements_and_forgets_are_left_to_others if {
	rcs := [
		change("cardpay_order", "r", ["delete", "create"], {}),
		change("cardpay_order", "f", ["forget"], {}),
	]
	count(destroys.deny) == 0 with input as {"resource_changes": rcs}
}
