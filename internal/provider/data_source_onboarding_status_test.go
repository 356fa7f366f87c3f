// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// onboardingStatusConfig reads the merchant's onboarding status.
func onboardingStatusConfig(merchantID int64) string {
	return fmt.Sprintf(`
data "cardpay_onboarding_status" "test" {
  merchant_id = %d
}
`, merchantID)
}

const onboardingStatusAddr = "data.cardpay_onboarding_status.test"

// The data source reads any merchant of the partner: one onboarded long
// ago, and one in the middle of verification in the guide's vocabulary.
func TestAccOnboardingStatusDataSource(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	onboarded := newestApplication(sb.Snapshot(), env.MerchantID)
	accTest(t,
		resource.TestStep{
			Config: env.providerConfig(onboardingStatusConfig(env.MerchantID)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(onboardingStatusAddr, tfjsonpath.New("application_id"),
					knownvalue.StringExact(onboarded.ApplicationID)),
				statecheck.ExpectKnownValue(onboardingStatusAddr, tfjsonpath.New("application_status"),
					knownvalue.StringExact("MERCHANT_CREATED")),
				statecheck.ExpectKnownValue(onboardingStatusAddr, tfjsonpath.New("web_kyb_url"), knownvalue.Null()),
				statecheck.ExpectKnownValue(onboardingStatusAddr, tfjsonpath.New("merchant_created"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(onboardingStatusAddr, tfjsonpath.New("rejected"), knownvalue.Bool(false)),
			},
		},
		resource.TestStep{
			// Merchant 1003 starts again and is then signed off in the
			// guide's words; neither word is final.
			PreConfig: func() {
				app, err := partnerTestClient(t, env).StartOnboarding(t.Context(), 1003)
				if err != nil {
					t.Fatal(err)
				}
				setApplicationStatus(t, sb, app.ApplicationID, "APPLICATION_SIGNED")
			},
			Config: env.providerConfig(onboardingStatusConfig(1003)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(onboardingStatusAddr, tfjsonpath.New("application_status"),
					knownvalue.StringExact("APPLICATION_SIGNED")),
				statecheck.ExpectKnownValue(onboardingStatusAddr, tfjsonpath.New("web_kyb_url"),
					knownvalue.StringRegexp(regexp.MustCompile(`^https://`))),
				statecheck.ExpectKnownValue(onboardingStatusAddr, tfjsonpath.New("merchant_created"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(onboardingStatusAddr, tfjsonpath.New("rejected"), knownvalue.Bool(false)),
			},
		},
		resource.TestStep{
			PreConfig: func() { setApplicationStatus(t, sb, newestApplication(sb.Snapshot(), 1003).ApplicationID, "REJECTED") },
			Config:    env.providerConfig(onboardingStatusConfig(1003)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(onboardingStatusAddr, tfjsonpath.New("merchant_created"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(onboardingStatusAddr, tfjsonpath.New("rejected"), knownvalue.Bool(true)),
			},
		},
		resource.TestStep{
			Config:      env.providerConfig(onboardingStatusConfig(2001)),
			ExpectError: wrappedErrorPattern(`Could not read the onboarding status of merchant 2001.*HTTP 403.*may not act for this merchant`),
		},
	)
}

// The rows of data.cardpay_onboarding_status in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_onboarding_status merchant 0": {config: `
data "cardpay_onboarding_status" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_onboarding_status": {config: `
data "cardpay_onboarding_status" "o" {
  merchant_id = 1003
}
`},
	})
}
