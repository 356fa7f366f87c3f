// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// A merchant has one card onboarding: for a merchant onboarded before, the
// plan says that the apply records its application, and the apply does so
// instead of starting a second one.
func TestAccOnboardingApplication_recordsCurrent(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	fixture := newestApplication(sb.Snapshot(), 1002)
	w := newCLIWorkdir(t, env, onboardingApplicationConfig(1002))

	expectOutput(t, "the plan", flat(w.run("plan", "-input=false", "-no-color")), nil, true,
		`Warning: Merchant 1002 has an onboarding application already: the apply records it instead of starting one.*`+
			`application `+fixture.ApplicationID+` \(status MERCHANT_CREATED\)`)
	expectOutput(t, "the apply", flat(w.run("apply", "-auto-approve", "-input=false", "-no-color")), nil, true,
		`Warning: Merchant 1002 has an onboarding application already: recorded instead of started`)
	state := w.stateResources()[onboardingApplicationAddr]
	if stateString(state, "application_id") != fixture.ApplicationID || stateString(state, "application_status") != "MERCHANT_CREATED" {
		t.Errorf("state records %v, want application %s as MERCHANT_CREATED", state, fixture.ApplicationID)
	}
	if n := sb.RequestCounts()[sandbox.RouteStartOnboarding]; n != 0 {
		t.Errorf("the apply started %d applications, want none", n)
	}
	w.expectEmptyPlan("after recording")
}

// A wait_for that runs out fails the apply and leaves the application
// tainted. The next plain apply plans a replacement, but records the same
// application and waits again; once verification has created the
// merchant, an apply ends with it, and one application was started.
func TestAccOnboardingApplication_waitRunsOutThenContinues(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	rejectedBefore(t, env, sb, env.MerchantID)
	w := newCLIWorkdir(t, env, onboardingWaitConfig(env.MerchantID, "create", "2s"))
	out, err := w.tryRun("apply", "-auto-approve", "-input=false", "-no-color")
	expectOutput(t, "the first apply", flat(out), err, false, `Merchant 1001 was not created within 2s.*Apply again to keep `+
		`waiting: the plan shows the application replaced, but the apply records this application again`)
	started := newestApplication(sb.Snapshot(), env.MerchantID).ApplicationID

	out, err = w.tryRun("apply", "-auto-approve", "-input=false", "-no-color")
	expectOutput(t, "the second apply", flat(out), err, false,
		`cardpay_onboarding_application.test is tainted, so (it )?must be replaced`,
		`Merchant 1001 has an onboarding application already: the apply records it instead of starting one`,
		`Merchant 1001 has an onboarding application already: recorded instead of started.*application `+started,
		`Merchant 1001 was not created within 2s`)

	setApplicationStatus(t, sb, started, "MERCHANT_CREATED")
	w.run("apply", "-auto-approve", "-input=false", "-no-color")
	state := w.stateResources()[onboardingApplicationAddr]
	if stateString(state, "application_id") != started || stateString(state, "application_status") != "MERCHANT_CREATED" {
		t.Errorf("state records %v, want application %s as MERCHANT_CREATED", state, started)
	}
	w.expectEmptyPlan("once the merchant exists")
	// rejectedBefore started one; the applies started one more.
	if n := sb.RequestCounts()[sandbox.RouteStartOnboarding]; n != 2 {
		t.Errorf("%d applications were started, want 2: the rejected one and the one the applies kept", n)
	}
}
