// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

const interappPairingActionAddr = "action.cardpay_interapp_pairing.pair"

// pairingConfig is a cardpay_interapp_pairing action named pair that
// issues a code for the store ("" for the merchant's default store) and,
// with wait, waits for a device to pair.
func pairingConfig(merchantID int64, storeID string, wait bool) string {
	return fmt.Sprintf(`
action "cardpay_interapp_pairing" "pair" {
  config {
    merchant_id      = %d
    store_id         = %s
    wait_for_pairing = %t
  }
}
`, merchantID, hclOptional(storeID), wait)
}

// triggeredPairingConfig is env's provider block with pairingConfig and a
// trigger that invokes the action once.
func triggeredPairingConfig(env *testEnv, storeID string, wait bool) string {
	return env.providerConfig(pairingConfig(env.MerchantID, storeID, wait), actionTrigger(interappPairingActionAddr))
}

// expectOneCode checks that the sandbox issued exactly one code, for
// storeID, and returns it.
func expectOneCode(sb *sandbox.Server, storeID string) (sandbox.InterappCode, error) {
	codes := sb.Snapshot().InterappCodes
	if len(codes) != 1 || codes[0].StoreID != storeID {
		return sandbox.InterappCode{}, fmt.Errorf("sandbox codes %+v, want one for store %s", codes, storeID)
	}
	return codes[0], nil
}

// pairWhenIssued has a device use the first code the sandbox issues from
// now on, and returns where the new terminal's ID will be.
func pairWhenIssued(t *testing.T, sb *sandbox.Server) *string {
	t.Helper()
	paired := new(string)
	issued := len(sb.Snapshot().InterappCodes)
	whenSandbox(t, sb, func(s sandbox.State) bool { return len(s.InterappCodes) > issued }, func() error {
		time.Sleep(150 * time.Millisecond) // the merchant types the code
		terminal, err := sb.PairDevice(sb.Snapshot().InterappCodes[issued].RegistrationCode, "")
		*paired = terminal.TerminalID
		return err
	})
	return paired
}

// Without wait_for_pairing, the action issues one code for the store and
// ends: no terminal list is read, and nothing is kept in state.
func TestAccInterappPairingAction_trigger(t *testing.T) {
	skipWithoutActions(t)
	env, sb := newSandboxTestEnv(t)
	actionAccTest(t, testProviderFactories, resource.TestStep{
		Config:            triggeredPairingConfig(env, "1001-second", false),
		ConfigStateChecks: []statecheck.StateCheck{stateHoldsOnly("terraform_data.trigger")},
		PostApplyFunc: func() {
			code, err := expectOneCode(sb, "1001-second")
			if err != nil {
				t.Error(err)
			}
			if code.PairedTerminalID != "" || code.MerchantID != env.MerchantID {
				t.Errorf("code %+v, want an unused code of merchant %d", code, env.MerchantID)
			}
			if n := requestsTo(sb, sandbox.RouteListTerminals); n != 0 {
				t.Errorf("the action read the terminal list %d times without wait_for_pairing", n)
			}
		},
	})
}

// With wait_for_pairing, the action succeeds once a device pairs with the
// new code; a device paired earlier does not count.
func TestAccInterappPairingAction_waitForPairing(t *testing.T) {
	skipWithoutActions(t)
	env, sb := newSandboxTestEnv(t)
	earlier := pairDevice(t, env, sb, env.MerchantID)
	var paired *string
	actionAccTest(t, fastWaitFactories(interappCodeValidity), resource.TestStep{
		PreConfig: func() { paired = pairWhenIssued(t, sb) },
		Config:    triggeredPairingConfig(env, "", true),
		PostApplyFunc: func() {
			codes := sb.Snapshot().InterappCodes
			last := codes[len(codes)-1]
			if *paired == "" || *paired == earlier || last.PairedTerminalID != *paired {
				t.Errorf("the action's code %+v was not used by the device that paired, %q (earlier device %q)",
					last, *paired, earlier)
			}
		},
	})
}

// A code that expires before any device pairs fails the action with what
// to do; the code stays unused.
func TestAccInterappPairingAction_codeExpiresUnpaired(t *testing.T) {
	skipWithoutActions(t)
	env, sb := newSandboxTestEnv(t)
	actionAccTest(t, fastWaitFactories(time.Second), resource.TestStep{
		Config: triggeredPairingConfig(env, "", true),
		ExpectError: wrappedErrorPattern(`Registration code expired before a device paired.*No new tap-to-pay ` +
			`\(checkoutX\) terminal appeared in merchant 1001's terminal list before the code expired at .*` +
			`Invoke the action again to issue a new code, for example with terraform apply ` +
			`-invoke=action.cardpay_interapp_pairing.<name>`),
	})
	if code, err := expectOneCode(sb, "1001-main"); err != nil || code.PairedTerminalID != "" {
		t.Errorf("want one unused code: %+v, %v", code, err)
	}
}

// The CLI shows the code, its link and expiry, that the action waits, and
// the terminal of the device that paired. The TRACE log does not hold the
// code: Terraform does not log progress messages, and the provider masks it.
func TestAccInterappPairingAction_progress(t *testing.T) {
	skipWithoutActions(t)
	env, sb := newSandboxTestEnv(t)
	w := newCLIWorkdir(t, env, pairingConfig(env.MerchantID, "", true))
	w.run("init", "-input=false", "-no-color")
	w.logTrace()
	paired := pairWhenIssued(t, sb)
	out := w.run("apply", "-auto-approve", "-input=false", "-no-color", "-invoke="+interappPairingActionAddr)

	code, err := expectOneCode(sb, "1001-main")
	if err != nil {
		t.Fatal(err)
	}
	progress := "Action " + interappPairingActionAddr + " (triggered by CLI): "
	for _, want := range []string{
		progress + "Registration code for merchant 1001, the merchant's default store: " + code.RegistrationCode +
			". Type it into the companion app on the Android device.",
		progress + "Or open this link on the device, which fills the code in: " + code.RegistrationLink,
		progress + "The code expires at ",
		progress + "Waiting for a device to pair with the code…",
		progress + "Device paired: new tap-to-pay terminal " + *paired + " for merchant 1001.",
	} {
		if code.RegistrationLink == "" || *paired == "" || !strings.Contains(out, want) {
			t.Errorf("terraform apply -invoke output lacks %q:\n%s", want, out)
		}
	}
	checkAbsent(t, "the TRACE log", w.providerTraceLog(), []string{code.RegistrationCode})
}

// The service's refusal fails the action with status, message and request
// ID.
func TestAccInterappPairingAction_unknownStore(t *testing.T) {
	skipWithoutActions(t)
	env, sb := newSandboxTestEnv(t)
	actionAccTest(t, testProviderFactories, resource.TestStep{
		Config: triggeredPairingConfig(env, "1001-nowhere", false),
		ExpectError: wrappedErrorPattern(`Could not create in-app registration code for merchant 1001.*HTTP 404.*` +
			`1001-nowhere.*request ID \S+`),
	})
	if codes := sb.Snapshot().InterappCodes; len(codes) != 0 {
		t.Errorf("a code was issued for an unknown store: %+v", codes)
	}
}

// While no device pairs, the action says every pairingProgress that it
// still waits and how long the code has left, then fails at expiry.
func TestInterappPairingAction_reportsWhileWaiting(t *testing.T) {
	sb := sandboxtest.Start(t)
	data := newProviderData(resolvedConfig{Config: client.Config{BaseURL: sb.URL, PartnerClientID: sb.ClientID, PartnerClientSecret: sb.ClientSecret}})
	data.poll = pollIntervals{pairing: 20 * time.Millisecond, pairingProgress: 200 * time.Millisecond, codeValidity: 2 * time.Second}
	c, diags := data.clientFor(client.PartnerAPI)
	code := interappRegistrationData{MerchantID: types.Int64Value(1001), StoreID: types.StringNull()}
	diags.Append(code.issue(t.Context(), data)...)
	if diags.HasError() {
		t.Fatal(diagText(diags))
	}

	var reports []string
	a := &interappPairingAction{actionBase: actionBase{name: "interapp_pairing", data: data}}
	diags = a.waitForDevice(t.Context(), c, code, map[string]bool{}, func(msg string) { reports = append(reports, msg) })

	if !strings.Contains(diagText(diags), "Registration code expired before a device paired") {
		t.Errorf("diagnostics %q, want the expiry error", diagText(diags))
	}
	still := 0
	for _, r := range reports {
		if regexp.MustCompile(`^Still waiting for a device to pair… \(the code expires in (\d+m)?\d+s\)$`).MatchString(r) {
			still++
		}
	}
	// Between 1 and 2 seconds of waiting (expires_at is whole seconds),
	// with a report every 200ms at most.
	if reports[0] != "Waiting for a device to pair with the code…" || still < 2 || still > 10 {
		t.Errorf("reports %q, want the start of the wait and 2 to 10 reports that it still waits", reports)
	}
}

// The rows of action.cardpay_interapp_pairing in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"action.cardpay_interapp_pairing merchant 0": {config: `
action "cardpay_interapp_pairing" "x" {
  config {
    merchant_id = 0
  }
}
`, want: `merchant_id value must be at least 1, got: 0`},
		"action.cardpay_interapp_pairing blank store": {config: `
action "cardpay_interapp_pairing" "x" {
  config {
    merchant_id = 1001
    store_id    = " "
  }
}
`, want: `store_id must not be empty or only whitespace`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"action.cardpay_interapp_pairing": {except: actionsNeedTerraform114 + "; TestAccInterappPairingAction_progress " +
			"checks that the TRACE log never holds its code"},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"action.cardpay_interapp_pairing": {except: "issues its code as the cardpay_interapp_registration resource " +
			"does (interappRegistrationData.issue), whose lost answer that entry tests"},
	})
}
