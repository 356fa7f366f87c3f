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

// identityTest is a resource whose identity TestAccIdentity checks: config
// creates the resource at addr, whose identity must hold these values.
type identityTest struct {
	addr, config string
	identity     map[string]knownvalue.Check
	// except, when set, says why the resource has no identity to test.
	except string
}

func (c identityTest) exception() string { return c.except }
func (c identityTest) hasCase() bool     { return c.config != "" }

var (
	anyIdentityID    = knownvalue.StringRegexp(regexp.MustCompile(`\S`))
	identityMerchant = knownvalue.Int64Exact(1001)
)

// identityTests holds every resource, keyed by its type name and, where a
// type has several cases, a variant after a space. TestCoverage fails when
// a resource is missing.
var identityTests = map[string]identityTest{
	"cardpay_payment_method": {addr: paymentMethodAddr, config: paymentMethodConfig(1001, "amex"),
		identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "method": knownvalue.StringExact("amex")}},
	"cardpay_store adopted": {addr: "cardpay_store.x", config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-second"
  name        = "Identity"
}
`, identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "store_id": knownvalue.StringExact("1001-second")}},
	"cardpay_store created": {addr: "cardpay_store.x", config: `
resource "cardpay_store" "x" {
  merchant_id           = 1001
  name                  = "Identity"
  deactivate_on_destroy = false
}
`, identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "store_id": knownvalue.StringRegexp(regexp.MustCompile(`^loc_`))}},
	"cardpay_online_terminal": {addr: onlineTerminalAddr, config: onlineTerminalConfig(1001, "PaymentPage"),
		identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "terminal_id": knownvalue.StringRegexp(regexp.MustCompile(`^term_`))}},
	"cardpay_order": {addr: orderAddr, config: testOrder{1001, 1000, "DKK", "identity", ""}.config(),
		identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "order_id": knownvalue.StringRegexp(regexp.MustCompile(`^ord_`))}},
	"cardpay_onboarding_application": {addr: "cardpay_onboarding_application.x", config: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
}
`, identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "application_id": anyIdentityID}},
	"cardpay_webhook": {addr: webhookAddr, config: webhookConfig("https://hooks.example/identity", `["payment.completed"]`),
		identity: map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^\d+$`))}},
	// consentBase leaves callback_url out: reads do not report it, so an
	// import records it on the next apply.
	"cardpay_ais_consent": {addr: "cardpay_ais_consent.x", config: consentBase,
		identity: map[string]knownvalue.Check{"request_id": anyIdentityID, "merchant_id": identityMerchant,
			"user_id": knownvalue.StringExact("user-1001")}},
	"cardpay_merchant": {addr: merchantAddr, config: merchantConfig("CRM-identity"),
		identity: map[string]knownvalue.Check{"merchant_id": knownvalue.NotNull()}},
	"cardpay_partner_credential": {addr: "cardpay_partner_credential.x", config: `
resource "cardpay_partner_credential" "x" {
  name = "identity"
}
`, identity: map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^\d+$`))}},
	"cardpay_interapp_registration": {except: "its only key is its registration code, which is secret, while " +
		"Terraform shows identities in plans and state in the clear; it cannot be imported either"},
}

// Every resource with API keys records them as its identity, and an import
// block with that identity imports the object again (Terraform and OpenTofu
// 1.12+; the CLI matrix runs these on Terraform 1.15 and OpenTofu 1.12).
func TestAccIdentity(t *testing.T) {
	skipWithoutIdentities(t)
	for name, tc := range identityTests {
		if tc.except != "" {
			continue
		}
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
