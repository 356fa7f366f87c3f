# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

package cardpay.webhook_hosts_test

import data.cardpay.webhook_hosts

hosts := {"webhook_hosts": ["hooks.partner.example", "*.events.partner.example"]}

webhook(name, actions, url) := {
	"address": sprintf("cardpay_webhook.%s", [name]),
	"mode": "managed",
	"type": "cardpay_webhook",
	"name": name,
	"change": {"actions": actions, "after": {"url": url}, "after_unknown": {}},
}

addresses(results) := {r.address | some r in results}

test_allowed_hosts_pass if {
	rcs := [
		webhook("exact", ["create"], "https://hooks.partner.example/cardpay"),
		webhook("upper", ["update"], "https://HOOKS.partner.example:8443/cardpay"),
		webhook("sub", ["create"], "https://eu.events.partner.example/x?y=1"),
	]
	count(webhook_hosts.deny) == 0 with input as {"resource_changes": rcs} with data.cardpay.config as hosts
}

test_other_hosts_are_denied if {
	rcs := [
		webhook("other", ["create"], "https://evil.example/hooks.partner.example"),
		webhook("suffix", ["update"], "https://hooks.partner.example.evil.example/"),
		webhook("userinfo", ["create"], "https://hooks.partner.example@evil.example/"),
		webhook("parent", ["create"], "https://events.partner.example/"),
		webhook("replaced", ["delete", "create"], "http://127.0.0.1:9000/"),
	]
	results := webhook_hosts.deny with input as {"resource_changes": rcs} with data.cardpay.config as hosts
	addresses(results) == {
		"cardpay_webhook.other", "cardpay_webhook.suffix", "cardpay_webhook.userinfo",
		"cardpay_webhook.parent", "cardpay_webhook.replaced",
	}
	some r in results
	r.address == "cardpay_webhook.other"
	contains(r.msg, `on host "evil.example"`)
}

test_consent_callback_url_is_checked if {
	rc := {
		"address": "cardpay_ais_consent.c", "mode": "managed", "type": "cardpay_ais_consent", "name": "c",
		"change": {"actions": ["create"], "after": {"callback_url": "https://elsewhere.example/cb"}, "after_unknown": {}},
	}
	addresses(webhook_hosts.deny) == {"cardpay_ais_consent.c"} with input as {"resource_changes": [rc]}
		with data.cardpay.config as hosts
}

test_consent_without_callback_url_passes if {
	rc := {
		"address": "cardpay_ais_consent.c", "mode": "managed", "type": "cardpay_ais_consent", "name": "c",
		"change": {"actions": ["create"], "after": {"callback_url": null}, "after_unknown": {}},
	}
	count(webhook_hosts.deny) == 0 with input as {"resource_changes": [rc]} with data.cardpay.config as hosts
}

test_unchanged_objects_are_not_checked if {
	rc := webhook("old", ["no-op"], "https://old.example/")
	count(webhook_hosts.deny) == 0 with input as {"resource_changes": [rc]} with data.cardpay.config as hosts
}

test_not_configured_checks_nothing if {
	rc := webhook("any", ["create"], "https://anything.example/")
	count(webhook_hosts.deny) == 0 with input as {"resource_changes": [rc]}
}

unknown_url := object.union(webhook("later", ["create"], null), {"change": {"after_unknown": {"url": true}}})

test_unknown_url_warns_by_default if {
	count(webhook_hosts.deny) == 0 with input as {"resource_changes": [unknown_url]} with data.cardpay.config as hosts
	addresses(webhook_hosts.warn) == {"cardpay_webhook.later"} with input as {"resource_changes": [unknown_url]}
		with data.cardpay.config as hosts
}

test_unknown_url_denies_when_configured if {
	config := object.union(hosts, {"unknown_values": "deny"})
	addresses(webhook_hosts.deny) == {"cardpay_webhook.later"} with input as {"resource_changes": [unknown_url]}
		with data.cardpay.config as config
	count(webhook_hosts.warn) == 0 with input as {"resource_changes": [unknown_url]} with data.cardpay.config as config
}

test_host_parsing if {
	webhook_hosts.host("https://User:pw@Example.COM:443/p") == "example.com"
	webhook_hosts.host("http://[::1]:8080/") == "[::1]"
	webhook_hosts.host("https://a.example?x=https://b.example") == "a.example"
}
