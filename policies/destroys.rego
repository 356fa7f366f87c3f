# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

# Destroys that only forget: the plan destroys an object that the API
# cannot remove (lib.forgets), so it stays live at the service (a merchant,
# an active payment method, a valid consent, a webhook endpoint receiving
# events, a store with deactivate_on_destroy = false...). Only a destroy on
# its own is reported here; the delete half of a replacement is the
# replacements policy's. Partner credentials are revoked on destroy and
# in-app registration codes expire within minutes, so neither is reported.
package cardpay.destroys

import data.cardpay.lib

deny contains lib.finding("forgetting_destroy", rc.address, msg) if {
	some rc in lib.cardpay_changes
	lib.is_destroy(rc)
	lib.forgets(rc)
	not rc.address in lib.config.approved_destroys
	msg := sprintf(
		"the plan destroys this %s, but destroy only removes it from Terraform state: the object stays live at the service. Keep it in the configuration (or use a removed block with destroy = false to stop managing it), ask cardpay to deactivate it, or approve by adding %q to approved_destroys in the policy data.",
		[rc.type, rc.address],
	)
}
