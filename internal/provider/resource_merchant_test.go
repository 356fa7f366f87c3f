// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

const merchantAddr = "cardpay_merchant.x"

// merchantConfig is a standard merchant; extra lines go inside the block.
func merchantConfig(ref string, extra ...string) string {
	return fmt.Sprintf(`
resource "cardpay_merchant" "x" {
  company_name   = "Harbour Coffee ApS"
  contact_email  = "owner@harbour-coffee.example"
  contact_phone  = "+4533000000"
  partner_ref_id = %q
  %s
}
`, ref, strings.Join(extra, "\n  "))
}

// sandboxMerchant returns the merchant the state at addr records.
func sandboxMerchant(t *testing.T, sb *sandbox.Server, state *tfjson.State, addr string) sandbox.MerchantRecord {
	t.Helper()
	attrs, err := stateAttrs(state, addr)
	if err != nil {
		t.Fatal(err)
	}
	id, err := strconv.ParseInt(fmt.Sprint(attrs["merchant_id"]), 10, 64)
	if err != nil {
		t.Fatalf("merchant_id in state: %v", err)
	}
	return mustFind(t, sb.Snapshot().Merchants, func(m sandbox.MerchantRecord) bool { return m.ID == id },
		"the sandbox has no merchant %d", id)
}

// A standard merchant is created pending with an onboarding link, follows
// the service on refresh (active once onboarded, inactive once
// deactivated) and is only forgotten on destroy.
func TestAccMerchant_lifecycle(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	before := len(sb.Snapshot().Merchants)
	var id int64
	config := env.providerConfig(merchantConfig("CRM-1"))
	destroyCheckedAccTest(t,
		func(*terraform.State) error {
			if n := len(sb.Snapshot().Merchants); n != before+1 {
				return fmt.Errorf("the sandbox holds %d merchants after destroy, want %d: destroy only forgets", n, before+1)
			}
			return nil
		},
		resource.TestStep{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(merchantAddr, tfjsonpath.New("status"), knownvalue.StringRegexp(regexp.MustCompile(`^pending`))),
				statecheck.ExpectKnownValue(merchantAddr, tfjsonpath.New("client_id"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9a-f-]{36}$`))),
				statecheck.ExpectKnownValue(merchantAddr, tfjsonpath.New("onboarding_url"), knownvalue.StringRegexp(regexp.MustCompile(`^https://`))),
				statecheck.ExpectKnownValue(merchantAddr, tfjsonpath.New("onboarding_url_expires_at"), knownvalue.NotNull()),
				stateCheckFunc(func(s *tfjson.State) error {
					m := sandboxMerchant(t, sb, s, merchantAddr)
					id = m.ID
					if m.PartnerRefID != "CRM-1" || m.ContactPhone != "+4533000000" || m.Kind != "standard" {
						return fmt.Errorf("the sandbox holds %+v", m)
					}
					return nil
				}),
			},
		},
		resource.TestStep{
			// The merchant completes its onboarding form: the refresh
			// sees it, and nothing is planned.
			PreConfig: func() {
				if _, err := sb.ActivateMerchant(id); err != nil {
					t.Fatal(err)
				}
			},
			Config:            config,
			ConfigPlanChecks:  beforeApply(plancheck.ExpectEmptyPlan()),
			ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(merchantAddr, tfjsonpath.New("status"), knownvalue.StringExact("active"))},
		},
		resource.TestStep{
			PreConfig: func() {
				if _, err := sb.DeactivateMerchant(id); err != nil {
					t.Fatal(err)
				}
			},
			Config:            config,
			ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(merchantAddr, tfjsonpath.New("status"), knownvalue.StringExact("inactive"))},
		},
	)
}

// fast_track and test_merchant choose the other two ways to create one.
func TestAccMerchant_fastTrackAndTest(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	accTest(t, resource.TestStep{
		Config: env.providerConfig(`
resource "cardpay_merchant" "fast" {
  company_name   = "Nordic Bakery A/S"
  contact_email  = "finance@nordic-bakery.example"
  partner_ref_id = "CRM-fast"
  fast_track = {
    registration_number = "12345678"
    website             = "https://nordic-bakery.example"
    iban                = "DK5000400440116243"
    bic                 = "DABADKKK"
  }
}

resource "cardpay_merchant" "test" {
  company_name  = "Module CI ApS"
  contact_email = "ci@example.com"
  test_merchant = true
}
`),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue("cardpay_merchant.test", tfjsonpath.New("status"), knownvalue.StringExact("active")),
			stateCheckFunc(func(s *tfjson.State) error {
				fast, test := sandboxMerchant(t, sb, s, "cardpay_merchant.fast"), sandboxMerchant(t, sb, s, "cardpay_merchant.test")
				if fast.Kind != "fast-track" || fast.RegistrationNumber != "12345678" || test.Kind != "test" {
					return fmt.Errorf("the sandbox holds %+v and %+v", fast, test)
				}
				return nil
			}),
		},
	})
}

// wait_for = "active" waits until the merchant completes onboarding, and
// fails with what to do when it does not within the timeout.
func TestAccMerchant_waitForActive(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	pending := func(s sandbox.State) bool {
		return slices.ContainsFunc(s.Merchants, func(m sandbox.MerchantRecord) bool { return m.PartnerRefID == "CRM-wait" })
	}
	whenSandbox(t, sb, pending, func() error {
		for _, m := range sb.Snapshot().Merchants {
			if m.PartnerRefID == "CRM-wait" {
				_, err := sb.ActivateMerchant(m.ID)
				return err
			}
		}
		return nil
	})
	fastWaitAccTest(t, time.Minute,
		resource.TestStep{
			Config:            env.providerConfig(merchantConfig("CRM-wait", `wait_for = "active"`)),
			ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(merchantAddr, tfjsonpath.New("status"), knownvalue.StringExact("active"))},
		},
	)
}

// Adding wait_for to a pending merchant plans an update that waits, with
// status known only after it, which the apply then sets; nothing else
// changes.
func TestAccMerchant_waitForActiveLater(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	var id int64
	promised := &plannedUnknowns{}
	fastWaitAccTest(t, time.Minute,
		resource.TestStep{
			Config: env.providerConfig(merchantConfig("CRM-later")),
			ConfigStateChecks: []statecheck.StateCheck{stateCheckFunc(func(s *tfjson.State) error {
				id = sandboxMerchant(t, sb, s, merchantAddr).ID
				return nil
			})},
		},
		resource.TestStep{
			// The merchant completes onboarding once the update is waiting:
			// after the plan's refresh and the update's first read.
			PreConfig: func() {
				reads := sb.RequestCounts()[sandbox.RouteGetMerchant]
				whenSandbox(t, sb, func(sandbox.State) bool { return sb.RequestCounts()[sandbox.RouteGetMerchant] >= reads+2 },
					func() error {
						_, err := sb.ActivateMerchant(id)
						return err
					})
			},
			Config: env.providerConfig(merchantConfig("CRM-later", `wait_for = "active"`)),
			ConfigPlanChecks: plannedAction(merchantAddr, plancheck.ResourceActionUpdate,
				plancheck.ExpectKnownValue(merchantAddr, tfjsonpath.New("wait_for"), knownvalue.StringExact("active")),
				plancheck.ExpectUnknownValue(merchantAddr, tfjsonpath.New("status")),
				expectOnlyChanges(merchantAddr, "wait_for", "status"),
				promised.record(merchantAddr),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(merchantAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
				promised.setByTheApply(merchantAddr, nil),
			},
		},
	)
}

func TestAccMerchant_waitTimesOut(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t)
	fastWaitAccTest(t, time.Minute, resource.TestStep{
		Config: env.providerConfig(merchantConfig("CRM-slow", `wait_for = "active"`, `timeouts {
    create = "1s"
  }`)),
		ExpectError: wrappedErrorPattern(`did not become active within 1s.*completes its onboarding at the link`),
	})
}

// A change the API cannot make fails the plan, names the attribute and
// says where to change it; nothing is sent to create a second merchant.
func TestAccMerchant_changeFailsAtPlan(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	var mark sandboxtest.RequestMark
	accTest(t,
		resource.TestStep{Config: env.providerConfig(merchantConfig("CRM-change"))},
		resource.TestStep{
			PreConfig:   func() { mark = sandboxtest.MarkRequests(sb) },
			Config:      env.providerConfig(strings.Replace(merchantConfig("CRM-change"), "Harbour Coffee ApS", "Harbour Roasters ApS", 1)),
			ExpectError: wrappedErrorPattern(`The API cannot change a merchant's company_name.*would create a second merchant.*cardpay dashboard`),
		},
		resource.TestStep{
			PreConfig: func() {
				mark.ExpectNoneReached(t, sandbox.RouteCreateMerchant, sandbox.RouteCreateFastTrackMerchant, sandbox.RouteCreateTestMerchant)
			},
			Config:           env.providerConfig(merchantConfig("CRM-change")),
			ConfigPlanChecks: beforeApply(plancheck.ExpectEmptyPlan()),
		},
	)
}

// Import by merchant ID and by ref:<partner_ref_id> read the merchant; the
// arguments the service does not report stay null.
func TestAccMerchant_import(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t)
	config := env.providerConfig(merchantConfig("CRM-import"))
	importSteps := func(id func(*terraform.State) (string, error)) resource.TestStep {
		return resource.TestStep{
			Config: config, ResourceName: merchantAddr, ImportState: true, ImportStateIdFunc: id,
			ImportStateVerify: true, ImportStateVerifyIgnore: []string{"onboarding_url", "onboarding_url_expires_at", "status"},
		}
	}
	accTest(t,
		resource.TestStep{Config: config},
		importSteps(func(s *terraform.State) (string, error) {
			return s.RootModule().Resources[merchantAddr].Primary.ID, nil
		}),
		importSteps(func(*terraform.State) (string, error) { return "ref:CRM-import", nil }),
		resource.TestStep{
			Config: config, ResourceName: merchantAddr, ImportState: true, ImportStateId: "ref:nobody",
			ExpectError: wrappedErrorPattern(`Cannot import the merchant with partner reference "nobody".*0 merchants`),
		},
	)
}

// Destroy forgets the merchant, and both the plan and the apply say so.
func TestMerchant_destroyWarning(t *testing.T) {
	plan, apply := destroyDiagnostics(t, "cardpay_merchant", map[string]tftypes.Value{
		"id":          tftypes.NewValue(tftypes.String, "3001"),
		"merchant_id": tftypes.NewValue(tftypes.Number, 3001),
	})
	requireWarning(t, "plan", plan, merchantForgotten.Summary)
	requireWarning(t, "apply", apply, merchantForgotten.Summary)
}

// The rows of cardpay_merchant in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"cardpay_merchant e-mail": {config: `
resource "cardpay_merchant" "x" {
  company_name  = "Harbour Coffee ApS"
  contact_email = "owner at harbour-coffee.example"
}
`, attr: "contact_email", want: `is not a plain e-mail address. Write an address such as "name@example.com"`},
		"cardpay_merchant fast track and test": {config: `
resource "cardpay_merchant" "x" {
  company_name  = "Harbour Coffee ApS"
  contact_email = "owner@harbour-coffee.example"
  test_merchant = true
  fast_track = {
    registration_number = "DK12345678"
    website             = "https://harbour-coffee.example"
    iban                = "DK5000400440116243"
  }
}
`, attr: "fast_track", want: `Attribute "test_merchant" cannot be specified when "fast_track" is specified`},
		"cardpay_merchant IBAN": {config: `
resource "cardpay_merchant" "x" {
  company_name  = "Harbour Coffee ApS"
  contact_email = "owner@harbour-coffee.example"
  fast_track = {
    registration_number = "DK12345678"
    website             = "https://harbour-coffee.example"
    iban                = "DK00 0000"
  }
}
`, want: `fast_track.iban must be an IBAN in upper case without spaces, such as "DK5000400440116243"`},
		"cardpay_merchant import by name": {importID: "Harbour Coffee", config: merchantConfig("CRM-1"),
			want: `Invalid import ID for cardpay_merchant.*ref:`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"cardpay_merchant": {config: `
resource "cardpay_merchant" "m" {
  company_name   = "Secret Coffee ApS"
  contact_email  = "owner@secret-coffee.example"
  partner_ref_id = "secrets"
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"cardpay_merchant": {route: sandbox.RouteCreateMerchant, config: merchantConfig("CRM-lost"),
			recovers: true, want: `Warning: The merchant's creation was answered with an error, but it exists.*HTTP 502.*` +
				`found merchant \d+ with partner reference "CRM-lost"`,
			held: func(s sandbox.State) int { return len(s.Merchants) }},
		"cardpay_merchant without reference": {route: sandbox.RouteCreateMerchant, config: `
resource "cardpay_merchant" "x" {
  company_name  = "Unreferenced ApS"
  contact_email = "owner@unreferenced.example"
}
`, want: `merchant "Unreferenced ApS" may have been created for the partner \(outcome unknown\).*HTTP 502.*` +
			`cardpay_merchants data source lists`,
			held: func(s sandbox.State) int { return len(s.Merchants) }},
	})
	addRows(identityTests, map[string]identityTest{
		"cardpay_merchant": {addr: merchantAddr, config: merchantConfig("CRM-identity"),
			identity: map[string]knownvalue.Check{"merchant_id": knownvalue.NotNull()},
			updated:  merchantConfig("CRM-identity", "timeouts {\n    update = \"5m\"\n  }"), importChanges: "timeouts"},
	})
	addRows(inPlaceUpdates, map[string]inPlaceUpdate{
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
	})
}
