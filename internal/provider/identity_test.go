// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// Every resource with API keys records them as its identity, and an import
// block with that identity imports the object again (Terraform 1.12+; the
// CLI matrix runs these on Terraform 1.15).
func TestAccIdentity(t *testing.T) {
	anyID := knownvalue.StringRegexp(regexp.MustCompile(`\S`))
	merchant := knownvalue.Int64Exact(1001)
	cases := map[string]struct {
		addr, config string
		identity     map[string]knownvalue.Check
	}{
		"cardpay_payment_method": {paymentMethodAddr, paymentMethodConfig(1001, "amex"),
			map[string]knownvalue.Check{"merchant_id": merchant, "method": knownvalue.StringExact("amex")}},
		"cardpay_store adopted": {storeAddr, storeConfig("test", 1001, "1001-second", `name = "Identity"`),
			map[string]knownvalue.Check{"merchant_id": merchant, "store_id": knownvalue.StringExact("1001-second")}},
		"cardpay_store created": {storeAddr, storeConfig("test", 1001, "", `name = "Identity"`, "deactivate_on_destroy = false"),
			map[string]knownvalue.Check{"merchant_id": merchant, "store_id": knownvalue.StringRegexp(regexp.MustCompile(`^loc_`))}},
		"cardpay_online_terminal": {onlineTerminalAddr, onlineTerminalConfig(1001, "PaymentPage", ""),
			map[string]knownvalue.Check{"merchant_id": merchant, "terminal_id": knownvalue.StringRegexp(regexp.MustCompile(`^term_`))}},
		"cardpay_order": {orderAddr, testOrder{1001, 1000, "DKK", "identity", ""}.config(),
			map[string]knownvalue.Check{"merchant_id": merchant, "order_id": knownvalue.StringRegexp(regexp.MustCompile(`^ord_`))}},
		"cardpay_onboarding_application": {onboardingApplicationAddr, onboardingApplicationConfig(1001),
			map[string]knownvalue.Check{"merchant_id": merchant, "application_id": anyID}},
		"cardpay_webhook": {webhookAddr, webhookConfig("https://hooks.example/identity", "payment.completed"),
			map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^\d+$`))}},
		"cardpay_ais_consent": {aisConsentAddr, consentWithoutCallback(),
			map[string]knownvalue.Check{"request_id": anyID, "merchant_id": merchant, "user_id": knownvalue.StringExact("user-1001")}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			env := newTestEnv(t)
			env.requireSandbox(t)
			config := env.providerConfig(tc.config)
			resource.ParallelTest(t, resource.TestCase{
				TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)},
				ProtoV6ProviderFactories: testProviderFactories,
				Steps: []resource.TestStep{
					{
						Config:            config,
						ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectIdentity(tc.addr, tc.identity)},
					},
					{
						Config:          config,
						ResourceName:    tc.addr,
						ImportState:     true,
						ImportStateKind: resource.ImportBlockWithResourceIdentity,
					},
				},
			})
		})
	}
}

// consentWithoutCallback leaves out callback_url, which reads do not report
// and an import therefore records on the next apply.
func consentWithoutCallback() string {
	args := newAISConsentArgs(1001)
	args.callbackURL = ""
	return args.config()
}
