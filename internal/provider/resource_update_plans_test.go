// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// inPlaceUpdate is a resource whose plan TestAccInPlaceUpdatePlans checks:
// config creates it at addr, and changed differs from config in the one
// argument attr, which the update plans as want.
type inPlaceUpdate struct {
	addr, config, changed, attr string
	want                        knownvalue.Check
	// unknown are the computed attributes the update itself changes, which
	// the plan must show as (known after apply).
	unknown []string
	// except, when set, says why the resource has no argument that an
	// update changes in place.
	except string
}

func (c inPlaceUpdate) exception() string { return c.except }
func (c inPlaceUpdate) hasCase() bool     { return c.config != "" }

// inPlaceUpdates holds every resource, keyed by its type name and, where a
// type has several cases, a variant after a space. TestCoverage fails when
// a resource is missing.
var inPlaceUpdates = map[string]inPlaceUpdate{
	// The service sets updated_at on every write (merchant 1001's stores
	// report none, so it becomes null).
	"cardpay_store created": {addr: "cardpay_store.x", attr: "name", want: knownvalue.StringExact("Harbour Nord"),
		unknown: []string{"updated_at"}, config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  name        = "Harbour"
  city        = "Aarhus"
}
`, changed: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  name        = "Harbour Nord"
  city        = "Aarhus"
}
`},
	"cardpay_store adopted": {addr: "cardpay_store.x", attr: "city", want: knownvalue.StringExact("Odense"),
		unknown: []string{"updated_at"}, config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-second"
  name        = "Second"
}
`, changed: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-second"
  name        = "Second"
  city        = "Odense"
}
`},
	// Sends nothing, so updated_at stays.
	"cardpay_store deactivate_on_destroy": {addr: "cardpay_store.x", attr: "deactivate_on_destroy", want: knownvalue.Bool(true), config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-second"
}
`, changed: `
resource "cardpay_store" "x" {
  merchant_id           = 1001
  store_id              = "1001-second"
  deactivate_on_destroy = true
}
`},
	// An active merchant: nothing to wait for, so status stays. A pending
	// one is TestAccMerchant_waitForActiveLater.
	"cardpay_merchant": {addr: "cardpay_merchant.x", attr: "wait_for", want: knownvalue.StringExact("active"), config: `
resource "cardpay_merchant" "x" {
  company_name  = "Module CI ApS"
  contact_email = "ci@example.com"
  test_merchant = true
}
`, changed: `
resource "cardpay_merchant" "x" {
  company_name  = "Module CI ApS"
  contact_email = "ci@example.com"
  test_merchant = true
  wait_for      = "active"
}
`},
	"cardpay_webhook": {addr: "cardpay_webhook.x", attr: "url", want: knownvalue.StringExact("https://hooks.example/v2"), config: `
resource "cardpay_webhook" "x" {
  url    = "https://hooks.example/v1"
  events = ["payment.completed"]
}
`, changed: `
resource "cardpay_webhook" "x" {
  url    = "https://hooks.example/v2"
  events = ["payment.completed"]
}
`},
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
	// Rotation gives the pair a new secret.
	"cardpay_partner_credential": {addr: "cardpay_partner_credential.x", attr: "rotate_when",
		want:    knownvalue.MapExact(map[string]knownvalue.Check{"quarter": knownvalue.StringExact("2026-Q2")}),
		unknown: []string{"client_secret", "client_secret_last4"}, config: `
resource "cardpay_partner_credential" "x" {
  name        = "ci"
  rotate_when = { quarter = "2026-Q1" }
}
`, changed: `
resource "cardpay_partner_credential" "x" {
  name        = "ci"
  rotate_when = { quarter = "2026-Q2" }
}
`},
	"cardpay_interapp_registration": {addr: "cardpay_interapp_registration.x", attr: "wait_for_pairing", want: knownvalue.Bool(false), config: `
resource "cardpay_interapp_registration" "x" {
  merchant_id = 1001
}
`, changed: `
resource "cardpay_interapp_registration" "x" {
  merchant_id      = 1001
  wait_for_pairing = false
}
`},
	"cardpay_payment_method": {except: "its two arguments name the activation itself: another merchant_id or " +
		"method activates another method (replacement), and there is nothing else to change"},
	"cardpay_order": {except: "every argument replaces the order, which the API cannot change; the one update " +
		"in place, recording a description configured after import, is checked in TestAccOrder_import"},
	"cardpay_online_terminal": {except: "every argument replaces the terminal, which the API cannot change; the " +
		"one update in place, recording a store_id configured after import, is checked in " +
		"TestAccOnlineTerminal_importExisting"},
	"cardpay_ais_consent": {except: "every argument replaces the consent, which the API cannot change; the one " +
		"update in place, recording a callback_url configured after import, is checked in TestAccAISConsent_import"},
}

// An update that changes one argument in place plans only that argument,
// and as unknown only what the update itself changes: every other
// attribute is known and unchanged. The plan after the apply is empty.
func TestAccInPlaceUpdatePlans(t *testing.T) {
	for name, tc := range inPlaceUpdates {
		if tc.except != "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			env := newTestEnv(t)
			env.requireSandbox(t)
			checks := []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(tc.addr, tfjsonpath.New(tc.attr), tc.want),
				expectOnlyChanges(tc.addr, append([]string{tc.attr}, tc.unknown...)...),
			}
			for _, name := range tc.unknown {
				checks = append(checks, plancheck.ExpectUnknownValue(tc.addr, tfjsonpath.New(name)))
			}
			accTest(t,
				resource.TestStep{Config: env.providerConfig(tc.config)},
				resource.TestStep{
					Config:           env.providerConfig(tc.changed),
					ConfigPlanChecks: plannedAction(tc.addr, plancheck.ResourceActionUpdate, checks...),
				},
			)
		})
	}
}
