// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"net/http"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// Two terminals of the same mode of one merchant are registered in one
// apply, both under way at once (the sandbox holds each until both have
// arrived), and the answer to one is lost. Its recovery takes the terminal
// it made, never the one answered to the other registration, which was not
// in the list read before them either: both are recorded, each with its
// own terminal, and nothing is registered twice.
func TestAccOnlineTerminal_lostAnswerBesideAnother(t *testing.T) {
	started := sandboxtest.Start(t, requestsTogether(2, func(r *http.Request) bool {
		return r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/online-terminals")
	}, func(next http.Handler, w http.ResponseWriter, r *http.Request) { next.ServeHTTP(w, r) }))
	env, sb := sandboxTestEnv(started), started.Server
	terminalsBefore := len(merchantTerminals(sb, 1001))
	sb.InjectFault(sandbox.Fault{Route: sandbox.RouteCreateOnlineTerminal, Status: 502, AfterApply: true, Count: 1})
	w := newCLIWorkdir(t, env, `
resource "cardpay_online_terminal" "t" {
  for_each             = toset(["a", "b"])
  merchant_id          = 1001
  online_terminal_mode = "PaymentPage"
}
`)
	out := flat(w.run("apply", "-auto-approve", "-input=false", "-no-color"))
	if !strings.Contains(out, "The terminal's registration was answered with an error, but it exists") {
		t.Errorf("the apply does not warn of the recovered registration:\n%s", out)
	}
	if n := sb.RequestCounts()[sandbox.RouteCreateOnlineTerminal]; n != 2 {
		t.Errorf("%d registrations were sent, want 2: a registration with an unknown outcome must not be repeated", n)
	}
	made := map[string]bool{}
	for _, terminal := range merchantTerminals(sb, 1001)[terminalsBefore:] {
		made[terminal.TerminalID] = true
	}
	state := w.stateResources()
	a, b := stateString(state[`cardpay_online_terminal.t["a"]`], "terminal_id"), stateString(state[`cardpay_online_terminal.t["b"]`], "terminal_id")
	if len(made) != 2 || a == b || !made[a] || !made[b] {
		t.Errorf("state records terminals %q and %q; the apply made %v", a, b, made)
	}
	w.expectEmptyPlan("after the recovery")
}

// merchantTerminals are the merchant's terminals at the sandbox, in the
// order they were registered.
func merchantTerminals(sb *sandbox.Server, merchantID int64) []sandbox.Terminal {
	var out []sandbox.Terminal
	for _, terminal := range sb.Snapshot().Terminals {
		if terminal.MerchantID == merchantID {
			out = append(out, terminal)
		}
	}
	return out
}
