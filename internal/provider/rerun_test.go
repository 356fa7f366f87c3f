// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// rerunConfig is a partner's first configuration: a merchant that the
// apply waits for (four seconds, while the merchant takes 25 to complete
// its onboarding), what depends on it, and two partner-wide objects.
const rerunConfig = `
resource "cardpay_merchant" "coffee" {
  company_name   = "Nordic Coffee ApS"
  contact_email  = "owner@nordic-coffee.example"
  partner_ref_id = "CRM-0001"
  wait_for       = "active"
  timeouts {
    create = "4s"
  }
}

resource "cardpay_onboarding_application" "coffee" {
  merchant_id = cardpay_merchant.coffee.merchant_id
}

resource "cardpay_store" "vesterbro" {
  merchant_id = cardpay_merchant.coffee.merchant_id
  name        = "Nordic Coffee, Vesterbro"
  city        = "Copenhagen"
}

resource "cardpay_online_terminal" "web_shop" {
  merchant_id          = cardpay_merchant.coffee.merchant_id
  online_terminal_mode = "SelfHostedPage"
  store_id             = cardpay_store.vesterbro.store_id
}

resource "cardpay_webhook" "payments" {
  url    = "https://hooks.nordic-coffee.example/cardpay"
  events = ["payment.completed", "payment.failed"]
}

resource "cardpay_partner_credential" "ci" {
  name = "ci"
}
`

// rerunCreates are the creates of rerunConfig, each of which loses one
// answer.
var rerunCreates = []string{
	sandbox.RouteCreateMerchant, sandbox.RouteStartOnboarding, sandbox.RouteCreateStore,
	sandbox.RouteCreateOnlineTerminal, sandbox.RouteCreateWebhook, sandbox.RouteCreateCredential,
}

// A partner's first apply meets a merchant that activates only after 25
// seconds, with a four-second wait, and one lost answer (a 502 after the
// service acted) on each of six creates. Plain re-applies, as a user types
// them, end after two with one object per configuration block at the
// service and an empty plan: the first re-apply records the same merchant
// and waits again, the second (once the merchant is active) records the
// objects whose answers were lost.
//
// The sandbox runs on a test clock that follows the real one at the start
// of each command and stands still while it runs; the 25 seconds the user
// waits before the second re-apply are one step of it.
func TestAccRerun_slowActivationAndLostAnswers(t *testing.T) {
	clock := testclock.New(time.Now())
	env := sandboxTestEnv(sandboxtest.Start(t, sandboxtest.Clock(clock), sandboxtest.AutoAdvance(25*time.Second)))
	sb := env.Sandbox
	for _, route := range rerunCreates {
		sb.InjectFault(sandbox.Fault{Route: route, Status: 502, AfterApply: true, Count: 1})
	}
	fixtures := sb.Snapshot()
	w := newCLIWorkdir(t, env, rerunConfig)
	apply := func(waited time.Duration) (string, error) {
		clock.Set(time.Now().Add(waited))
		out, err := w.tryRun("apply", "-auto-approve", "-input=false", "-no-color")
		return flat(out), err
	}

	out, err := apply(0)
	expectOutput(t, "the apply", out, err, false,
		`Warning: The endpoint's creation was answered with an error, but it exists`,
		`Warning: The credential's creation was answered with an error, but it exists`,
		`Warning: The merchant's creation was answered with an error, but it exists`,
		`Error: Merchant \d+ did not become active within 4s`)

	out, err = apply(0)
	expectOutput(t, "the first re-apply", out, err, false,
		`cardpay_merchant.coffee is tainted, so (it )?must be replaced`,
		`Warning: Merchant \d+ exists already: recorded instead of created`,
		`Error: Merchant \d+ did not become active within 4s`)

	// The user waits until the merchant has completed its onboarding.
	out, err = apply(25 * time.Second)
	expectOutput(t, "the second re-apply", out, err, true,
		`Warning: Merchant \d+ exists already: recorded instead of created`,
		`Warning: The application's start was answered with an error, but it exists`,
		`Warning: The store's creation was answered with an error, but it exists`,
		`Warning: The terminal's registration was answered with an error, but it exists`)

	w.expectEmptyPlan("after the second re-apply")
	for _, route := range rerunCreates {
		if n := sb.RequestCounts()[route]; n != 1 {
			t.Errorf("%s was sent %d times, want once: its answer was lost, and it must not be repeated", route, n)
		}
	}

	state, snap := w.stateResources(), sb.Snapshot()
	merchantID := stateString(state["cardpay_merchant.coffee"], "id")
	ofMerchant := func(id int64) bool { return strconv.FormatInt(id, 10) == merchantID }
	for _, block := range []struct {
		addr, attr string
		held       []string
	}{
		{"cardpay_merchant.coffee", "id", idsWhere(snap.Merchants, func(m sandbox.MerchantRecord) (string, bool) {
			return strconv.FormatInt(m.ID, 10), m.PartnerRefID == "CRM-0001"
		})},
		{"cardpay_onboarding_application.coffee", "application_id", idsWhere(snap.Applications, func(a sandbox.Application) (string, bool) {
			return a.ApplicationID, ofMerchant(a.MerchantID)
		})},
		{"cardpay_store.vesterbro", "store_id", idsWhere(snap.Stores, func(s sandbox.MerchantStore) (string, bool) {
			return s.ID, ofMerchant(s.MerchantID) && s.Name == "Nordic Coffee, Vesterbro"
		})},
		{"cardpay_online_terminal.web_shop", "terminal_id", idsWhere(snap.Terminals, func(x sandbox.Terminal) (string, bool) {
			return x.TerminalID, ofMerchant(x.MerchantID)
		})},
		{"cardpay_webhook.payments", "id", idsWhere(snap.Webhooks, func(h sandbox.Webhook) (string, bool) {
			return strconv.FormatInt(h.ID, 10), !slices.ContainsFunc(fixtures.Webhooks, func(f sandbox.Webhook) bool { return f.ID == h.ID })
		})},
		{"cardpay_partner_credential.ci", "id", idsWhere(snap.Credentials, func(c sandbox.Credential) (string, bool) {
			return strconv.FormatInt(c.ID, 10), c.Name == "ci"
		})},
	} {
		if got := stateString(state[block.addr], block.attr); len(block.held) != 1 || block.held[0] != got {
			t.Errorf("%s: the service holds %v, state records %q; want exactly the one in state", block.addr, block.held, got)
		}
	}
}

// idsWhere returns the IDs of the objects that match.
func idsWhere[T any](objects []T, id func(T) (string, bool)) []string {
	var ids []string
	for _, o := range objects {
		if s, ok := id(o); ok {
			ids = append(ids, s)
		}
	}
	return ids
}
