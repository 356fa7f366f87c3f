// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// identityTest is a resource whose identity TestAccIdentity checks: config
// creates the resource at addr, whose identity must hold these values.
type identityTest struct {
	addr, config string
	identity     map[string]knownvalue.Check
	// except, when set, says why the resource has no identity to test.
	except string

	// updated is config after a change the resource applies in place,
	// which TestAccIdentity_afterUpdate applies; noUpdate says instead why
	// the resource has no such change.
	updated, noUpdate string
	// importChanges names the argument of updated that an import cannot
	// read back, so that an import with updated plans to change it in
	// place; "" when such an import plans no change.
	importChanges string
	// adopt, when set, makes the object outside Terraform and returns its
	// import ID: the resource changes in place only what an import could
	// not read back, so the test imports the object with config before it
	// applies updated.
	adopt func(ctx context.Context, c *client.Client) (string, error)
}

func (c identityTest) exception() string { return c.except }
func (c identityTest) hasCase() bool     { return c.config != "" }

var (
	anyIdentityID    = knownvalue.StringRegexp(regexp.MustCompile(`\S`))
	identityMerchant = knownvalue.Int64Exact(1001)
	// identityConsent is the consent of the identity tests, without the
	// callback_url that the adopted consent has (identityCallback).
	identityConsent = aisConsentArgs{merchantID: 1001, userID: "user-1001", permissions: []string{"ReadBalances"},
		expiration: "2099-01-01T00:00:00Z", transactionFrom: "2025-01-01T00:00:00Z"}
	identityCallback = "https://merchant.example/ais/callback"
)

// identityTests holds every resource, keyed by its type name and, where a
// type has several cases, a variant after a space. TestCoverage fails when
// a resource is missing.
var identityTests = map[string]identityTest{
	"cardpay_payment_method": {addr: paymentMethodAddr, config: paymentMethodConfig(1001, "amex"),
		identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "method": knownvalue.StringExact("amex")},
		noUpdate: "both its arguments replace it, and it has no other"},
	"cardpay_store adopted": {addr: "cardpay_store.x", config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-second"
  name        = "Identity"
}
`, identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "store_id": knownvalue.StringExact("1001-second")},
		updated: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-second"
  name        = "Identity, renamed"
}
`},
	"cardpay_store created": {addr: "cardpay_store.x", config: `
resource "cardpay_store" "x" {
  merchant_id           = 1001
  name                  = "Identity"
  deactivate_on_destroy = false
}
`, identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "store_id": knownvalue.StringRegexp(regexp.MustCompile(`^loc_`))},
		updated: `
resource "cardpay_store" "x" {
  merchant_id           = 1001
  name                  = "Identity, renamed"
  deactivate_on_destroy = false
}
`},
	// An online terminal, an order and a consent change in place only
	// after an import, recording a configured argument the service does
	// not report (store_id, description, callback_url).
	"cardpay_online_terminal": {addr: onlineTerminalAddr, config: onlineTerminalConfig(1001, "PaymentPage"),
		identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "terminal_id": knownvalue.StringRegexp(regexp.MustCompile(`^term_`))},
		updated:  onlineTerminalAtStore(1001, "PaymentPage", "1001-second"), importChanges: "store_id",
		adopt: func(ctx context.Context, c *client.Client) (string, error) {
			term, err := c.CreateOnlineTerminal(ctx, 1001, client.OnlineTerminalRequest{OnlineTerminalMode: "PaymentPage", StoreID: "1001-second"})
			if err != nil {
				return "", err
			}
			return "1001/" + term.TerminalID, nil
		}},
	"cardpay_order": {addr: orderAddr, config: testOrder{1001, 1000, "DKK", "identity", ""}.config(),
		identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "order_id": knownvalue.StringRegexp(regexp.MustCompile(`^ord_`))},
		updated:  testOrder{1001, 1000, "DKK", "identity", "Recorded after import"}.config(), importChanges: "description",
		adopt: func(ctx context.Context, c *client.Client) (string, error) {
			order, err := c.CreateOrder(ctx, 1001, client.OrderRequest{Amount: 1000, Currency: "DKK", Reference: "identity"})
			if err != nil {
				return "", err
			}
			return "1001/" + order.OrderID, nil
		}},
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
	"cardpay_webhook": {addr: webhookAddr, config: webhookConfig("https://hooks.example/identity", `["payment.completed"]`),
		identity: map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^\d+$`))},
		updated:  webhookConfig("https://hooks.example/identity-moved", `["payment.completed"]`)},
	// identityConsent leaves callback_url out: reads do not report it, so
	// an import records it on the next apply.
	"cardpay_ais_consent": {addr: aisConsentAddr, config: identityConsent.config(),
		identity: map[string]knownvalue.Check{"request_id": anyIdentityID, "merchant_id": identityMerchant,
			"user_id": knownvalue.StringExact("user-1001")},
		updated: identityConsent.withCallback(identityCallback).config(), importChanges: "callback_url",
		adopt: func(ctx context.Context, c *client.Client) (string, error) {
			a := identityConsent
			consent, err := c.CreateConsent(ctx, client.ConsentRequest{MerchantID: a.merchantID, UserID: a.userID,
				Permissions: a.permissions, ExpirationDateTime: a.expiration, TransactionFromDateTime: a.transactionFrom,
				CallbackURL: identityCallback})
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%d/%s/%s", a.merchantID, a.userID, consent.RequestID), nil
		}},
	"cardpay_merchant": {addr: merchantAddr, config: merchantConfig("CRM-identity"),
		identity: map[string]knownvalue.Check{"merchant_id": knownvalue.NotNull()},
		updated:  merchantConfig("CRM-identity", "timeouts {\n    update = \"5m\"\n  }"), importChanges: "timeouts"},
	"cardpay_partner_credential": {addr: "cardpay_partner_credential.x", config: `
resource "cardpay_partner_credential" "x" {
  name = "identity"
}
`, identity: map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^\d+$`))},
		updated: `
resource "cardpay_partner_credential" "x" {
  name        = "identity"
  rotate_when = { round = "2" }
}
`, importChanges: "rotate_when"},
	"cardpay_interapp_registration": {except: "its only key is its registration code, which is secret, while " +
		"Terraform shows identities in plans and state in the clear; it cannot be imported either"},
}

// Every resource with API keys records them as its identity, and an import
// block with that identity imports the object again (Terraform and OpenTofu
// 1.12+; the CLI matrix runs these on Terraform 1.16 and OpenTofu 1.12).
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

// An update in place keeps the identity: the apply records it (no "Missing
// Resource Identity After Update", which OpenTofu reports when an Update
// leaves it out), the plan after it is empty, and an import block with it
// imports the object into a fresh state.
func TestAccIdentity_afterUpdate(t *testing.T) {
	for name, tc := range identityTests {
		if tc.except == "" && (tc.updated == "") == (tc.noUpdate == "") {
			t.Errorf("identityTests[%q] needs either updated (a configuration it applies in place) or noUpdate (why it has none)", name)
		}
	}
	skipWithoutIdentities(t)
	for name, tc := range identityTests {
		if tc.updated == "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			env := newTestEnv(t)
			env.requireSandbox(t)
			first := resource.TestStep{Config: env.providerConfig(tc.config)}
			if tc.adopt != nil {
				id, err := tc.adopt(t.Context(), partnerTestClient(t, env))
				if err != nil {
					t.Fatal(err)
				}
				first = resource.TestStep{Config: env.providerConfig(tc.config), ResourceName: tc.addr,
					ImportState: true, ImportStateId: id, ImportStatePersist: true}
			}
			imported := []plancheck.PlanCheck{plancheck.ExpectResourceAction(tc.addr, plancheck.ResourceActionNoop)}
			if tc.importChanges != "" {
				imported = []plancheck.PlanCheck{plancheck.ExpectResourceAction(tc.addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(tc.addr, tfjsonpath.New(tc.importChanges), knownvalue.NotNull())}
			}
			updated := env.providerConfig(tc.updated)
			resource.ParallelTest(t, resource.TestCase{
				TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)},
				ProtoV6ProviderFactories: testProviderFactories,
				Steps: []resource.TestStep{
					first,
					{
						Config:            updated,
						ConfigPlanChecks:  plannedAction(tc.addr, plancheck.ResourceActionUpdate),
						ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectIdentity(tc.addr, tc.identity)},
					},
					{
						Config:             updated,
						ResourceName:       tc.addr,
						ImportState:        true,
						ImportStateKind:    resource.ImportBlockWithResourceIdentity,
						ExpectNonEmptyPlan: tc.importChanges != "",
						ImportPlanChecks:   resource.ImportPlanChecks{PreApply: imported},
					},
				},
			})
		})
	}
}
