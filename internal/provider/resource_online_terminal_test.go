// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

const onlineTerminalAddr = "cardpay_online_terminal.test"

// onlineTerminalConfig registers a terminal at the merchant's default
// store, which the service picks.
func onlineTerminalConfig(merchantID int64, mode string) string {
	return fmt.Sprintf(`
resource "cardpay_online_terminal" "test" {
  merchant_id          = %d
  online_terminal_mode = %q
}
`, merchantID, mode)
}

// onlineTerminalAtStore registers a terminal at the store storeID.
func onlineTerminalAtStore(merchantID int64, mode, storeID string) string {
	return fmt.Sprintf(`
resource "cardpay_online_terminal" "test" {
  merchant_id          = %d
  online_terminal_mode = %q
  store_id             = %q
}
`, merchantID, mode, storeID)
}

// onlineTerminalStateChecks checks every attribute of the terminal in state
// and the sandbox's record of it.
func onlineTerminalStateChecks(sb *sandbox.Server, merchantID int64, mode, storeID string, total int) []statecheck.StateCheck {
	return []statecheck.StateCheck{
		statecheck.ExpectKnownValue(onlineTerminalAddr, tfjsonpath.New("merchant_id"), knownvalue.Int64Exact(merchantID)),
		statecheck.ExpectKnownValue(onlineTerminalAddr, tfjsonpath.New("online_terminal_mode"), knownvalue.StringExact(mode)),
		statecheck.ExpectKnownValue(onlineTerminalAddr, tfjsonpath.New("terminal_id"),
			knownvalue.StringRegexp(regexp.MustCompile(`^term_[0-9a-f]{16}$`))),
		statecheck.CompareValuePairs(onlineTerminalAddr, tfjsonpath.New("id"),
			onlineTerminalAddr, tfjsonpath.New("terminal_id"), compare.ValuesSame()),
		statecheck.ExpectKnownValue(onlineTerminalAddr, tfjsonpath.New("terminal_public_key"),
			knownvalue.StringRegexp(regexp.MustCompile(`^pk_sandbox_\S+$`))),
		statecheck.ExpectKnownValue(onlineTerminalAddr, tfjsonpath.New("terminal_type"), knownvalue.StringExact(mode)),
		statecheck.ExpectKnownValue(onlineTerminalAddr, tfjsonpath.New("store_id"), knownvalue.StringExact(storeID)),
		expectSandboxTerminal(sb, merchantID, mode, storeID, total),
	}
}

func TestAccOnlineTerminal_lifecycle(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	m := env.MerchantID
	defaultStore, secondStore := fmt.Sprintf("%d-main", m), fmt.Sprintf("%d-second", m)
	terminalIDs := statecheck.CompareValue(compare.ValuesDiffer())
	replaced := func(checks ...plancheck.PlanCheck) resource.ConfigPlanChecks {
		return plannedAction(onlineTerminalAddr, plancheck.ResourceActionDestroyBeforeCreate, checks...)
	}
	unchanged := beforeApply(plancheck.ExpectEmptyPlan())
	accTest(t,
		resource.TestStep{
			// Without store_id the service picks the default store, and the
			// resource records which.
			Config: env.providerConfig(onlineTerminalConfig(m, "PaymentPage")),
			ConfigPlanChecks: plannedAction(onlineTerminalAddr, plancheck.ResourceActionCreate,
				plancheck.ExpectUnknownValue(onlineTerminalAddr, tfjsonpath.New("store_id")),
			),
			ConfigStateChecks: append(onlineTerminalStateChecks(sb, m, "PaymentPage", defaultStore, 1),
				terminalIDs.AddStateValue(onlineTerminalAddr, tfjsonpath.New("terminal_id"))),
		},
		resource.TestStep{
			// The refresh reads the status the registration answer lacked.
			Config:           env.providerConfig(onlineTerminalConfig(m, "PaymentPage")),
			ConfigPlanChecks: unchanged,
			ConfigStateChecks: append(onlineTerminalStateChecks(sb, m, "PaymentPage", defaultStore, 1),
				statecheck.ExpectKnownValue(onlineTerminalAddr, tfjsonpath.New("terminal_status"), knownvalue.StringExact("ACTIVE")),
				statecheck.ExpectKnownValue(onlineTerminalAddr, tfjsonpath.New("terminal_name"), knownvalue.Null())),
		},
		resource.TestStep{
			// Naming the store it already has changes nothing.
			Config:            env.providerConfig(onlineTerminalAtStore(m, "PaymentPage", defaultStore)),
			ConfigPlanChecks:  unchanged,
			ConfigStateChecks: onlineTerminalStateChecks(sb, m, "PaymentPage", defaultStore, 1),
		},
		resource.TestStep{
			// Removing store_id from the configuration changes nothing either.
			Config:            env.providerConfig(onlineTerminalConfig(m, "PaymentPage")),
			ConfigPlanChecks:  unchanged,
			ConfigStateChecks: onlineTerminalStateChecks(sb, m, "PaymentPage", defaultStore, 1),
		},
		resource.TestStep{
			Config:           env.providerConfig(onlineTerminalAtStore(m, "PaymentPage", secondStore)),
			ConfigPlanChecks: replaced(),
			ConfigStateChecks: append(onlineTerminalStateChecks(sb, m, "PaymentPage", secondStore, 2),
				terminalIDs.AddStateValue(onlineTerminalAddr, tfjsonpath.New("terminal_id"))),
		},
		resource.TestStep{
			Config:           env.providerConfig(onlineTerminalAtStore(m, "SelfHostedPage", secondStore)),
			ConfigPlanChecks: replaced(),
			ConfigStateChecks: append(onlineTerminalStateChecks(sb, m, "SelfHostedPage", secondStore, 3),
				terminalIDs.AddStateValue(onlineTerminalAddr, tfjsonpath.New("terminal_id"))),
		},
		resource.TestStep{
			// A new merchant without store_id gets that merchant's default
			// store, not the old one from state.
			Config: env.providerConfig(onlineTerminalConfig(1002, "MerchantInitiated")),
			ConfigPlanChecks: replaced(
				plancheck.ExpectUnknownValue(onlineTerminalAddr, tfjsonpath.New("store_id")),
			),
			ConfigStateChecks: append(onlineTerminalStateChecks(sb, 1002, "MerchantInitiated", "1002-main", 4),
				terminalIDs.AddStateValue(onlineTerminalAddr, tfjsonpath.New("terminal_id"))),
		},
	)
}

// A terminal the service deactivated is replaced by a new registration,
// and one that has disappeared from the list is registered again.
func TestAccOnlineTerminal_inactiveOrGone(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	m := env.MerchantID
	config := env.providerConfig(onlineTerminalConfig(m, "PaymentPage"))
	terminalIDs := statecheck.CompareValue(compare.ValuesDiffer())
	var first string
	accTest(t,
		resource.TestStep{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				terminalIDs.AddStateValue(onlineTerminalAddr, tfjsonpath.New("terminal_id")),
				recordAttr(onlineTerminalAddr, "terminal_id", &first),
			},
		},
		resource.TestStep{
			PreConfig: func() {
				if _, err := sb.DeactivateTerminal(first); err != nil {
					t.Fatal(err)
				}
			},
			Config: config,
			ConfigPlanChecks: plannedAction(onlineTerminalAddr, plancheck.ResourceActionDestroyBeforeCreate,
				plancheck.ExpectUnknownValue(onlineTerminalAddr, tfjsonpath.New("terminal_status")),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				terminalIDs.AddStateValue(onlineTerminalAddr, tfjsonpath.New("terminal_id")),
				resourceAttrs(onlineTerminalAddr, func(map[string]any) error {
					terminals := sb.Snapshot().Terminals
					if len(terminals) != 2 || terminals[0].TerminalStatus != "INACTIVE" || terminals[1].TerminalStatus != "ACTIVE" {
						return fmt.Errorf("sandbox terminals %+v, want the inactive one and a new active one", terminals)
					}
					return nil
				}),
			},
		},
		resource.TestStep{
			// Back to the fixtures: the terminal is gone from the list.
			PreConfig:        sb.Reset,
			Config:           config,
			ConfigPlanChecks: beforeApply(plancheck.ExpectResourceAction(onlineTerminalAddr, plancheck.ResourceActionCreate)),
			ConfigStateChecks: []statecheck.StateCheck{
				terminalIDs.AddStateValue(onlineTerminalAddr, tfjsonpath.New("terminal_id")),
				expectSandboxTerminal(sb, m, "PaymentPage", fmt.Sprintf("%d-main", m), 1),
			},
		},
	)
}

// A terminal Terraform registered imports to the same values, except the
// store, which the terminal list does not report.
func TestAccOnlineTerminal_import(t *testing.T) {
	env := newTestEnv(t)
	config := env.providerConfig(onlineTerminalAtStore(env.MerchantID, "SelfHostedPage", "1001-second"))
	accTest(t,
		resource.TestStep{Config: config},
		resource.TestStep{
			Config:       config,
			ResourceName: onlineTerminalAddr,
			ImportState:  true,
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				return fmt.Sprintf("%d/%s", env.MerchantID, s.RootModule().Resources[onlineTerminalAddr].Primary.ID), nil
			},
			ImportStateVerify: true,
			// The state under comparison is the apply's, which has no
			// status yet: the registration answer does not report it.
			ImportStateVerifyIgnore: []string{"store_id", "terminal_status"},
		},
	)
}

// A terminal registered outside Terraform is adopted by import; the
// configured store is then recorded as written, without a replacement, in
// a plan that changes nothing else.
func TestAccOnlineTerminal_importExisting(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	config := env.providerConfig(onlineTerminalAtStore(env.MerchantID, "SelfHostedPage", "1001-second"))
	var terminalID string
	accTest(t,
		resource.TestStep{
			PreConfig: func() {
				term, err := partnerTestClient(t, env).CreateOnlineTerminal(t.Context(), env.MerchantID,
					client.OnlineTerminalRequest{OnlineTerminalMode: "SelfHostedPage", StoreID: "1001-second"})
				if err != nil {
					t.Fatal(err)
				}
				terminalID = term.TerminalID
			},
			Config:             config,
			ResourceName:       onlineTerminalAddr,
			ImportState:        true,
			ImportStateIdFunc:  func(*terraform.State) (string, error) { return "1001/" + terminalID, nil },
			ImportStatePersist: true,
		},
		resource.TestStep{
			Config: config,
			ConfigPlanChecks: plannedAction(onlineTerminalAddr, plancheck.ResourceActionUpdate,
				plancheck.ExpectKnownValue(onlineTerminalAddr, tfjsonpath.New("store_id"), knownvalue.StringExact("1001-second")),
				expectOnlyChanges(onlineTerminalAddr, "store_id"),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(onlineTerminalAddr, tfjsonpath.New("terminal_status"), knownvalue.StringExact("ACTIVE")),
				statecheck.ExpectKnownValue(onlineTerminalAddr, tfjsonpath.New("online_terminal_mode"), knownvalue.StringExact("SelfHostedPage")),
				expectSandboxTerminal(sb, env.MerchantID, "SelfHostedPage", "1001-second", 1),
			},
		},
	)
}

// Only online terminals can be imported; unknown IDs and malformed import
// IDs fail with what to write instead.
func TestAccOnlineTerminal_importRefused(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	config := env.providerConfig(onlineTerminalConfig(env.MerchantID, "PaymentPage"))
	var device string
	accTest(t,
		resource.TestStep{
			PreConfig: func() { device = pairDevice(t, env, sb, env.MerchantID) },
			Config:    config, ResourceName: onlineTerminalAddr, ImportState: true,
			ImportStateIdFunc: func(*terraform.State) (string, error) { return "1001/" + device, nil },
			ExpectError:       wrappedErrorPattern(`Not an online terminal.*has type "checkoutX"`),
		},
		resource.TestStep{
			Config: config, ResourceName: onlineTerminalAddr, ImportState: true, ImportStateId: "1001/term_missing",
			ExpectError: regexp.MustCompile(`Cannot import non-existent remote object`),
		},
		resource.TestStep{
			Config: config, ResourceName: onlineTerminalAddr, ImportState: true, ImportStateId: "term_missing",
			ExpectError: wrappedErrorPattern(`<merchant_id>/<terminal_id>.*"1001/term_0123456789abcdef"`),
		},
	)
}

// pairDevice issues a registration code through the API and pairs a
// tap-to-pay device with it, as the companion app would; it returns the
// device's terminal ID.
func pairDevice(t *testing.T, env *testEnv, sb *sandbox.Server, merchantID int64) string {
	t.Helper()
	reg, err := partnerTestClient(t, env).CreateInterappRegistration(t.Context(), merchantID, client.InterappRegistrationRequest{})
	if err != nil {
		t.Fatal(err)
	}
	terminal, err := sb.PairDevice(reg.RegistrationCode, "Counter tablet")
	if err != nil {
		t.Fatal(err)
	}
	return terminal.TerminalID
}

func TestAccOnlineTerminal_validation(t *testing.T) {
	env := newTestEnv(t)
	accTest(t,
		resource.TestStep{
			Config:      env.providerConfig(onlineTerminalConfig(env.MerchantID, "paymentpage")),
			PlanOnly:    true,
			ExpectError: wrappedErrorPattern(`online_terminal_mode value must be one of: \["SelfHostedPage" "PaymentPage" "MerchantInitiated"\], got: "paymentpage"`),
		},
		resource.TestStep{
			Config:      env.providerConfig(onlineTerminalConfig(0, "PaymentPage")),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)merchant_id.*at least 1`),
		},
		resource.TestStep{
			Config:      env.providerConfig(onlineTerminalAtStore(env.MerchantID, "PaymentPage", " ")),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)store_id.*must not be empty`),
		},
	)
}

func TestAccOnlineTerminal_unknownStore(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	accTest(t, resource.TestStep{
		Config: env.providerConfig(onlineTerminalAtStore(env.MerchantID, "PaymentPage", "no-such-store")),
		ExpectError: wrappedErrorPattern(
			`Could not create online terminal for merchant 1001.*HTTP 404 Not Found: .*no-such-store.*request ID.*` +
				`Check that the merchant ID and any store or account ID exist`),
	})
	if n := len(sb.Snapshot().Terminals); n != 0 {
		t.Errorf("sandbox holds %d terminals after a refused create, want 0", n)
	}
}

func TestOnlineTerminal_destroyWarning(t *testing.T) {
	plan, apply := destroyDiagnostics(t, "cardpay_online_terminal", map[string]tftypes.Value{
		"id":                   tftypes.NewValue(tftypes.String, "term_0123456789abcdef"),
		"merchant_id":          tftypes.NewValue(tftypes.Number, 1001),
		"online_terminal_mode": tftypes.NewValue(tftypes.String, "PaymentPage"),
		"store_id":             tftypes.NewValue(tftypes.String, "1001-main"),
		"terminal_id":          tftypes.NewValue(tftypes.String, "term_0123456789abcdef"),
	})
	requireWarning(t, "plan", plan, onlineTerminalForgotten.Summary)
	requireWarning(t, "apply", apply, onlineTerminalForgotten.Summary)
}

// expectSandboxTerminal checks that the sandbox holds total terminals and
// exactly one with the terminal ID in state, registered as configured.
func expectSandboxTerminal(sb *sandbox.Server, merchantID int64, mode, storeID string, total int) statecheck.StateCheck {
	return resourceAttrs(onlineTerminalAddr, func(attrs map[string]any) error {
		id := stateString(attrs, "terminal_id")
		got, err := onlyOneWithID("terminals", sb.Snapshot().Terminals, total, id,
			func(t sandbox.Terminal) string { return t.TerminalID })
		if err != nil {
			return err
		}
		want := sandbox.Terminal{
			MerchantID: merchantID, TerminalID: id, TerminalPublicKey: stateString(attrs, "terminal_public_key"),
			TerminalType: mode, StoreID: storeID, CreatedAt: got.CreatedAt, TerminalStatus: "ACTIVE",
		}
		if got != want {
			return fmt.Errorf("sandbox terminal %+v, want %+v", got, want)
		}
		return nil
	})
}

// The rows of cardpay_online_terminal in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"cardpay_online_terminal merchant -5": {config: onlineTerminalConfig(-5, "PaymentPage"),
			attr: "merchant_id", want: `merchant_id value must be at least 1, got: -5`},
		"cardpay_online_terminal mode": {config: onlineTerminalConfig(1001, "paymentpage"),
			attr: "online_terminal_mode", want: `online_terminal_mode value must be one of: \["SelfHostedPage" "PaymentPage" "MerchantInitiated"\]`},
		"cardpay_online_terminal import without merchant": {importID: "term_0123456789abcdef", config: `
resource "cardpay_online_terminal" "x" {
  merchant_id          = 1001
  online_terminal_mode = "PaymentPage"
}
`, want: `Invalid import ID for cardpay_online_terminal.*1001/term_0123456789abcdef`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"cardpay_online_terminal": {config: `
resource "cardpay_online_terminal" "t" {
  merchant_id          = 1001
  online_terminal_mode = "PaymentPage"
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"cardpay_online_terminal": {route: sandbox.RouteCreateOnlineTerminal, config: onlineTerminalConfig(1001, "PaymentPage"),
			recovers: true, want: `Warning: The terminal's registration was answered with an error, but it exists.*HTTP 502.*` +
				`found terminal term_[0-9a-f]+ of merchant 1001, a PaymentPage terminal that was not in the merchant's terminal list`,
			held: func(s sandbox.State) int { return len(s.Terminals) }},
	})
	addRows(identityTests, map[string]identityTest{
		// An online terminal changes in place only after an import,
		// recording a configured store_id, which the service does not report.
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
	})
	addRows(inPlaceUpdates, map[string]inPlaceUpdate{
		"cardpay_online_terminal": {except: "every argument replaces the terminal, which the API cannot change; the " +
			"one update in place, recording a store_id configured after import, is checked in " +
			"TestAccOnlineTerminal_importExisting"},
	})
}
