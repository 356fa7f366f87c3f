# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

package cardpay.payment_methods_test

import data.cardpay.payment_methods

by_country := {"payment_methods_by_country": {
	"DK": ["visa", "mastercard", "mobilepay"],
	"SE": ["visa", "mastercard", "swish"],
}}

method(address, module, merchant_id, name) := {
	"address": address,
	"module_address": module,
	"mode": "managed",
	"type": "cardpay_payment_method",
	"name": "m",
	"change": {"actions": ["create"], "after": {"merchant_id": merchant_id, "method": name}, "after_unknown": {}},
}

unknown_merchant(rc) := object.union(rc, {"change": {"after": {"merchant_id": null}, "after_unknown": {"merchant_id": true}}})

store(address, module, merchant_id, country) := {
	"address": address,
	"module_address": module,
	"mode": "managed",
	"type": "cardpay_store",
	"name": "s",
	"change": {"actions": ["no-op"], "after": {"merchant_id": merchant_id, "country_code": country}, "after_unknown": {}},
}

addresses(results) := {r.address | some r in results}

test_country_from_merchant_countries if {
	rcs := [
		method("cardpay_payment_method.ok", "", 1001, "mobilepay"),
		method("cardpay_payment_method.swish", "", 1001, "swish"),
	]
	config := object.union(by_country, {"merchant_countries": {"1001": "dk"}})
	results := payment_methods.deny with input as {"resource_changes": rcs} with data.cardpay.config as config
	addresses(results) == {"cardpay_payment_method.swish"}
	some r in results
	contains(r.msg, `payment method "swish" is not allowed for merchants in DK`)
}

test_country_from_the_merchants_stores if {
	rcs := [
		method("cardpay_payment_method.a", "", 1002, "swish"),
		method("cardpay_payment_method.b", "", 1002, "mobilepay"),
		store("cardpay_store.s", "", 1002, "SE"),
		store("cardpay_store.other", "", 1001, "DK"),
	]
	addresses(payment_methods.deny) == {"cardpay_payment_method.b"} with input as {"resource_changes": rcs}
		with data.cardpay.config as by_country
}

test_country_from_the_module_instance if {
	rcs := [unknown_merchant(method(`module.merchant["acme"].cardpay_payment_method.m`, `module.merchant["acme"]`, null, "swish"))]
	config := object.union(by_country, {"merchant_countries": {`module.merchant["acme"]`: "DK"}})
	addresses(payment_methods.deny) == {`module.merchant["acme"].cardpay_payment_method.m`} with input as {"resource_changes": rcs}
		with data.cardpay.config as config
}

test_new_merchant_takes_the_country_of_its_new_stores if {
	m := `module.merchant["acme"]`
	rcs := [
		unknown_merchant(method(sprintf("%s.cardpay_payment_method.m", [m]), m, null, "vipps")),
		unknown_merchant(store(sprintf("%s.cardpay_store.s", [m]), m, null, "DK")),
		store(`module.merchant["other"].cardpay_store.s`, `module.merchant["other"]`, null, "SE"),
	]
	addresses(payment_methods.deny) == {sprintf("%s.cardpay_payment_method.m", [m])} with input as {"resource_changes": rcs}
		with data.cardpay.config as by_country
}

test_country_without_an_entry_allows_nothing if {
	rcs := [method("cardpay_payment_method.a", "", 1003, "visa")]
	config := object.union(by_country, {"merchant_countries": {"1003": "NO"}})
	addresses(payment_methods.deny) == {"cardpay_payment_method.a"} with input as {"resource_changes": rcs}
		with data.cardpay.config as config
}

test_stores_in_two_countries_leave_the_country_unknown if {
	rcs := [
		method("cardpay_payment_method.a", "", 1001, "visa"),
		store("cardpay_store.dk", "", 1001, "DK"),
		store("cardpay_store.se", "", 1001, "SE"),
	]
	count(payment_methods.deny) == 0 with input as {"resource_changes": rcs} with data.cardpay.config as by_country
	addresses(payment_methods.warn) == {"cardpay_payment_method.a"} with input as {"resource_changes": rcs}
		with data.cardpay.config as by_country
	addresses(payment_methods.deny) == {"cardpay_payment_method.a"} with input as {"resource_changes": rcs}
		with data.cardpay.config as object.union(by_country, {"unknown_values": "deny"})
}

test_not_configured_checks_nothing if {
	rcs := [method("cardpay_payment_method.a", "", 1001, "swish")]
	count(payment_methods.deny) == 0 with input as {"resource_changes": rcs}
	count(payment_methods.warn) == 0 with input as {"resource_changes": rcs}
}
