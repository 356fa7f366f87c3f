# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

package cardpay.replacements_test

import data.cardpay.replacements

change(type, name, actions, before) := {
	"address": sprintf("%s.%s", [type, name]),
	"mode": "managed",
	"type": type,
	"name": name,
	"change": {"actions": actions, "before": before, "after": {}, "replace_paths": [["amount"]]},
}

addresses(results) := {r.address | some r in results}

test_replacing_an_order_is_denied if {
	results := replacements.deny with input as {"resource_changes": [change("cardpay_order", "first", ["delete", "create"], {})]}
	addresses(results) == {"cardpay_order.first"}
	some r in results
	r.policy == "replacement"
	contains(r.msg, "(forced by amount)")
	contains(r.msg, "approved_replacements")
}

test_create_before_destroy_replacement_is_denied if {
	addresses(replacements.deny) == {"cardpay_online_terminal.t"} with input as {"resource_changes": [change("cardpay_online_terminal", "t", ["create", "delete"], {})]}
}

test_every_forgetting_type_is_denied if {
	types := ["cardpay_ais_consent", "cardpay_merchant", "cardpay_onboarding_application", "cardpay_payment_method", "cardpay_webhook"]
	rcs := [change(t, "x", ["delete", "create"], {}) | some t in types]
	addresses(replacements.deny) == {sprintf("%s.x", [t]) | some t in types} with input as {"resource_changes": rcs}
}

test_approved_replacement_is_allowed if {
	count(replacements.deny) == 0 with input as {"resource_changes": [change("cardpay_order", "first", ["delete", "create"], {})]}
		with data.cardpay.config as {"approved_replacements": ["cardpay_order.first"]}
}

test_types_whose_destroy_ends_the_object_are_allowed if {
	rcs := [
		change("cardpay_partner_credential", "ci", ["delete", "create"], {}),
		change("cardpay_interapp_registration", "code", ["delete", "create"], {}),
		change("cardpay_store", "deactivated", ["delete", "create"], {"deactivate_on_destroy": true}),
	]
	count(replacements.deny) == 0 with input as {"resource_changes": rcs}
}

test_store_only_forgotten_is_denied if {
	rc := change("cardpay_store", "adopted", ["delete", "create"], {"deactivate_on_destroy": false})
	addresses(replacements.deny) == {"cardpay_store.adopted"} with input as {"resource_changes": [rc]}
}

test_other_actions_are_allowed if {
	rcs := [
		change("cardpay_order", "a", ["create"], null),
		change("cardpay_order", "b", ["update"], {}),
		change("cardpay_order", "c", ["no-op"], {}),
		change("cardpay_order", "d", ["delete"], {}),
	]
	count(replacements.deny) == 0 with input as {"resource_changes": rcs}
}

test_data_sources_and_other_providers_are_ignored if {
	rcs := [
		object.union(change("cardpay_order", "d", ["delete", "create"], {}), {"mode": "data"}),
		change("random_id", "r", ["delete", "create"], {}),
	]
	count(replacements.deny) == 0 with input as {"resource_changes": rcs}
}
