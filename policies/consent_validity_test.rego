# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

package cardpay.consent_validity_test

import data.cardpay.consent_validity

consent(name, actions, expires) := {
	"address": sprintf("cardpay_ais_consent.%s", [name]),
	"mode": "managed",
	"type": "cardpay_ais_consent",
	"name": name,
	"change": {"actions": actions, "after": {"expiration_date_time": expires}, "after_unknown": {}},
}

plan(rcs) := {"timestamp": "2026-01-01T00:00:00Z", "resource_changes": rcs}

addresses(results) := {r.address | some r in results}

test_consent_within_the_default_90_days_passes if {
	rcs := [
		consent("exactly", ["create"], "2026-04-01T00:00:00Z"), # 90 days
		consent("offset", ["create"], "2026-04-01T01:00:00+01:00"), # the same instant
	]
	count(consent_validity.deny) == 0 with input as plan(rcs)
}

test_longer_consent_is_denied if {
	rcs := [
		consent("long", ["create"], "2026-04-01T00:00:01Z"),
		consent("replaced", ["delete", "create"], "2027-01-01T00:00:00Z"),
	]
	results := consent_validity.deny with input as plan(rcs)
	addresses(results) == {"cardpay_ais_consent.long", "cardpay_ais_consent.replaced"}
	some r in results
	r.address == "cardpay_ais_consent.replaced"
	contains(r.msg, "valid for 365 days")
}

test_limit_is_configurable if {
	rcs := [consent("long", ["create"], "2026-06-30T00:00:00Z")]
	count(consent_validity.deny) == 0 with input as plan(rcs) with data.cardpay.config as {"consent_max_validity_days": 180}
	addresses(consent_validity.deny) == {"cardpay_ais_consent.long"} with input as plan(rcs)
		with data.cardpay.config as {"consent_max_validity_days": 30}
}

test_existing_consents_are_not_checked if {
	count(consent_validity.deny) == 0 with input as plan([consent("old", ["no-op"], "2030-01-01T00:00:00Z")])
}

unknown_expiry := object.union(consent("later", ["create"], null), {"change": {"after_unknown": {"expiration_date_time": true}}})

test_unknown_expiration_warns if {
	count(consent_validity.deny) == 0 with input as plan([unknown_expiry])
	addresses(consent_validity.warn) == {"cardpay_ais_consent.later"} with input as plan([unknown_expiry])
}

test_unknown_expiration_denies_when_configured if {
	addresses(consent_validity.deny) == {"cardpay_ais_consent.later"} with input as plan([unknown_expiry])
		with data.cardpay.config as {"unknown_values": "deny"}
}
