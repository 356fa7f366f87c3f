# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

# Replacements that create an additional object at the service: the old
# object cannot be removed through the API (lib.forgets), so a replacement
# leaves it live and creates a second one (a second order, terminal,
# onboarding application, consent, merchant, webhook endpoint or active
# payment method; a store that is only forgotten). This policy owns the
# delete half of a replacement too; forgetting_destroy reports only
# destroys on their own, so a change is reported once.
package cardpay.replacements

import data.cardpay.lib

deny contains lib.finding("replacement", rc.address, msg) if {
	some rc in lib.cardpay_changes
	lib.is_replacement(rc)
	lib.forgets(rc)
	not rc.address in lib.config.approved_replacements
	msg := sprintf(
		"the plan replaces this %s%s, which creates an additional object at the service while the old one stays live (the API cannot remove it). Revert the change, or approve it by adding %q to approved_replacements in the policy data.",
		[rc.type, because(rc), rc.address],
	)
}

# because names the attributes that force the replacement, when the plan
# says (terraform apply -replace gives none).
because(rc) := sprintf(" (forced by %s)", [concat(", ", paths)]) if {
	paths := [concat(".", [sprintf("%v", [s]) | some s in p]) | some p in rc.change.replace_paths]
	count(paths) > 0
} else := ""
