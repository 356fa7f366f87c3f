// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// applyMerchants are the two merchants the apply tests spread their
// objects over.
var applyMerchants = []int64{1001, 1002}

// twoMerchantsConfig has, for each of the two merchants, three payment
// methods to activate, two online terminals to register, its two stores
// to adopt and one store to create.
const twoMerchantsConfig = `
locals {
  merchants = [1001, 1002]
  methods   = ["amex", "swish", "klarna"]
  modes     = ["PaymentPage", "SelfHostedPage"]
}

resource "cardpay_payment_method" "m" {
  for_each    = { for p in setproduct(local.merchants, local.methods) : "${p[0]}/${p[1]}" => p }
  merchant_id = each.value[0]
  method      = each.value[1]
}

resource "cardpay_online_terminal" "t" {
  for_each             = { for p in setproduct(local.merchants, local.modes) : "${p[0]}/${p[1]}" => p }
  merchant_id          = each.value[0]
  online_terminal_mode = each.value[1]
}

resource "cardpay_store" "adopted" {
  for_each    = { for p in setproduct(local.merchants, ["main", "second"]) : "${p[0]}/${p[1]}" => p }
  merchant_id = each.value[0]
  store_id    = "${each.value[0]}-${each.value[1]}"
  city        = "Aarhus"
}

resource "cardpay_store" "created" {
  for_each    = toset([for m in local.merchants : tostring(m)])
  merchant_id = tonumber(each.key)
  name        = "Harbour kiosk ${each.key}"
}
`

// An apply spends its requests on writes: one per object, and a list read
// per merchant and list only where the write's answer does not carry what
// state records. The sandbox answers an activation with the method's
// entry, so the payment methods need no read; the terminals' registrations
// share one read of each merchant's list (made before them, to recover a
// registration whose answer is lost); the stores' writes are answered with
// the store, and each plan (the one terraform apply shows, and the one it
// makes again before the writes) reads each merchant's stores once to name
// the stores it adopts. State then holds what a separate read shows.
func TestAccApplyRequests_twoMerchants(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	w := newCLIWorkdir(t, env, twoMerchantsConfig)
	mark := sandboxtest.MarkRequests(sb)
	w.run("apply", "-auto-approve", "-input=false", "-no-color")
	got := mark.Since()

	merchants := len(applyMerchants)
	for route, want := range map[string]int{
		sandbox.RouteActivatePaymentMethod: 6,
		sandbox.RouteListPaymentMethods:    0,
		sandbox.RouteCreateOnlineTerminal:  4,
		sandbox.RouteListTerminals:         merchants,
		sandbox.RouteUpdateStore:           4,
		sandbox.RouteCreateStore:           2,
		sandbox.RouteListStores:            2 * merchants,
		// The credentials check of each of the apply's two plans.
		sandbox.RouteGetProfile: 2,
	} {
		if got[route] != want {
			t.Errorf("the apply sent %d requests to %s, want %d", got[route], route, want)
		}
		delete(got, route)
	}
	if len(got) != 0 {
		t.Errorf("the apply sent other requests too: %v", got)
	}

	state := w.stateResources()
	c := partnerTestClient(t, env)
	for _, m := range applyMerchants {
		expectPaymentMethodsAsListed(t, c, state, "cardpay_payment_method.m", m, "amex", "swish", "klarna")
		expectTerminalsAsListed(t, c, state, m)
		expectStoresAsListed(t, c, state, m)
	}
	w.expectEmptyPlan("after the apply")
}

// An activation answered without the method's entry (204, which the
// service may send: it publishes no answer) is followed by a read of the
// merchant's list, shared by the merchant's activations under way: ten
// activations over two merchants, all begun before the first is answered,
// read each merchant's list once.
func TestAccApplyRequests_activationsWithoutAnswer(t *testing.T) {
	const methods = 5 // per merchant: all ten begun at once at terraform's default -parallelism=10
	started := sandboxtest.Start(t, emptyActivationsHeld(methods*len(applyMerchants)))
	sb := started.Server
	env := sandboxTestEnv(started)
	w := newCLIWorkdir(t, env, `
resource "cardpay_payment_method" "m" {
  for_each = {
    for p in setproduct([1001, 1002], ["amex", "swish", "klarna", "vipps", "mobilepay"]) : "${p[0]}/${p[1]}" => p
  }
  merchant_id = each.value[0]
  method      = each.value[1]
}
`)
	mark := sandboxtest.MarkRequests(sb)
	w.run("apply", "-auto-approve", "-input=false", "-no-color")
	got := mark.Since()
	if got[sandbox.RouteActivatePaymentMethod] != 10 || got[sandbox.RouteListPaymentMethods] != len(applyMerchants) {
		t.Errorf("the apply sent %d activations and %d list reads, want 10 and %d (one per merchant): %v",
			got[sandbox.RouteActivatePaymentMethod], got[sandbox.RouteListPaymentMethods], len(applyMerchants), got)
	}

	state := w.stateResources()
	c := partnerTestClient(t, env)
	for _, m := range applyMerchants {
		expectPaymentMethodsAsListed(t, c, state, "cardpay_payment_method.m", m, "amex", "swish", "klarna", "vipps", "mobilepay")
	}
	w.expectEmptyPlan("after the apply")
}

// emptyActivationsHeld makes the sandbox answer every activation 204
// without a body, and holds the first ones until all n have arrived or
// none has come for activationsSettle. A write is under way from the
// moment the provider begins it, before its request waits for a turn; a
// fresh provider process sends only a few requests before the first answer
// (the throttle's slow start), so the rest of the n may never arrive while
// those are held, but by then terraform has begun every one of them.
func emptyActivationsHeld(n int) sandboxtest.Option {
	var mu sync.Mutex
	arrived, released := 0, make(chan struct{})
	release := sync.OnceFunc(func() { close(released) })
	settle := time.AfterFunc(time.Hour, release)
	return sandboxtest.Wrap(func(_ sandboxtest.Host, next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/activate") {
				next.ServeHTTP(w, r)
				return
			}
			mu.Lock()
			if arrived++; arrived == n {
				release()
			}
			settle.Reset(activationsSettle)
			mu.Unlock()
			select {
			case <-released:
				next.ServeHTTP(httptest.NewRecorder(), r)
				w.WriteHeader(http.StatusNoContent)
			case <-r.Context().Done():
			}
		})
	})
}

// activationsSettle is how long emptyActivationsHeld waits for another
// activation before it answers those it holds: far longer than terraform
// takes to begin the writes it runs at once, far shorter than the
// provider's request_timeout.
const activationsSettle = 3 * time.Second

// requestsTogether holds each request that match accepts until n have
// arrived, so that all n are under way when the first is answered, and
// then serves it with serve. Fewer than n at once (a smaller -parallelism)
// would hold them until the provider's request_timeout fails the apply.
func requestsTogether(n int, match func(*http.Request) bool, serve func(next http.Handler, w http.ResponseWriter, r *http.Request)) sandboxtest.Option {
	var mu sync.Mutex
	arrived, all := 0, make(chan struct{})
	return sandboxtest.Wrap(func(_ sandboxtest.Host, next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !match(r) {
				next.ServeHTTP(w, r)
				return
			}
			mu.Lock()
			if arrived++; arrived == n {
				close(all)
			}
			mu.Unlock()
			select {
			case <-all:
				serve(next, w, r)
			case <-r.Context().Done():
			}
		})
	})
}

// expectPaymentMethodsAsListed checks that state records each method of
// the merchant (instances "<merchant>/<method>" of resource addr) with the
// status and activation time its list shows.
func expectPaymentMethodsAsListed(t *testing.T, c *client.Client, state map[string]map[string]any, addr string, merchantID int64,
	methods ...string) {
	t.Helper()
	listed, err := c.ListPaymentMethods(t.Context(), merchantID)
	if err != nil {
		t.Fatal(err)
	}
	for _, method := range methods {
		key := fmt.Sprintf("%s[%q]", addr, fmt.Sprintf("%d/%s", merchantID, method))
		recorded, ok := state[key]
		if !ok {
			t.Errorf("%s is not in state", key)
			continue
		}
		for _, entry := range listed {
			if entry.Method == method && (stateString(recorded, "status") != entry.Status || entry.ActivatedAt == nil ||
				stateString(recorded, "activated_at") != *entry.ActivatedAt) {
				t.Errorf("%s records status %q activated at %q; the list shows %+v", key,
					stateString(recorded, "status"), stateString(recorded, "activated_at"), entry)
			}
		}
	}
}

// expectTerminalsAsListed checks that state records each terminal of the
// merchant with the ID, type and public key its list shows. The
// registration's answer carries no status, which state records at the
// next refresh (null until then, as the attribute's description says).
func expectTerminalsAsListed(t *testing.T, c *client.Client, state map[string]map[string]any, merchantID int64) {
	t.Helper()
	listed, err := c.ListTerminals(t.Context(), merchantID, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"PaymentPage", "SelfHostedPage"} {
		key := fmt.Sprintf("cardpay_online_terminal.t[%q]", fmt.Sprintf("%d/%s", merchantID, mode))
		recorded := state[key]
		id := stateString(recorded, "terminal_id")
		found := false
		for _, entry := range listed {
			if entry.TerminalID != id {
				continue
			}
			found = true
			if entry.TerminalType != mode || entry.TerminalPublicKey == nil || stateString(recorded, "terminal_public_key") != *entry.TerminalPublicKey {
				t.Errorf("%s records %v; the list shows %+v", key, recorded, entry)
			}
		}
		if !found {
			t.Errorf("%s records terminal %q, which merchant %d's list does not show", key, id, merchantID)
		}
	}
}

// expectStoresAsListed checks that state records each store of the
// merchant, adopted or created, with the values its list shows.
func expectStoresAsListed(t *testing.T, c *client.Client, state map[string]map[string]any, merchantID int64) {
	t.Helper()
	listed, err := c.ListStores(t.Context(), merchantID)
	if err != nil {
		t.Fatal(err)
	}
	keys := []string{
		fmt.Sprintf("cardpay_store.adopted[%q]", fmt.Sprintf("%d/main", merchantID)),
		fmt.Sprintf("cardpay_store.adopted[%q]", fmt.Sprintf("%d/second", merchantID)),
		fmt.Sprintf("cardpay_store.created[%q]", fmt.Sprint(merchantID)),
	}
	for _, key := range keys {
		recorded := state[key]
		id := stateString(recorded, "store_id")
		var entry *client.Store
		for i := range listed {
			if listed[i].ID == id {
				entry = &listed[i]
			}
		}
		if entry == nil {
			t.Errorf("%s records store %q, which merchant %d's list does not show", key, id, merchantID)
			continue
		}
		for attr, want := range map[string]string{
			"name": entry.Name, "city": entry.City, "country_code": entry.CountryCode, "location_id": entry.LocationID,
			"status": entry.Status, "created_at": entry.CreatedAt,
		} {
			if got := stateString(recorded, attr); got != want {
				t.Errorf("%s records %s %q; the list shows %q", key, attr, got, want)
			}
		}
	}
}
