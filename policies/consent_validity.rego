# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

# AIS consents valid for at most config.consent_max_validity_days. A
# consent is valid from its creation until expiration_date_time, so each
# consent the plan creates is measured from the plan's timestamp (the time
# of `terraform plan`, in the plan JSON). An expiration the plan does not
# know yet (for example one computed from timestamp()) gives a finding at
# config.unknown_values.
package cardpay.consent_validity

import data.cardpay.lib

day_ns := ((24 * 60) * 60) * 1000000000

created contains rc if {
	some rc in lib.cardpay_changes
	rc.type == "cardpay_ais_consent"
	lib.creates(rc)
}

# plan_time is when the plan was made; plans without a timestamp (older
# CLIs) are measured from now.
plan_time := t if {
	t := time.parse_rfc3339_ns(input.timestamp)
} else := time.now_ns()

deny contains lib.finding("consent_validity", rc.address, msg) if {
	some rc in created
	expires := rc.change.after.expiration_date_time
	is_string(expires)
	days := (time.parse_rfc3339_ns(expires) - plan_time) / day_ns
	days > lib.config.consent_max_validity_days
	msg := sprintf(
		"the consent would be valid for %v days (expiration_date_time %s), more than the %v days allowed. Choose an earlier expiration_date_time, or raise consent_max_validity_days in the policy data.",
		[round(days * 10) / 10, expires, lib.config.consent_max_validity_days],
	)
}

unknown contains lib.finding("consent_validity", rc.address, msg) if {
	some rc in created
	lib.unknown(rc, "expiration_date_time")
	msg := sprintf(
		"expiration_date_time is known only after apply, so the consent's validity cannot be checked against %v days. Fix the window when it is first planned (see the cardpay_ais_consent example), or review the applied value.",
		[lib.config.consent_max_validity_days],
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
