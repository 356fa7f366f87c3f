# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

# Shared by the cardpay policies: the partner's configuration with its
# defaults, what the provider does at the service per resource type, and
# helpers to read `terraform show -json` output.
package cardpay.lib

# The configuration a partner overrides with a data document at
# data.cardpay.config (for example `-d cardpay-policy.json` holding
# {"cardpay": {"config": {...}}}). Keys left out keep these defaults;
# policies/README.md describes each.
defaults := {
	# Addresses (as in resource_changes[].address) whose replacement or
	# forgetting destroy is approved for this plan.
	"approved_replacements": [],
	"approved_destroys": [],
	# Hosts webhook URLs may point at: "hooks.example.com" exactly, or
	# "*.example.com" for any host below example.com. Empty: not checked.
	"webhook_hosts": [],
	# The longest validity of a new AIS consent, in days from the plan.
	"consent_max_validity_days": 90,
	# Payment methods allowed per merchant country (ISO 3166 alpha-2), such
	# as {"DK": ["visa", "mastercard", "mobilepay"]}. Empty: not checked.
	"payment_methods_by_country": {},
	# A merchant's country, keyed by merchant ID ("1001") or by the module
	# instance that manages it (`module.merchant["acme"]`).
	"merchant_countries": {},
	# What a value the plan does not know yet (known after apply) gives when
	# a policy needs it: "warn" or "deny".
	"unknown_values": "warn",
}

config := object.union(defaults, partner_config)

partner_config := c if {
	c := data.cardpay.config
} else := {}

# What destroying an object of each cardpay resource type does at the
# service. Keep it in step with the provider: each resource's Delete
# (internal/provider/resource_<name>.go) and the "Destroy" notes in
# docs/resources/*.md.
#   forgets: the API cannot remove the object; destroy only drops it from
#     state and it stays live (active, registered, valid, receiving events).
#   expires: forgets too, but the object ends by itself within minutes (an
#     in-app registration code lives about 120 seconds), so nothing stays.
#   revokes: destroy revokes the object (partner credentials).
#   deactivates: destroy deactivates the object unless its state says
#     deactivate_on_destroy = false, in which case it only forgets (stores).
destroy_effect := {
	"cardpay_ais_consent": "forgets",
	"cardpay_interapp_registration": "expires",
	"cardpay_merchant": "forgets",
	"cardpay_onboarding_application": "forgets",
	"cardpay_online_terminal": "forgets",
	"cardpay_order": "forgets",
	"cardpay_partner_credential": "revokes",
	"cardpay_payment_method": "forgets",
	"cardpay_store": "deactivates",
	"cardpay_webhook": "forgets",
}

# forgets(rc) holds when destroying the object of resource change rc leaves
# it live at the service: the destroy of a forgetting type, or of a store
# whose state says deactivate_on_destroy = false.
forgets(rc) if destroy_effect[rc.type] == "forgets"

forgets(rc) if {
	destroy_effect[rc.type] == "deactivates"
	rc.change.before.deactivate_on_destroy == false
}

# The attributes the provider's schema marks sensitive, per resource and
# data source type (a dotted path for nested attributes). The policies'
# Go test compares this with `terraform providers schema -json`.
sensitive_attributes := {
	"cardpay_ais_consent": {"authorization_url"},
	"cardpay_interapp_registration": {"registration_code", "registration_link"},
	"cardpay_merchant": {"fast_track.iban", "onboarding_url"},
	"cardpay_order": {"nonce"},
	"cardpay_partner_credential": {"client_secret"},
	"cardpay_webhook": {"secret"},
	"cardpay_ais_account_balance": {"account_details.account_holder_name", "account_details.iban", "balance.value"},
	"cardpay_ais_account_transactions": {"transactions"},
	"cardpay_ais_accounts": {"accounts.account_details", "accounts.account_holder_name", "accounts.balance", "accounts.iban"},
	"cardpay_ais_consent_accounts": {"accounts.account_details", "accounts.account_holder_name", "accounts.iban"},
}

# Managed cardpay resource changes.
cardpay_changes contains rc if {
	some rc in input.resource_changes
	rc.mode == "managed"
	startswith(rc.type, "cardpay_")
}

is_replacement(rc) if rc.change.actions == ["delete", "create"]

is_replacement(rc) if rc.change.actions == ["create", "delete"]

is_destroy(rc) if rc.change.actions == ["delete"]

# creates(rc): the change creates an object (alone or in a replacement).
creates(rc) if "create" in rc.change.actions

# unknown(rc, name): the planned value of attribute name is known only
# after apply.
unknown(rc, name) if object.get(rc.change, ["after_unknown", name], false) == true

# finding builds a policy result: conftest prints msg; policy and address
# let a program tell the results apart.
finding(policy, address, msg) := {"policy": policy, "address": address, "msg": sprintf("%s: %s", [address, msg])}

# The level of a finding that rests on an unknown value.
unknown_level := config.unknown_values
