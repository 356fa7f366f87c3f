# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

# URLs the service calls back only on the partner's hosts
# (config.webhook_hosts): a webhook endpoint's url and an AIS consent's
# callback_url. Only objects the plan creates or updates are checked. A
# URL the plan does not know yet (known after apply) cannot be checked and
# gives a finding at config.unknown_values ("warn" by default).
package cardpay.webhook_hosts

import data.cardpay.lib

# The attributes holding a URL the service calls, per resource type.
url_attributes := {
	"cardpay_webhook": "url",
	"cardpay_ais_consent": "callback_url",
}

checked contains [rc, name] if {
	count(lib.config.webhook_hosts) > 0
	some rc in lib.cardpay_changes
	name := url_attributes[rc.type]
	some action in rc.change.actions
	action in {"create", "update"}
}

deny contains lib.finding("webhook_host", rc.address, msg) if {
	some [rc, name] in checked
	url := rc.change.after[name]
	is_string(url)
	h := host(url)
	not allowed(h)
	msg := sprintf(
		"%s %q is on host %q, which is not an allowed webhook host. Use a URL on one of %v, or add the host to webhook_hosts in the policy data.",
		[name, url, h, lib.config.webhook_hosts],
	)
}

unknown contains lib.finding("webhook_host", rc.address, msg) if {
	some [rc, name] in checked
	lib.unknown(rc, name)
	msg := sprintf(
		"%s is known only after apply, so its host cannot be checked against webhook_hosts. Set it from values known at plan time, or review the applied value.",
		[name],
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

# host returns the lower-case host of an absolute URL, without user
# information and port; an IPv6 literal keeps its brackets.
host(url) := h if {
	[_, authority] := regex.find_all_string_submatch_n(`^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]*)`, url, 1)[0]
	parts := split(authority, "@")
	hostport := lower(parts[count(parts) - 1])
	h := strip_port(hostport)
}

strip_port(hp) := h if {
	startswith(hp, "[")
	h := concat("", [split(hp, "]")[0], "]"])
} else := split(hp, ":")[0]

allowed(h) if {
	some pattern in lib.config.webhook_hosts
	lower(pattern) == h
}

allowed(h) if {
	some pattern in lib.config.webhook_hosts
	startswith(pattern, "*.")
	endswith(h, lower(substring(pattern, 1, -1)))
}
