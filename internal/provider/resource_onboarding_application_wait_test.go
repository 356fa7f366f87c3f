// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// onboardingWaitConfig is an application that waits until the merchant
// exists, for up to timeout of the operation that waits: create, or update
// when wait_for is added later.
func onboardingWaitConfig(merchantID int64, operation, timeout string) string {
	return fmt.Sprintf(`
resource "cardpay_onboarding_application" "test" {
  merchant_id = %d
  wait_for    = "MERCHANT_CREATED"
  timeouts {
    %s = %q
  }
}
`, merchantID, operation, timeout)
}

// wait_for makes the create wait until the merchant exists; the status
// passes through review on the way, and the dependent payment method is
// activated only afterwards.
func TestAccOnboardingApplication_waitForMerchant(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	rejectedBefore(t, env, sb, env.MerchantID)
	fixtures := len(sb.Snapshot().Applications)
	var activatedWhile string
	fastWaitAccTest(t, interappCodeValidity, resource.TestStep{
		PreConfig: func() {
			moveNewApplication(t, sb, env.MerchantID, "IN_REVIEW", "MERCHANT_CREATED")
			// Record the application's status when the method is activated.
			whenSandbox(t, sb, func(s sandbox.State) bool { return methodActive(s, env.MerchantID, "amex") },
				func() error {
					activatedWhile = newestApplication(sb.Snapshot(), env.MerchantID).ApplicationStatus
					return nil
				})
		},
		Config: env.providerConfig(onboardingWaitConfig(env.MerchantID, "create", "1m"), `
resource "cardpay_payment_method" "amex" {
  merchant_id = cardpay_onboarding_application.test.merchant_id
  method      = "amex"
  depends_on  = [cardpay_onboarding_application.test]
}
`),
		ConfigPlanChecks: afterApply(plancheck.ExpectEmptyPlan()),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("application_status"),
				knownvalue.StringExact("MERCHANT_CREATED")),
			statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("web_kyb_url"), knownvalue.Null()),
			statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("wait_for"),
				knownvalue.StringExact("MERCHANT_CREATED")),
			expectSandboxApplication(sb, env.MerchantID, fixtures+1),
		},
	})
	if activatedWhile != "MERCHANT_CREATED" {
		t.Errorf("the dependent payment method was activated while the application was %q, want MERCHANT_CREATED", activatedWhile)
	}
	if n := sb.RequestCounts()[sandbox.RouteOnboardingStatus]; n < 2 {
		t.Errorf("the wait read the onboarding status %d times, want it to poll", n)
	}
}

// A rejected application ends the wait with the service's status word;
// the application is kept in state as tainted, so the next plan replaces it.
func TestAccOnboardingApplication_waitEndsOnRejection(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	rejectedBefore(t, env, sb, env.MerchantID)
	config := env.providerConfig(onboardingWaitConfig(env.MerchantID, "create", "30s"))
	fastWaitAccTest(t, interappCodeValidity,
		resource.TestStep{
			PreConfig: func() { moveNewApplication(t, sb, env.MerchantID, "REJECTED") },
			Config:    config,
			ExpectError: wrappedErrorPattern(`Onboarding of merchant 1001 was rejected .*application app_[0-9a-f]+ of ` +
				`merchant 1001 as REJECTED: business verification failed.*next apply starts a new application`),
		},
		resource.TestStep{
			Config:             config,
			PlanOnly:           true,
			ExpectNonEmptyPlan: true,
			ConfigPlanChecks:   afterApply(plancheck.ExpectResourceAction(onboardingApplicationAddr, plancheck.ResourceActionDestroyBeforeCreate)),
		},
	)
}

// A wait that outlives timeouts.create fails with the status it saw and
// how to go on, without sleeping longer than the timeout.
func TestAccOnboardingApplication_waitTimesOut(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	rejectedBefore(t, env, sb, env.MerchantID)
	fixtures := len(sb.Snapshot().Applications)
	fastWaitAccTest(t, interappCodeValidity, resource.TestStep{
		Config: env.providerConfig(onboardingWaitConfig(env.MerchantID, "create", "1s")),
		ExpectError: wrappedErrorPattern(`Merchant 1001 was not created within 1s.*still reports onboarding ` +
			`application app_[0-9a-f]+ of merchant 1001 as PENDING after 1s \(timeouts.create\).*Apply again to keep ` +
			`waiting: the plan shows the application replaced, but the apply records this application again`),
	})
	if n := len(sb.Snapshot().Applications); n != fixtures+1 {
		t.Errorf("sandbox holds %d applications, want %d: the wait must not start another", n, fixtures+1)
	}
}

// Adding wait_for to an application that is still in review plans an
// update that waits again, with application_status known only after it,
// which the apply then sets: the plan promises no other value (the
// verification link may end with the wait, so it stays as it was until a
// refresh).
func TestAccOnboardingApplication_waitAgainOnUpdate(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	rejectedBefore(t, env, sb, env.MerchantID)
	promised := &plannedUnknowns{}
	fastWaitAccTest(t, interappCodeValidity,
		resource.TestStep{Config: env.providerConfig(fmt.Sprintf(`
resource "cardpay_onboarding_application" "test" {
  merchant_id = %d
}
`, env.MerchantID))},
		resource.TestStep{
			// Verification ends once the update is waiting: after the
			// plan's refresh and the update's first status read.
			PreConfig: func() {
				reads := sb.RequestCounts()[sandbox.RouteOnboardingStatus]
				whenSandbox(t, sb, func(sandbox.State) bool { return sb.RequestCounts()[sandbox.RouteOnboardingStatus] >= reads+2 },
					func() error {
						_, err := sb.SetApplicationStatus(newestApplication(sb.Snapshot(), env.MerchantID).ApplicationID, "MERCHANT_CREATED")
						return err
					})
			},
			Config: env.providerConfig(onboardingWaitConfig(env.MerchantID, "update", "30s")),
			ConfigPlanChecks: plannedAction(onboardingApplicationAddr, plancheck.ResourceActionUpdate,
				plancheck.ExpectUnknownValue(onboardingApplicationAddr, tfjsonpath.New("application_status")),
				expectOnlyChanges(onboardingApplicationAddr, "wait_for", "timeouts", "application_status"),
				promised.record(onboardingApplicationAddr),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("application_status"),
					knownvalue.StringExact("MERCHANT_CREATED")),
				promised.setByTheApply(onboardingApplicationAddr, nil),
			},
		},
		resource.TestStep{
			// Once the merchant exists, wait_for plans nothing more.
			Config:           env.providerConfig(onboardingWaitConfig(env.MerchantID, "update", "30s")),
			ConfigPlanChecks: beforeApply(plancheck.ExpectEmptyPlan()),
		},
	)
}

// moveNewApplication waits in the background for the next application of
// the merchant and moves it through statuses, a moment apart, as
// verification would.
func moveNewApplication(t *testing.T, sb *sandbox.Server, merchantID int64, statuses ...string) {
	t.Helper()
	before := len(sb.Snapshot().Applications)
	whenSandbox(t, sb, func(s sandbox.State) bool { return len(s.Applications) > before }, func() error {
		app := newestApplication(sb.Snapshot(), merchantID)
		for _, status := range statuses {
			time.Sleep(100 * time.Millisecond)
			if _, err := sb.SetApplicationStatus(app.ApplicationID, status); err != nil {
				return err
			}
		}
		return nil
	})
}

func methodActive(s sandbox.State, merchantID int64, method string) bool {
	for _, pm := range s.PaymentMethods {
		if pm.MerchantID == merchantID && pm.Method == method {
			return pm.Status == "active"
		}
	}
	return false
}
