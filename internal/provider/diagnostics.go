// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// addAPIError turns a client error into a diagnostic that shows the HTTP
// status, the service's message and the request ID, plus what to do next.
func addAPIError(diags *diag.Diagnostics, summary string, err error) {
	diags.AddError(summary, apiErrorDetail(err))
}

func apiErrorDetail(err error) string {
	detail := err.Error()
	var apiErr *client.APIError
	switch {
	case errors.As(err, &apiErr) && apiErr.Refusals > 0 && apiErr.StatusCode == http.StatusServiceUnavailable:
		detail += "\n\n" + unavailableHint
	case errors.As(err, &apiErr) && apiErr.Refusals > 0:
		detail += "\n\n" + rateLimitHint
	case errors.As(err, &apiErr):
		if hint := statusHint(apiErr.StatusCode, apiErr.Path); hint != "" {
			detail += "\n\n" + hint
		}
	case client.IsUntrustedCertificate(err):
		detail += fmt.Sprintf("\n\nThe server's certificate is signed by a CA this machine does not trust. If it is a CA "+
			"of your own, such as that of a cardpay-sandbox started with -tls, give the path of its certificate (PEM) "+
			"in %s in the provider block (or %s).", attrCACertFile, envCACertFile)
	case unreachable(err):
		detail += fmt.Sprintf("\n\nNo connection to the service could be opened. Check that %s (or %s), or %s for "+
			"the data API, is the address of the service, and that the service is up and reachable from this machine.",
			attrBaseURL, envBaseURL, attrAISBaseURL)
	case client.IsTimeout(err):
		detail += fmt.Sprintf("\n\nThe service did not answer within the provider's %s. Raise %s in the provider "+
			"block (or %s), for example to \"2m\", if the service is known to be slow.",
			attrRequestTimeout, attrRequestTimeout, envRequestTimeout)
	}
	return detail
}

// rateLimitHint says what to do when the service's rate limit refused a
// request for longer than the provider waits.
var rateLimitHint = fmt.Sprintf("The service's rate limit refused this request until the time the provider "+
	"waits for it ran out (%s, or %s, by default %s; or the resource's timeouts). Requests of this "+
	"credential are spread over the rate the service allows, so the run was asking for more than that "+
	"rate gives in the time. Allow more time with %s, run fewer workspaces with this credential at "+
	"once, or ask cardpay for a larger quota. If you know your quota, set %s (or %s) to each workspace's share.",
	attrMaxRateLimitWait, envMaxRateLimitWait, shortDuration(client.DefaultMaxRateLimitWait), attrMaxRateLimitWait,
	attrMaxRequestsPerSecond, envMaxRequestsPerSecond)

// unavailableHint says what to do when the service answered 503 with
// Retry-After for longer than the provider waits: it is not a quota, so
// the rate-limit advice would mislead.
var unavailableHint = fmt.Sprintf("The service was unavailable (HTTP 503) and asked the provider to come back "+
	"later, until the time the provider waits for it ran out (%s, or %s, by default %s; or the resource's "+
	"timeouts). This is usually maintenance or an outage at cardpay, not something in your configuration. "+
	"Apply again later, or allow more time with %s.",
	attrMaxRateLimitWait, envMaxRateLimitWait, shortDuration(client.DefaultMaxRateLimitWait), attrMaxRateLimitWait)

// statusHint tells the user what usually causes a status on this API.
func statusHint(status int, path string) string {
	ais := strings.HasPrefix(path, "/v1/ais/")
	switch status {
	case http.StatusUnauthorized:
		if ais {
			return fmt.Sprintf("If the provider's %s (or %s) is set, check it: the service does not accept it. "+
				"Otherwise the service refused a token it had just issued for the partner credentials (the provider "+
				"asks for a new one once): check that %s names the data API that issues them. Each token is for one "+
				"merchant and user, so a consent or account of another user is refused the same way: check user_id.",
				attrAccessToken, envAccessToken, attrAISBaseURL)
		}
		return fmt.Sprintf("Check the provider's %s and %s (or %s and %s), and %s if set.",
			attrPartnerClientID, attrPartnerClientSecret, envPartnerClientID, envPartnerClientSecret, attrPartnerAuth)
	case http.StatusForbidden:
		switch {
		case path == client.TokenPath:
			return "These partner credentials may not read the data of this merchant's users."
		case ais:
			return "The token may not read this merchant, or the user's consent is missing, not yet authorized, " +
				"expired, or lacks the permission this read needs."
		}
		return "These partner credentials may not act for this merchant."
	case http.StatusNotFound:
		return "Check that the merchant ID and any store or account ID exist."
	case http.StatusTooManyRequests:
		return rateLimitHint
	case http.StatusServiceUnavailable:
		return fmt.Sprintf("The service was unavailable and stayed so while the provider retried. Wait before "+
			"applying again, or allow more retries with %s (or %s).", attrMaxRetries, envMaxRetries)
	}
	return ""
}

// addCreateError reports a failed create of object for owner ("merchant
// 1001", or "the partner"). When the outcome is unknown
// (*client.MaybeCreatedError) the summary says the object may exist,
// because Terraform has not recorded it and another apply would create a
// second one. lookup says where to look for it; "" when the API cannot.
func addCreateError(diags *diag.Diagnostics, object, owner string, err error, lookup string) {
	var maybe *client.MaybeCreatedError
	if !errors.As(err, &maybe) {
		addAPIError(diags, fmt.Sprintf("Could not create %s for %s", object, owner), err)
		return
	}
	where := "and the API cannot look it up"
	if lookup != "" {
		where = "but " + lookup
	}
	diags.AddError(
		fmt.Sprintf("The %s may have been created for %s (outcome unknown)", object, owner),
		apiErrorDetail(err)+"\n\nTerraform has not recorded it in state, "+where+". Check with the service as "+
			"described above before applying again: another apply creates a new "+object+".")
}

// merchantOwner names a merchant as the owner of an object in errors.
func merchantOwner(merchantID int64) string { return fmt.Sprintf("merchant %d", merchantID) }

// unreachable reports whether err says no connection to the service could
// be opened (client.Unreachable).
func unreachable(err error) bool {
	_, ok := client.Unreachable(err)
	return ok
}
