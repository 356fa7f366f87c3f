// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// With wait_for = "MERCHANT_CREATED", cardpay_onboarding_application waits
// until verification has created the merchant: after the create, or in an
// update that the plan makes while the merchant does not exist yet.

// defaultOnboardingWait bounds a wait_for wait when the configuration sets
// no timeouts. Verification is done by people, so it is generous; it only
// matters to configurations that ask to wait.
const defaultOnboardingWait = 30 * time.Minute

// waitsFor reports whether the configuration waits for the merchant and
// status says it does not exist yet.
func (m onboardingApplicationModel) waitsFor(status types.String) bool {
	return !m.WaitFor.IsNull() && !status.IsUnknown() &&
		client.OnboardingStageOf(status.ValueString()) == client.OnboardingInProgress
}

// waitForMerchant polls the onboarding status until the merchant exists,
// recording each answer in m. A rejection or the end of timeout is an
// error that says where the application stands and how to go on; during
// is "create" or "update", the operation and its timeouts attribute.
func (r *onboardingApplicationResource) waitForMerchant(ctx context.Context, c *client.Client, m *onboardingApplicationModel,
	timeout time.Duration, during string,
) diag.Diagnostics {
	var diags diag.Diagnostics
	merchantID := m.MerchantID.ValueInt64()
	start := r.data.now()
	timedOut, err := r.data.pollOnboarding(ctx, timeout, func(ctx context.Context) (bool, error) {
		status, err := c.GetOnboardingStatus(ctx, merchantID)
		if err != nil {
			return false, err
		}
		m.fromAPI(status)
		tflog.Info(ctx, "waiting for the merchant to be created", map[string]any{
			"merchant_id": merchantID, "application_status": status.ApplicationStatus,
			"waited": r.data.now().Sub(start).Round(time.Second).String(), "timeout": timeout.String(),
		})
		return client.OnboardingStageOf(status.ApplicationStatus) != client.OnboardingInProgress, nil
	})
	application := fmt.Sprintf("onboarding application %s of merchant %d", m.ApplicationID.ValueString(), merchantID)
	switch {
	case timedOut:
		diags.AddError(fmt.Sprintf("Merchant %d was not created within %s", merchantID, timeout),
			fmt.Sprintf("The service still reports %s as %s after %s (timeouts.%s). %s",
				application, m.ApplicationStatus.ValueString(), timeout, during, onboardingTimeoutAdvice[during]))
	case err != nil:
		addAPIError(&diags, fmt.Sprintf("Could not read the onboarding status of merchant %d", merchantID), err)
	case client.OnboardingStageOf(m.ApplicationStatus.ValueString()) == client.OnboardingRejected:
		diags.AddError(fmt.Sprintf("Onboarding of merchant %d was rejected", merchantID),
			fmt.Sprintf("The service reports %s as %s: business verification failed, so the merchant cannot take "+
				"card payments. Ask cardpay why. %s", application, m.ApplicationStatus.ValueString(), onboardingRejectedAdvice[during]))
	}
	return diags
}

// What a user can do after a failed wait depends on whether the
// application was just started (a failed create leaves it tainted) or was
// already in state.
var (
	onboardingTimeoutAdvice = map[string]string{
		"create": "The application stays open and is kept in state, and Terraform marks it tainted because the apply " +
			"failed. Apply again to keep waiting: the plan shows the application replaced, but the apply records this " +
			"application again instead of starting a second one, then waits again (timeouts.create). Raise " +
			"timeouts.create to wait longer.",
		"update": "The application stays open and in state; the next apply waits again. Raise timeouts.update to " +
			"wait longer.",
	}
	onboardingRejectedAdvice = map[string]string{
		"create": "The rejected application is kept in state and marked tainted, so the next apply starts a new " +
			"application.",
		"update": "The rejected application stays in state. To start a new application, replace this resource " +
			"(terraform apply -replace=ADDRESS).",
	}
)
