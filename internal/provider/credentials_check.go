// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// A plan that only creates objects sends nothing to the service, so a
// wrong secret would fail the apply, in the middle of a pipeline. Every
// resource's ModifyPlan therefore starts with checkCredentials, which,
// for a plan that creates, changes or destroys an object, proves the
// partner credentials with one read (client.CheckPartnerCredentials): at
// most once per provider process and credential, and not at all once a
// refresh or a data source has had an answer with them. Terraform plans
// again in the process of the apply, which checks the same way: one read
// before the first change of an apply that has sent nothing else.
//
// Before that, a plan that creates or changes an object fails when a
// setting the resource needs (base_url, the credentials) is absent from
// both the block and the environment, with the error the apply would end
// with, skip_credentials_check or not: it sends nothing. A setting known
// only at apply is left to the operation that needs it.
//
// It checks nothing when skip_credentials_check is set, when a setting the
// resource needs is not yet known (the operation that needs it says so),
// and for a resource of the data API that uses access_token: the data API
// has no read that proves a token without naming a merchant and user, and
// the partner credentials, if any are set, are not what it sends.
func (d *providerData) checkCredentials(ctx context.Context, api client.API, req resource.ModifyPlanRequest, diags *diag.Diagnostics) {
	if d == nil || req.Plan.Raw.Equal(req.State.Raw) {
		return
	}
	if absent := d.config.absentFor(api); !req.Plan.Raw.IsNull() && absent.HasError() {
		diags.Append(absent...)
		return
	}
	if api == client.DataAPI && !d.mintsDataTokens() {
		return
	}
	c, clientDiags := d.clientFor(api)
	if clientDiags.HasError() {
		return
	}
	if err := c.CheckPartnerCredentials(ctx); err != nil && ctx.Err() == nil {
		diags.Append(credentialsCheckFailed(d.config.BaseURL, err))
	}
}

// credentialsCheckFailed is what a plan makes of a failed profile read,
// decided here alone. Only a refusal of the credentials fails the plan
// (401, or 403: they may not read their own partner's profile), and a
// base URL where no connection opens or whose certificate this machine
// does not trust, either of which fails every operation; any
// other failure (a 404 from a service or gateway that does not serve the
// profile, a 5xx or a rate limit that outlasted the retries, a timeout)
// says nothing about the credentials, so the plan goes on with a warning,
// once per provider process (client.CheckPartnerCredentials).
func credentialsCheckFailed(baseURL string, err error) diag.Diagnostic {
	netErr, noConnection := client.Unreachable(err)
	switch {
	case client.IsUnauthorized(err):
		return diag.NewErrorDiagnostic("The service refused the partner credentials", apiErrorDetail(err)+"\n\n"+credentialsCheckNote)
	case client.IsForbidden(err):
		return diag.NewErrorDiagnostic("The service refused the partner credentials", err.Error()+"\n\n"+
			fmt.Sprintf("These credentials may not read their own partner's profile. Check the provider's %s and %s "+
				"(or %s and %s), and %s if set.", attrPartnerClientID, attrPartnerClientSecret, envPartnerClientID,
				envPartnerClientSecret, attrPartnerAuth)+"\n\n"+credentialsCheckNote)
	case client.IsUntrustedCertificate(err):
		return diag.NewErrorDiagnostic("The cardpay service's certificate is not trusted", apiErrorDetail(err))
	case noConnection:
		return diag.NewErrorDiagnostic("Could not reach the cardpay service", fmt.Sprintf("No connection to %s could "+
			"be opened: %v.\n\n%v\n\nCheck that %s (or %s) is the address of the service, and that the service is up "+
			"and reachable from this machine.", baseURL, netErr, err, attrBaseURL, envBaseURL))
	}
	return diag.NewWarningDiagnostic("Could not check the partner credentials", apiErrorDetail(err)+"\n\n"+
		"This answer says nothing about the credentials, so the plan goes on without the check; a wrong secret "+
		"would fail the apply. "+credentialsCheckNote)
}

// credentialsCheckNote says what the check is and how to turn it off.
var credentialsCheckNote = fmt.Sprintf("The provider reads the partner's profile (GET /v1/partner/profile) once "+
	"when a plan changes something and has not used the partner credentials yet, so that wrong credentials fail "+
	"the plan rather than the apply. To plan without this check, set %s = true in the provider block (or %s=true).",
	attrSkipCredentialsCheck, envSkipCredentialsCheck)
