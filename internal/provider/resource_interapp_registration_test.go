// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
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

const interappAddr = "cardpay_interapp_registration.test"

// interappCodePattern is the sandbox's code form; a real API only has to
// return something non-empty.
var interappCodePattern = regexp.MustCompile(`^\S+$`)

// expectExpiresAtWindow checks that expires_at is RFC 3339 and lies the
// validity period after a moment between *issuedAfter and now.
func expectExpiresAtWindow(issuedAfter *time.Time) knownvalue.Check {
	return knownvalue.StringFunc(func(v string) error {
		expires, err := time.Parse(time.RFC3339, v)
		if err != nil {
			return fmt.Errorf("expires_at %q is not RFC 3339: %w", v, err)
		}
		earliest := issuedAfter.Truncate(time.Second).Add(interappCodeValidity)
		latest := time.Now().Add(interappCodeValidity)
		if expires.Before(earliest) || expires.After(latest) {
			return fmt.Errorf("expires_at %s is not %s after issue (between %s and %s)",
				v, interappCodeValidity, earliest.Format(time.RFC3339), latest.Format(time.RFC3339))
		}
		return nil
	})
}

// expectSandboxCodes checks that the sandbox issued exactly total codes and
// that the last one is the code in the state of interappAddr, for storeID.
func expectSandboxCodes(sb *sandbox.Server, total int, storeID string) statecheck.StateCheck {
	return resourceAttrs(interappAddr, func(attrs map[string]any) error {
		last, err := newestOf("codes", sb.Snapshot().InterappCodes, total)
		if err != nil {
			return err
		}
		if attrs["registration_code"] != last.RegistrationCode || last.StoreID != storeID {
			return fmt.Errorf("state code %v is not the last issued code %+v for store %s",
				attrs["registration_code"], last, storeID)
		}
		return expectSameExpiry(attrs["expires_at"], last.ExpiresAt)
	})
}

// expectSameExpiry allows for the second between the sandbox's clock and
// the arrival of its answer.
func expectSameExpiry(got any, sandboxExpiresAt string) error {
	s, _ := got.(string)
	provider, err1 := time.Parse(time.RFC3339, s)
	service, err2 := time.Parse(time.RFC3339, sandboxExpiresAt)
	if err1 != nil || err2 != nil {
		return fmt.Errorf("unparsable expiry: provider %q, sandbox %q", s, sandboxExpiresAt)
	}
	if d := provider.Sub(service); d < 0 || d > 2*time.Second {
		return fmt.Errorf("provider expires_at %s is not the sandbox's %s", s, sandboxExpiresAt)
	}
	return nil
}

func TestAccInterappRegistration_lifecycle(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	var stepStart time.Time
	markStart := func() { stepStart = time.Now() }
	codes := statecheck.CompareValue(compare.ValuesDiffer())
	// withKeepers is a code for the device at the store ("" for the
	// merchant's default store); a change of either replaces the code.
	withKeepers := func(device, storeID string) string {
		return env.providerConfig(fmt.Sprintf(`
resource "cardpay_interapp_registration" "test" {
  merchant_id = %d
  store_id    = %s
  keepers = {
    device = %q
  }
}
`, env.MerchantID, hclOptional(storeID), device))
	}

	accTest(t,
		resource.TestStep{
			PreConfig: markStart,
			Config:    withKeepers("tablet-1", ""),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(interappAddr, plancheck.ResourceActionCreate),
					plancheck.ExpectSensitiveValue(interappAddr, tfjsonpath.New("registration_code")),
					plancheck.ExpectUnknownValue(interappAddr, tfjsonpath.New("expires_at")),
				},
				PostApplyPostRefresh: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
					plancheck.ExpectSensitiveValue(interappAddr, tfjsonpath.New("registration_code")),
				},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(interappAddr, tfjsonpath.New("registration_code"),
					knownvalue.StringRegexp(interappCodePattern)),
				statecheck.ExpectSensitiveValue(interappAddr, tfjsonpath.New("registration_code")),
				statecheck.ExpectSensitiveValue(interappAddr, tfjsonpath.New("registration_link")),
				statecheck.ExpectKnownValue(interappAddr, tfjsonpath.New("terminal_id"), knownvalue.Null()),
				statecheck.ExpectKnownValue(interappAddr, tfjsonpath.New("registration_link"),
					knownvalue.StringRegexp(regexp.MustCompile(`^cardpay-companion://register\?code=`))),
				statecheck.ExpectKnownValue(interappAddr, tfjsonpath.New("store_id"), knownvalue.Null()),
				statecheck.ExpectKnownValue(interappAddr, tfjsonpath.New("expires_at"), expectExpiresAtWindow(&stepStart)),
				codes.AddStateValue(interappAddr, tfjsonpath.New("registration_code")),
				expectSandboxCodes(sb, 1, "1001-main"),
			},
		},
		resource.TestStep{
			// No change: no new code, and the state keeps the first one.
			Config:            withKeepers("tablet-1", ""),
			ConfigPlanChecks:  beforeApply(plancheck.ExpectEmptyPlan()),
			ConfigStateChecks: []statecheck.StateCheck{expectSandboxCodes(sb, 1, "1001-main")},
		},
		resource.TestStep{
			PreConfig: markStart,
			Config:    withKeepers("tablet-2", ""),
			ConfigPlanChecks: beforeApply(
				plancheck.ExpectResourceAction(interappAddr, plancheck.ResourceActionDestroyBeforeCreate),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				codes.AddStateValue(interappAddr, tfjsonpath.New("registration_code")),
				statecheck.ExpectKnownValue(interappAddr, tfjsonpath.New("expires_at"), expectExpiresAtWindow(&stepStart)),
				expectSandboxCodes(sb, 2, "1001-main"),
			},
		},
		resource.TestStep{
			Config: withKeepers("tablet-2", "1001-second"),
			ConfigPlanChecks: beforeApply(
				plancheck.ExpectResourceAction(interappAddr, plancheck.ResourceActionDestroyBeforeCreate),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				codes.AddStateValue(interappAddr, tfjsonpath.New("registration_code")),
				statecheck.ExpectKnownValue(interappAddr, tfjsonpath.New("store_id"), knownvalue.StringExact("1001-second")),
				expectSandboxCodes(sb, 3, "1001-second"),
			},
		},
	)
}

func TestAccInterappRegistration_unknownStore(t *testing.T) {
	env := newTestEnv(t)
	accTest(t, resource.TestStep{
		Config: env.providerConfig(fmt.Sprintf(`
resource "cardpay_interapp_registration" "test" {
  merchant_id = %d
  store_id    = "1001-nowhere"
}
`, env.MerchantID)),
		ExpectError: regexp.MustCompile(`(?s)404.*1001-nowhere.*store`),
	})
	if env.Sandbox != nil && len(env.Sandbox.Snapshot().InterappCodes) != 0 {
		t.Errorf("a code was issued for an unknown store: %+v", env.Sandbox.Snapshot().InterappCodes)
	}
}

func TestInterappRegistration_destroyWarning(t *testing.T) {
	plan, apply := destroyDiagnostics(t, "cardpay_interapp_registration", map[string]tftypes.Value{
		"merchant_id":       tftypes.NewValue(tftypes.Number, 1001),
		"registration_code": tftypes.NewValue(tftypes.String, "ABC234"),
	})
	requireWarning(t, "plan", plan, interappCodeForgotten.Summary)
	requireWarning(t, "apply", apply, interappCodeForgotten.Summary)
}

func TestInterappRegistration_replaceWarning(t *testing.T) {
	keepers := func(device string) tftypes.Value {
		return tftypes.NewValue(tftypes.Map{ElementType: tftypes.String},
			map[string]tftypes.Value{"device": tftypes.NewValue(tftypes.String, device)})
	}
	diags := replaceDiagnostics(t, "cardpay_interapp_registration",
		map[string]tftypes.Value{
			"merchant_id":       tftypes.NewValue(tftypes.Number, 1001),
			"keepers":           keepers("tablet-1"),
			"registration_code": tftypes.NewValue(tftypes.String, "ABC234"),
		},
		map[string]tftypes.Value{
			"merchant_id": tftypes.NewValue(tftypes.Number, 1001),
			"keepers":     keepers("tablet-2"),
		})
	requireWarning(t, "plan", diags, interappCodeForgotten.Summary)
}

// wait_for_pairing waits until a device pairs with the new code and records
// its terminal; a device paired earlier does not count.
func TestAccInterappRegistration_waitForPairing(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	earlier := pairDevice(t, env, sb, env.MerchantID)
	var paired string
	fastWaitAccTest(t, interappCodeValidity, resource.TestStep{
		PreConfig: func() {
			issued := len(sb.Snapshot().InterappCodes)
			whenSandbox(t, sb, func(s sandbox.State) bool { return len(s.InterappCodes) > issued }, func() error {
				time.Sleep(150 * time.Millisecond) // the merchant types the code
				terminal, err := sb.PairDevice(sb.Snapshot().InterappCodes[issued].RegistrationCode, "")
				paired = terminal.TerminalID
				return err
			})
		},
		Config: env.providerConfig(fmt.Sprintf(`
resource "cardpay_interapp_registration" "test" {
  merchant_id      = %d
  wait_for_pairing = true
}
`, env.MerchantID)),
		ConfigPlanChecks: resource.ConfigPlanChecks{
			PreApply: []plancheck.PlanCheck{
				plancheck.ExpectUnknownValue(interappAddr, tfjsonpath.New("terminal_id")),
			},
			PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
		},
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(interappAddr, tfjsonpath.New("terminal_id"), knownvalue.StringFunc(func(v string) error {
				if v != paired || v == earlier {
					return fmt.Errorf("terminal_id %q, want the device that paired with the new code, %q (not %q)", v, paired, earlier)
				}
				return nil
			})),
		},
	})
}

// A code that expires before any device pairs fails the apply with what
// to do, records nothing, and waits no longer than the code's validity.
func TestAccInterappRegistration_codeExpiresUnpaired(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	config := env.providerConfig(fmt.Sprintf(`
resource "cardpay_interapp_registration" "test" {
  merchant_id      = %d
  wait_for_pairing = true
}
`, env.MerchantID))
	fastWaitAccTest(t, time.Second,
		resource.TestStep{
			Config: config,
			ExpectError: wrappedErrorPattern(`Registration code expired before a device paired.*No new tap-to-pay ` +
				`\(checkoutX\) terminal appeared in merchant 1001's terminal list.*Nothing was recorded in state. ` +
				`Apply again to issue a new code`),
		},
		resource.TestStep{
			Config:             config,
			PlanOnly:           true,
			ExpectNonEmptyPlan: true,
			ConfigPlanChecks:   afterApply(plancheck.ExpectResourceAction(interappAddr, plancheck.ResourceActionCreate)),
		},
	)
	if codes := sb.Snapshot().InterappCodes; len(codes) != 1 || codes[0].PairedTerminalID != "" {
		t.Errorf("sandbox codes %+v, want one unpaired code", codes)
	}
}

// The rows of cardpay_interapp_registration in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"cardpay_interapp_registration merchant 0": {config: `
resource "cardpay_interapp_registration" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
		"cardpay_interapp_registration empty store_id": {config: `
resource "cardpay_interapp_registration" "x" {
  merchant_id = 1001
  store_id    = ""
}
`, attr: "store_id", want: `store_id must not be empty or only whitespace`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"cardpay_interapp_registration": {config: `
resource "cardpay_interapp_registration" "i" {
  merchant_id = 1001
  store_id    = "1001-main"
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"cardpay_interapp_registration": {route: sandbox.RouteCreateInterappCode, config: `
resource "cardpay_interapp_registration" "x" {
  merchant_id = 1001
}
`, want: `may have been created for merchant 1001 \(outcome unknown\).*HTTP 502.*before applying again`,
			held: func(s sandbox.State) int { return len(s.InterappCodes) }},
	})
	addRows(identityTests, map[string]identityTest{
		"cardpay_interapp_registration": {except: "its only key is its registration code, which is secret, while " +
			"Terraform shows identities in plans and state in the clear; it cannot be imported either"},
	})
	addRows(inPlaceUpdates, map[string]inPlaceUpdate{
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
	})
}
