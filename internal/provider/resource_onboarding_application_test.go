// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

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

// onboardingApplicationConfig starts an onboarding application for the
// merchant, without waiting.
func onboardingApplicationConfig(merchantID int64) string {
	return fmt.Sprintf(`
resource "cardpay_onboarding_application" "test" {
  merchant_id = %d
}
`, merchantID)
}

func TestAccOnboardingApplication_lifecycle(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	rejectedBefore(t, env, sb, env.MerchantID)
	rejectedBefore(t, env, sb, 1003)
	config := env.providerConfig(onboardingApplicationConfig(env.MerchantID))
	applicationIDs := statecheck.CompareValue(compare.ValuesDiffer())
	fixtures := len(sb.Snapshot().Applications)
	var appID string
	accTest(t,
		resource.TestStep{
			Config: config,
			ConfigPlanChecks: plannedAction(onboardingApplicationAddr, plancheck.ResourceActionCreate,
				plancheck.ExpectUnknownValue(onboardingApplicationAddr, tfjsonpath.New("short_link_url")),
			),
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
				recordAttr(onboardingApplicationAddr, "application_id", &appID),
			},
		},
		resource.TestStep{
			// The refresh reads the status the service moved on to; the
			// plan has nothing to change and starts no second application.
			PreConfig: func() { setApplicationStatus(t, sb, appID, "IN_REVIEW") },
			Config:    config,
			ConfigPlanChecks: refreshRecords(onboardingApplicationAddr, "application_status", knownvalue.StringExact("IN_REVIEW"),
				plancheck.ExpectEmptyPlan()),
			ConfigStateChecks: []statecheck.StateCheck{
				expectSandboxApplication(sb, env.MerchantID, fixtures+1),
			},
		},
		resource.TestStep{
			// Once the merchant exists the verification link is gone.
			PreConfig: func() { setApplicationStatus(t, sb, appID, "MERCHANT_CREATED") },
			Config:    config,
			ConfigPlanChecks: refreshRecords(onboardingApplicationAddr, "application_status", knownvalue.StringExact("MERCHANT_CREATED"),
				plancheck.ExpectKnownValue(onboardingApplicationAddr, tfjsonpath.New("web_kyb_url"), knownvalue.Null()),
				plancheck.ExpectEmptyPlan(),
			),
		},
		resource.TestStep{
			// Another merchant starts a new application. Merchant 1003
			// answers in the guide's vocabulary and has no short link, so
			// short_link_url is null rather than "".
			Config:           env.providerConfig(onboardingApplicationConfig(1003)),
			ConfigPlanChecks: plannedAction(onboardingApplicationAddr, plancheck.ResourceActionDestroyBeforeCreate),
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
	)
}

// Import by merchant ID reads the merchant's current application; a
// fixture merchant was onboarded long ago.
func TestAccOnboardingApplication_import(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	fixture := newestApplication(sb.Snapshot(), env.MerchantID)
	config := env.providerConfig(onboardingApplicationConfig(env.MerchantID))
	accTest(t,
		resource.TestStep{
			Config:             config,
			ResourceName:       onboardingApplicationAddr,
			ImportState:        true,
			ImportStateId:      strconv.FormatInt(env.MerchantID, 10),
			ImportStatePersist: true,
		},
		resource.TestStep{
			Config:           config,
			ConfigPlanChecks: beforeApply(plancheck.ExpectEmptyPlan()),
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
		resource.TestStep{
			// An application Terraform started imports to the same values.
			PreConfig: func() { rejectedBefore(t, env, sb, 1002) },
			Config:    env.providerConfig(onboardingApplicationConfig(1002)),
		},
		resource.TestStep{
			Config:                  env.providerConfig(onboardingApplicationConfig(1002)),
			ResourceName:            onboardingApplicationAddr,
			ImportState:             true,
			ImportStateId:           "1002",
			ImportStateVerify:       true,
			ImportStateVerifyIgnore: []string{"short_link_url"},
		},
		resource.TestStep{
			Config:        config,
			ResourceName:  onboardingApplicationAddr,
			ImportState:   true,
			ImportStateId: "01001",
			ExpectError:   regexp.MustCompile(`(?s)positive numeric merchant ID such as "1001", got "01001".*is the merchant ID`),
		},
	)
}

// When the merchant's current application is another one than the
// resource started, the refresh keeps the state rather than mixing them.
func TestAccOnboardingApplication_supersededApplication(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	rejectedBefore(t, env, sb, env.MerchantID)
	config := env.providerConfig(onboardingApplicationConfig(env.MerchantID))
	var ours string
	accTest(t,
		resource.TestStep{
			Config:            config,
			ConfigStateChecks: []statecheck.StateCheck{recordAttr(onboardingApplicationAddr, "application_id", &ours)},
		},
		resource.TestStep{
			PreConfig: func() {
				newer, err := partnerTestClient(t, env).StartOnboarding(t.Context(), env.MerchantID)
				if err != nil {
					t.Fatal(err)
				}
				setApplicationStatus(t, sb, newer.ApplicationID, "IN_REVIEW")
			},
			Config: config,
			ConfigPlanChecks: refreshRecords(onboardingApplicationAddr, "application_status", knownvalue.StringExact("PENDING"),
				plancheck.ExpectEmptyPlan()),
			ConfigStateChecks: []statecheck.StateCheck{resourceAttrs(onboardingApplicationAddr, func(attrs map[string]any) error {
				if got := stateString(attrs, "application_id"); got != ours {
					return fmt.Errorf("application_id = %q, want the one the resource started, %q", got, ours)
				}
				return nil
			})},
		},
	)
}

func TestOnboardingApplication_destroyWarning(t *testing.T) {
	plan, apply := destroyDiagnostics(t, "cardpay_onboarding_application", map[string]tftypes.Value{
		"id":                 tftypes.NewValue(tftypes.String, "app_0123456789abcdef"),
		"merchant_id":        tftypes.NewValue(tftypes.Number, 1001),
		"application_id":     tftypes.NewValue(tftypes.String, "app_0123456789abcdef"),
		"application_status": tftypes.NewValue(tftypes.String, "PENDING"),
	})
	requireWarning(t, "plan", plan, onboardingForgotten.Summary)
	requireWarning(t, "apply", apply, onboardingForgotten.Summary)
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

// rejectedBefore starts an application for the merchant outside Terraform
// and rejects it, as verification would. The fixture merchants are
// onboarded (MERCHANT_CREATED), and cardpay_onboarding_application records
// a merchant's current application unless it was rejected: after this, it
// starts a new one.
func rejectedBefore(t *testing.T, env *testEnv, sb *sandbox.Server, merchantID int64) {
	t.Helper()
	app, err := partnerTestClient(t, env).StartOnboarding(t.Context(), merchantID)
	if err != nil {
		t.Fatal(err)
	}
	setApplicationStatus(t, sb, app.ApplicationID, "REJECTED")
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

// The rows of cardpay_onboarding_application in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"cardpay_onboarding_application merchant 0": {config: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
		"cardpay_onboarding_application wait_for": {config: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
  wait_for    = "merchant_created"
}
`, attr: "wait_for", want: `wait_for value must be one of: \["MERCHANT_CREATED"\]`},
		"cardpay_onboarding_application timeout": {config: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
  timeouts {
    create = "forever"
  }
}
`, attr: "create", want: `"forever" must be a string containing a sequence of decimal numbers.*such as "300ms"`},
		"cardpay_onboarding_application import by application ID": {importID: "app_0123", config: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
}
`, want: `Invalid import ID for cardpay_onboarding_application.*positive numeric merchant ID`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"cardpay_onboarding_application": {config: `
resource "cardpay_onboarding_application" "a" {
  merchant_id = 1002
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"cardpay_onboarding_application": {route: sandbox.RouteStartOnboarding, config: merchantConfig("CRM-onboard") + `
resource "cardpay_onboarding_application" "x" {
  merchant_id = cardpay_merchant.x.merchant_id
}
`, recovers: true, want: `Warning: The application's start was answered with an error, but it exists.*HTTP 502.*` +
			`reports application app_[0-9a-f]+, which was not merchant \d+'s current application before the request`,
			held: func(s sandbox.State) int { return len(s.Applications) }},
	})
	addRows(identityTests, map[string]identityTest{
		"cardpay_onboarding_application": {addr: "cardpay_onboarding_application.x", config: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
}
`, identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "application_id": anyIdentityID},
			updated: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
  timeouts {
    update = "5m"
  }
}
`, importChanges: "timeouts"},
	})
	addRows(inPlaceUpdates, map[string]inPlaceUpdate{
		"cardpay_onboarding_application": {addr: "cardpay_onboarding_application.x", attr: "timeouts",
			want: knownvalue.ObjectExact(map[string]knownvalue.Check{"create": knownvalue.StringExact("45m"), "update": knownvalue.Null()}), config: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
}
`, changed: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
  timeouts {
    create = "45m"
  }
}
`},
	})
}
