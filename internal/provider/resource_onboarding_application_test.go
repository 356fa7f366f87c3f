package provider

import (
	"fmt"
	"regexp"
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

func onboardingApplicationConfig(merchantID int64) string {
	return fmt.Sprintf(`
resource "cardpay_onboarding_application" "test" {
  merchant_id = %d
}
`, merchantID)
}

func TestAccOnboardingApplication_lifecycle(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	config := env.providerConfig(onboardingApplicationConfig(env.MerchantID))
	applicationIDs := statecheck.CompareValue(compare.ValuesDiffer())
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
					expectSandboxApplication(sb, onboardingApplicationAddr, env.MerchantID, 1),
				},
			},
			{
				// A second plan with the same configuration changes nothing and
				// sends nothing: the application is not started again.
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					expectSandboxApplication(sb, onboardingApplicationAddr, env.MerchantID, 1),
				},
			},
			{
				// Another merchant starts a new application. Merchant 1003 has no
				// short link, so short_link_url is null rather than "".
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
						knownvalue.StringExact("PENDING")),
					applicationIDs.AddStateValue(onboardingApplicationAddr, tfjsonpath.New("application_id")),
					expectSandboxApplication(sb, onboardingApplicationAddr, 1003, 2),
				},
			},
		},
	})
}

func TestAccOnboardingApplication_validation(t *testing.T) {
	env := newTestEnv(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{{
			Config:      env.providerConfig(onboardingApplicationConfig(0)),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)merchant_id.*at least 1`),
		}},
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
// and exactly one with the application ID in state, for merchantID, with the
// values the state recorded.
func expectSandboxApplication(sb *sandbox.Server, addr string, merchantID int64, total int) statecheck.StateCheck {
	return stateAttrsCheck{addr: addr, check: func(attrs map[string]any) error {
		a, err := onlyOneWithID("applications", sb.Snapshot().Applications, total,
			stateString(attrs, "application_id"), func(a sandbox.Application) string { return a.ApplicationID })
		if err != nil {
			return err
		}
		if a.MerchantID != merchantID || a.WebKybURL != stateString(attrs, "web_kyb_url") ||
			a.ShortLinkURL != stateString(attrs, "short_link_url") || a.ApplicationStatus != stateString(attrs, "application_status") {
			return fmt.Errorf("sandbox application %+v does not match state %v (merchant %d)", a, attrs, merchantID)
		}
		return nil
	}}
}
