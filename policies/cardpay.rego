# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

# The cardpay policy pack's entry point: every policy's deny and warn
# results. conftest reads them with --namespace cardpay; opa eval with the
# query data.cardpay.deny (and data.cardpay.warn).
package cardpay

deny contains f if {
	some policy in policies
	some f in object.get(policy, "deny", set())
}

warn contains f if {
	some policy in policies
	some f in object.get(policy, "warn", set())
}

policies := [
	data.cardpay.replacements,
	data.cardpay.destroys,
	data.cardpay.webhook_hosts,
	data.cardpay.consent_validity,
	data.cardpay.payment_methods,
	data.cardpay.outputs,
]
