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
	if err := c.CheckPartnerCredentials(ctx); err != nil {
		diags.AddError("Could not check the partner credentials", apiErrorDetail(err)+fmt.Sprintf("\n\n"+
			"The provider reads the partner's profile once when a plan changes something and has not used the "+
			"partner credentials yet, so that wrong credentials fail the plan rather than the apply. To plan "+
			"without this check, set %s = true in the provider block (or %s=true).",
			attrSkipCredentialsCheck, envSkipCredentialsCheck))
	}
}
