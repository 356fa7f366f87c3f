# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

# Payment methods allowed per merchant country
# (config.payment_methods_by_country; not checked while it is empty). A
# cardpay_payment_method names its merchant by merchant_id only, so the
# country comes, in this order, from:
#   1. config.merchant_countries keyed by the merchant ID ("1001");
#   2. config.merchant_countries keyed by the module instance that holds the
#      payment method (`module.merchant["acme"]`), for a module per merchant
#      whose merchant ID is known only after apply;
#   3. the country_code of the cardpay_store objects of the same merchant
#      in the plan (the same merchant ID; or, while the merchant ID is
#      unknown, the stores with an unknown merchant ID in the same module
#      instance), when they name exactly one country.
# A payment method whose country none of these gives is reported at
# config.unknown_values.
package cardpay.payment_methods

import data.cardpay.lib

checked contains rc if {
	count(lib.config.payment_methods_by_country) > 0
	some rc in lib.cardpay_changes
	rc.type == "cardpay_payment_method"
	lib.creates(rc)
}

deny contains lib.finding("payment_method_country", rc.address, msg) if {
	some rc in checked
	country := country_of(rc)
	method := lower(rc.change.after.method)
	allowed := {lower(m) | some m in object.get(lib.config.payment_methods_by_country, country, [])}
	not method in allowed
	msg := sprintf(
		"payment method %q is not allowed for merchants in %s (allowed: %v). Remove it, or add it to payment_methods_by_country[%q] in the policy data.",
		[method, country, sort(allowed), country],
	)
}

unknown contains lib.finding("payment_method_country", rc.address, msg) if {
	some rc in checked
	not country_of(rc)
	msg := sprintf(
		"the country of merchant %s is not known, so payment method %q cannot be checked against payment_methods_by_country. Add the merchant to merchant_countries in the policy data (by merchant ID, or by module instance).",
		[merchant_name(rc), rc.change.after.method],
	)
}

deny contains f if {
	lib.unknown_level == "deny"
	some f in unknown
}

warn contains f if {
	lib.unknown_level != "deny"
	some f in unknown
}

module_of(rc) := object.get(rc, "module_address", "")

merchant_key(rc) := format_int(rc.change.after.merchant_id, 10)

merchant_name(rc) := merchant_key(rc) if {
	is_number(rc.change.after.merchant_id)
} else := "(known after apply)"

country_of(rc) := upper(c) if {
	c := lib.config.merchant_countries[merchant_key(rc)]
} else := upper(c) if {
	c := lib.config.merchant_countries[module_of(rc)]
} else := c if {
	countries := store_countries(rc)
	count(countries) == 1
	some c in countries
}

store_countries(rc) := {upper(s.change.after.country_code) |
	some s in lib.cardpay_changes
	s.type == "cardpay_store"
	is_string(s.change.after.country_code)
	same_merchant(s, rc)
}

same_merchant(s, rc) if {
	is_number(rc.change.after.merchant_id)
	s.change.after.merchant_id == rc.change.after.merchant_id
}

same_merchant(s, rc) if {
	lib.unknown(rc, "merchant_id")
	lib.unknown(s, "merchant_id")
	module_of(s) == module_of(rc)
}
