// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

const onboardingApplicationAddr = "cardpay_onboarding_application.test"

// onboardingApplicationConfig renders the resource with extra lines, such
// as a wait_for argument or a timeouts block.
func onboardingApplicationConfig(merchantID int64, extra ...string) string {
	return resourceBlock("cardpay_onboarding_application", "test", merchantArgs(merchantID, extra...)...)
}

const waitForMerchant = `wait_for = "MERCHANT_CREATED"`

func TestAccOnboardingApplication_lifecycle(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	config := env.providerConfig(onboardingApplicationConfig(env.MerchantID))
	applicationIDs := statecheck.CompareValue(compare.ValuesDiffer())
	fixtures := len(sb.Snapshot().Applications)
	var appID string
	resource.ParallelTest(t, resource.TestCase{
		PreCheck:                 func() { testAccPreCheck(t) },
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(onboardingApplicationAddr, plancheck.ResourceActionCreate),
						plancheck.ExpectUnknownValue(onboardingApplicationAddr, tfjsonpath.New("short_link_url")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("merchant_id"),
						knownvalue.Int64Exact(env.MerchantID)),
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("application_id"),
						knownvalue.StringRegexp(regexp.MustCompile(`^app_[0-9a-f]{16}$`))),
					statecheck.CompareValuePairs(onboardingApplicationAddr, tfjsonpath.New("id"),
						onboardingApplicationAddr, tfjsonpath.New("application_id"), compare.ValuesSame()),
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("web_kyb_url"),
						knownvalue.StringRegexp(regexp.MustCompile(`^https://kyb\.sandbox\.cardpay\.example/applications/app_`))),
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("short_link_url"),
						knownvalue.StringRegexp(regexp.MustCompile(`^https://\S+$`))),
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("application_status"),
						knownvalue.StringExact("PENDING")),
					applicationIDs.AddStateValue(onboardingApplicationAddr, tfjsonpath.New("application_id")),
					expectSandboxApplication(sb, env.MerchantID, fixtures+1),
					resourceAttrs(onboardingApplicationAddr, func(attrs map[string]any) error {
						appID = stateString(attrs, "application_id")
						return nil
					}),
				},
			},
			{
				// The refresh reads the status the service moved on to; the
				// plan has nothing to change and starts no second application.
				PreConfig: func() { setApplicationStatus(t, sb, appID, "IN_REVIEW") },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectEmptyPlan(),
						plancheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("application_status"),
							knownvalue.StringExact("IN_REVIEW")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					expectSandboxApplication(sb, env.MerchantID, fixtures+1),
				},
			},
			{
				// Once the merchant exists the verification link is gone.
				PreConfig: func() { setApplicationStatus(t, sb, appID, "MERCHANT_CREATED") },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectEmptyPlan(),
						plancheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("application_status"),
							knownvalue.StringExact("MERCHANT_CREATED")),
						plancheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("web_kyb_url"), knownvalue.Null()),
					},
				},
			},
			{
				// Another merchant starts a new application. Merchant 1003
				// answers in the guide's vocabulary and has no short link, so
				// short_link_url is null rather than "".
				Config: env.providerConfig(onboardingApplicationConfig(1003)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(onboardingApplicationAddr, plancheck.ResourceActionDestroyBeforeCreate),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("merchant_id"), knownvalue.Int64Exact(1003)),
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("short_link_url"), knownvalue.Null()),
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("web_kyb_url"),
						knownvalue.StringRegexp(regexp.MustCompile(`^https://`))),
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("application_status"),
						knownvalue.StringExact("APPLICATION_INITIATED")),
					applicationIDs.AddStateValue(onboardingApplicationAddr, tfjsonpath.New("application_id")),
					expectSandboxApplication(sb, 1003, fixtures+2),
				},
			},
		},
	})
}

// wait_for makes the create wait until the merchant exists; the status
// passes through review on the way, and the dependent payment method is
// activated only afterwards.
func TestAccOnboardingApplication_waitForMerchant(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	fixtures := len(sb.Snapshot().Applications)
	var activatedWhile string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: fastWaitFactories(interappCodeValidity),
		Steps: []resource.TestStep{{
			PreConfig: func() {
				moveNewApplication(t, sb, env.MerchantID, "IN_REVIEW", "MERCHANT_CREATED")
				// Record the application's status when the method is activated.
				whenSandbox(t, sb, func(s sandbox.State) bool { return methodActive(s, env.MerchantID, "amex") },
					func() error {
						activatedWhile = newestApplication(sb.Snapshot(), env.MerchantID).ApplicationStatus
						return nil
					})
			},
			Config: env.providerConfig(onboardingApplicationConfig(env.MerchantID, waitForMerchant, `timeouts { create = "1m" }`), `
resource "cardpay_payment_method" "amex" {
  merchant_id = cardpay_onboarding_application.test.merchant_id
  method      = "amex"
  depends_on  = [cardpay_onboarding_application.test]
}
`),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("application_status"),
					knownvalue.StringExact("MERCHANT_CREATED")),
				statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("web_kyb_url"), knownvalue.Null()),
				statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("wait_for"),
					knownvalue.StringExact("MERCHANT_CREATED")),
				expectSandboxApplication(sb, env.MerchantID, fixtures+1),
			},
		}},
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
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	config := env.providerConfig(onboardingApplicationConfig(env.MerchantID, waitForMerchant, `timeouts { create = "30s" }`))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: fastWaitFactories(interappCodeValidity),
		Steps: []resource.TestStep{
			{
				PreConfig: func() { moveNewApplication(t, sb, env.MerchantID, "REJECTED") },
				Config:    config,
				ExpectError: wrappedErrorPattern(`Onboarding of merchant 1001 was rejected .*application app_[0-9a-f]+ of ` +
					`merchant 1001 as REJECTED: business verification failed.*next apply starts a new application`),
			},
			{
				Config:             config,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(onboardingApplicationAddr, plancheck.ResourceActionDestroyBeforeCreate),
					},
				},
			},
		},
	})
}

// A wait that outlives timeouts.create fails with the status it saw and
// how to go on, without sleeping longer than the timeout.
func TestAccOnboardingApplication_waitTimesOut(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	fixtures := len(sb.Snapshot().Applications)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: fastWaitFactories(interappCodeValidity),
		Steps: []resource.TestStep{{
			Config: env.providerConfig(onboardingApplicationConfig(env.MerchantID, waitForMerchant, `timeouts { create = "1s" }`)),
			ExpectError: wrappedErrorPattern(`Merchant 1001 was not created within 1s.*still reports onboarding ` +
				`application app_[0-9a-f]+ of merchant 1001 as PENDING after 1s \(timeouts.create\).*terraform untaint`),
		}},
	})
	if n := len(sb.Snapshot().Applications); n != fixtures+1 {
		t.Errorf("sandbox holds %d applications, want %d: the wait must not start another", n, fixtures+1)
	}
}

// Adding wait_for to an application that is still in review plans an
// update that waits again, with application_status known only after it.
func TestAccOnboardingApplication_waitAgainOnUpdate(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: fastWaitFactories(interappCodeValidity),
		Steps: []resource.TestStep{
			{Config: env.providerConfig(onboardingApplicationConfig(env.MerchantID))},
			{
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
				Config: env.providerConfig(onboardingApplicationConfig(env.MerchantID, waitForMerchant, `timeouts { update = "30s" }`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(onboardingApplicationAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectUnknownValue(onboardingApplicationAddr, tfjsonpath.New("application_status")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("application_status"),
						knownvalue.StringExact("MERCHANT_CREATED")),
				},
			},
			{
				// Once the merchant exists, wait_for plans nothing more.
				Config: env.providerConfig(onboardingApplicationConfig(env.MerchantID, waitForMerchant, `timeouts { update = "30s" }`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
	})
}

// Import by merchant ID reads the merchant's current application; a
// fixture merchant was onboarded long ago.
func TestAccOnboardingApplication_import(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	fixture := newestApplication(sb.Snapshot(), env.MerchantID)
	config := env.providerConfig(onboardingApplicationConfig(env.MerchantID))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:             config,
				ResourceName:       onboardingApplicationAddr,
				ImportState:        true,
				ImportStateId:      strconv.FormatInt(env.MerchantID, 10),
				ImportStatePersist: true,
			},
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("application_id"),
						knownvalue.StringExact(fixture.ApplicationID)),
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("id"),
						knownvalue.StringExact(fixture.ApplicationID)),
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("application_status"),
						knownvalue.StringExact("MERCHANT_CREATED")),
					statecheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("short_link_url"), knownvalue.Null()),
				},
			},
			{
				// An application Terraform started imports to the same values.
				Config: env.providerConfig(onboardingApplicationConfig(1002)),
			},
			{
				Config:                  env.providerConfig(onboardingApplicationConfig(1002)),
				ResourceName:            onboardingApplicationAddr,
				ImportState:             true,
				ImportStateId:           "1002",
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"short_link_url"},
			},
			{
				Config:        config,
				ResourceName:  onboardingApplicationAddr,
				ImportState:   true,
				ImportStateId: "01001",
				ExpectError:   regexp.MustCompile(`(?s)positive numeric merchant ID such as "1001", got "01001".*is the merchant ID`),
			},
		},
	})
}

// When the merchant's current application is another one than the
// resource started, the refresh keeps the state rather than mixing them.
func TestAccOnboardingApplication_supersededApplication(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	config := env.providerConfig(onboardingApplicationConfig(env.MerchantID))
	var ours string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{resourceAttrs(onboardingApplicationAddr, func(attrs map[string]any) error {
					ours = stateString(attrs, "application_id")
					return nil
				})},
			},
			{
				PreConfig: func() {
					newer, err := partnerTestClient(t, env).StartOnboarding(t.Context(), env.MerchantID)
					if err != nil {
						t.Fatal(err)
					}
					setApplicationStatus(t, sb, newer.ApplicationID, "IN_REVIEW")
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectEmptyPlan(),
						plancheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("application_status"),
							knownvalue.StringExact("PENDING")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{resourceAttrs(onboardingApplicationAddr, func(attrs map[string]any) error {
					if got := stateString(attrs, "application_id"); got != ours {
						return fmt.Errorf("application_id = %q, want the one the resource started, %q", got, ours)
					}
					return nil
				})},
			},
		},
	})
}

func TestAccOnboardingApplication_validation(t *testing.T) {
	env := newTestEnv(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      env.providerConfig(onboardingApplicationConfig(0)),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)merchant_id.*at least 1`),
			},
			{
				Config:      env.providerConfig(onboardingApplicationConfig(1001, `wait_for = "IN_REVIEW"`)),
				PlanOnly:    true,
				ExpectError: wrappedErrorPattern(`wait_for value must be one of: \["MERCHANT_CREATED"\]`),
			},
			{
				Config:      env.providerConfig(onboardingApplicationConfig(1001, `timeouts { create = "soon" }`)),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)timeouts.*"soon"`),
			},
		},
	})
}

func TestOnboardingApplication_destroyWarning(t *testing.T) {
	plan, apply := destroyDiagnostics(t, "cardpay_onboarding_application", map[string]tftypes.Value{
		"id":                 tftypes.NewValue(tftypes.String, "app_0123456789abcdef"),
		"merchant_id":        tftypes.NewValue(tftypes.Number, 1001),
		"application_id":     tftypes.NewValue(tftypes.String, "app_0123456789abcdef"),
		"application_status": tftypes.NewValue(tftypes.String, "PENDING"),
	})
	requireWarning(t, "plan", plan, onboardingNoWithdrawSummary)
	requireWarning(t, "apply", apply, onboardingNoWithdrawSummary)
}

// expectSandboxApplication checks that the sandbox holds total applications
// and exactly one with the application ID in the test resource's state, for
// merchantID, with the values the state recorded.
func expectSandboxApplication(sb *sandbox.Server, merchantID int64, total int) statecheck.StateCheck {
	return resourceAttrs(onboardingApplicationAddr, func(attrs map[string]any) error {
		a, err := onlyOneWithID("applications", sb.Snapshot().Applications, total,
			stateString(attrs, "application_id"), func(a sandbox.Application) string { return a.ApplicationID })
		if err != nil {
			return err
		}
		if a.MerchantID != merchantID || a.ShortLinkURL != stateString(attrs, "short_link_url") ||
			a.ApplicationStatus != stateString(attrs, "application_status") {
			return fmt.Errorf("sandbox application %+v does not match state %v (merchant %d)", a, attrs, merchantID)
		}
		return nil
	})
}

func setApplicationStatus(t *testing.T, sb *sandbox.Server, applicationID, status string) {
	t.Helper()
	if _, err := sb.SetApplicationStatus(applicationID, status); err != nil {
		t.Fatal(err)
	}
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

// newestApplication returns the merchant's last application in the sandbox.
func newestApplication(s sandbox.State, merchantID int64) sandbox.Application {
	var newest sandbox.Application
	for _, a := range s.Applications {
		if a.MerchantID == merchantID {
			newest = a
		}
	}
	return newest
}

func methodActive(s sandbox.State, merchantID int64, method string) bool {
	for _, pm := range s.PaymentMethods {
		if pm.MerchantID == merchantID && pm.Method == method {
			return pm.Status == "active"
		}
	}
	return false
}
