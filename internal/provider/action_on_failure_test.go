// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// mayHaveActed is an action run that fails after it may have acted:
// config is the action block at addr, fail makes the sandbox fail the run,
// want matches the error after its severity, and acted checks at the
// service that the action acted once.
type mayHaveActed struct {
	addr, config, want string
	fail               func(t *testing.T, sb *sandbox.Server)
	acted              func(sb *sandbox.Server) error
}

// lostOrder is the order whose answer mayHaveActedRuns loses.
var lostOrder = testOrder{1001, 1000, "SEK", "smoke-lost", ""}

// mayHaveActedRuns holds one such run of every action.
var mayHaveActedRuns = map[string]mayHaveActed{
	// The order is made, and its answer lost.
	"cardpay_test_order": {
		addr:   testOrderActionAddr,
		config: lostOrder.actionConfig(),
		fail: func(_ *testing.T, sb *sandbox.Server) {
			sb.InjectFault(sandbox.Fault{Route: sandbox.RouteCreateOrder, Status: 502, AfterApply: true, Count: 1})
		},
		want: `The order may have been created for merchant 1001 \(outcome unknown\).*HTTP 502.*` +
			`does not send the request again.*on_failure = taint.*terraform untaint`,
		acted: func(sb *sandbox.Server) error {
			if _, err := lostOrder.expectOnlyOrder(sb); err != nil {
				return err
			}
			if n := sb.RequestCounts()[sandbox.RouteCreateOrder]; n != 1 {
				return fmt.Errorf("the create was sent %d times, want 1", n)
			}
			return nil
		},
	},
	// The device pairs with the code, and from then on the service fails
	// every read of the terminal list.
	"cardpay_interapp_pairing": {
		addr:   interappPairingActionAddr,
		config: pairingConfig(1001, "", true),
		fail: func(t *testing.T, sb *sandbox.Server) {
			whenSandbox(t, sb, func(s sandbox.State) bool { return len(s.InterappCodes) > 0 }, func() error {
				sb.InjectFault(sandbox.Fault{Route: sandbox.RouteListTerminals, Status: 503})
				_, err := sb.PairDevice(sb.Snapshot().InterappCodes[0].RegistrationCode, "")
				return err
			})
		},
		want: `Could not confirm whether a device paired with merchant 1001's code.*HTTP 503.*` +
			`A device may have paired with the code.*cardpay_terminals.*on_failure = taint.*terraform untaint`,
		acted: func(sb *sandbox.Server) error {
			if code, err := expectOneCode(sb, "1001-main"); err != nil || code.PairedTerminalID == "" {
				return fmt.Errorf("want one code, used by the device: %+v, %v", code, err)
			}
			return nil
		},
	},
}

// Under each on_failure mode of Terraform 1.16, an action run that may have
// acted fails as the action pages say: halt stops the apply and continue
// only warns, and neither runs the action again; taint marks the trigger for
// replacement, which would run it again, and terraform untaint, as the
// error advises, stops that. The action acts once in every mode.
func TestAccActions_onFailure(t *testing.T) {
	skipWithoutTriggerModes(t)
	modes := []struct {
		onFailure, severity, nextPlan string
		fails, taints                 bool
	}{
		{onFailure: "halt", severity: "Error", nextPlan: "no-op", fails: true},
		{onFailure: "taint", severity: "Error", nextPlan: "delete+create", fails: true, taints: true},
		{onFailure: "continue", severity: "Warning", nextPlan: "no-op"},
	}
	for name, run := range mayHaveActedRuns {
		for _, mode := range modes {
			t.Run(name+"/"+mode.onFailure, func(t *testing.T) {
				t.Parallel()
				env, sb := newSandboxTestEnv(t)
				run.fail(t, sb)
				w := newCLIWorkdir(t, env, run.config+actionTrigger(run.addr, "on_failure = "+mode.onFailure))
				w.env = append(w.env, envMaxRetries+"=1") // a failing read fails fast
				w.run("init", "-input=false", "-no-color")

				out, err := w.tryRun("apply", "-auto-approve", "-input=false", "-no-color")
				if want := wrappedErrorPattern(mode.severity + ": " + run.want); (err != nil) != mode.fails || !want.MatchString(out) {
					t.Errorf("the apply failed: %t, want %t, with %q in its output:\n%s", err != nil, mode.fails, want, out)
				}
				tainted, next := w.tainted(triggerAddr), w.planChanges()[triggerAddr].Actions
				if tainted != mode.taints || next != mode.nextPlan {
					t.Errorf("the trigger is tainted: %t, and the next plan %s it; want %t and %s", tainted, next, mode.taints, mode.nextPlan)
				}
				if mode.taints {
					w.run("untaint", "-no-color", triggerAddr)
					if next := w.planChanges()[triggerAddr].Actions; next != "no-op" {
						t.Errorf("after terraform untaint, the next plan %s the trigger, want no-op", next)
					}
				}
				if err := run.acted(sb); err != nil {
					t.Error(err)
				}
			})
		}
	}
}
