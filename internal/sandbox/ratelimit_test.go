// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The bucket lets Burst requests through at once, refuses the next with 429
// and Retry-After in whole seconds, and refills PerSecond tokens a second.
// Refusals are counted apart from the requests that went through.
func TestRateLimitTokenBucket(t *testing.T) {
	e := newEnvWith(t, Config{RateLimit: RateLimit{PerSecond: 4, Burst: 3}})
	for i := range 3 {
		if r := e.partner(http.MethodGet, paymentMethodsPath, nil); r.status != http.StatusOK {
			t.Fatalf("request %d of the burst: status %d, want 200", i+1, r.status)
		}
	}
	r := e.partner(http.MethodGet, paymentMethodsPath, nil)
	expectMessage(t, r, http.StatusTooManyRequests, "rate limit exceeded for this credential")
	if got := r.header.Get("Retry-After"); got != "1" { // a quarter second, rounded up
		t.Errorf("Retry-After = %q, want 1", got)
	}

	e.clock.Advance(250 * time.Millisecond) // one token
	expectStatus(t, e.partner(http.MethodGet, paymentMethodsPath, nil), http.StatusOK)
	expectStatus(t, e.partner(http.MethodGet, paymentMethodsPath, nil), http.StatusTooManyRequests)

	if got := e.srv.RequestCounts()[RouteListPaymentMethods]; got != 4 {
		t.Errorf("RequestCounts = %d, want the 4 that went through", got)
	}
	if got := e.srv.RefusedCounts()[RouteListPaymentMethods]; got != 2 {
		t.Errorf("RefusedCounts = %d, want 2", got)
	}

	e.srv.ResetRequestCounts()
	if got := e.srv.RefusedCounts(); len(got) != 0 {
		t.Errorf("RefusedCounts after ResetRequestCounts = %v, want none", got)
	}
}

// Retry-After is the wait for the next token, rounded up to whole seconds.
func TestRateLimitRetryAfterRoundsUp(t *testing.T) {
	e := newEnvWith(t, Config{RateLimit: RateLimit{PerSecond: 0.4, Burst: 1}})
	expectStatus(t, e.partner(http.MethodGet, paymentMethodsPath, nil), http.StatusOK)
	r := e.partner(http.MethodGet, paymentMethodsPath, nil)
	if got := r.header.Get("Retry-After"); got != "3" { // 2.5 s
		t.Errorf("Retry-After = %q, want 3", got)
	}
}

// Each credential has its own bucket: another partner and a bearer token
// are not refused because the demo partner used up its own.
func TestRateLimitPerCredential(t *testing.T) {
	e := newEnvWith(t, Config{RateLimit: RateLimit{PerSecond: 1}})
	expectStatus(t, e.partner(http.MethodGet, paymentMethodsPath, nil), http.StatusOK)
	expectStatus(t, e.partner(http.MethodGet, paymentMethodsPath, nil), http.StatusTooManyRequests)

	other := e.do(http.MethodGet, "/v1/partner/merchants/2001/card-payments/payment-methods", nil, otherPartnerAuth())
	expectStatus(t, other, http.StatusOK)
	expectStatus(t, e.ais("/v1/ais/accounts", map[string]any{"merchantId": 1001, "userId": "user-1001"}), http.StatusForbidden) // no consent, but not refused
	expectStatus(t, e.ais("/v1/ais/accounts", map[string]any{"merchantId": 1001, "userId": "user-1001"}), http.StatusTooManyRequests)
}

// Reset keeps the limit and refills every bucket; turning the limit off
// lets everything through.
func TestRateLimitResetAndOff(t *testing.T) {
	e := newEnvWith(t, Config{RateLimit: RateLimit{PerSecond: 1}})
	expectStatus(t, e.partner(http.MethodGet, paymentMethodsPath, nil), http.StatusOK)
	expectStatus(t, e.partner(http.MethodGet, paymentMethodsPath, nil), http.StatusTooManyRequests)

	e.srv.Reset()
	if got := e.srv.RateLimit(); got != (RateLimit{PerSecond: 1, Burst: 1}) {
		t.Errorf("after Reset the limit is %+v, want it kept", got)
	}
	if got := e.srv.RefusedCounts(); len(got) != 0 {
		t.Errorf("RefusedCounts after Reset = %v, want none", got)
	}
	expectStatus(t, e.partner(http.MethodGet, paymentMethodsPath, nil), http.StatusOK)

	if err := e.srv.SetRateLimit(RateLimit{}); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		expectStatus(t, e.partner(http.MethodGet, paymentMethodsPath, nil), http.StatusOK)
	}
}

func TestRateLimitAdmin(t *testing.T) {
	e := newEnv(t)
	r := e.do(http.MethodPut, "/_sandbox/rate-limit", map[string]any{"perSecond": 2.5}, nil)
	expectStatus(t, r, http.StatusOK)
	if got := r.obj(t); got["perSecond"] != 2.5 || got["burst"] != 3.0 {
		t.Errorf("PUT answered %v, want perSecond 2.5 and the default burst 3", got)
	}
	for range 3 {
		expectStatus(t, e.partner(http.MethodGet, paymentMethodsPath, nil), http.StatusOK)
	}
	expectStatus(t, e.partner(http.MethodGet, paymentMethodsPath, nil), http.StatusTooManyRequests)

	refused := e.do(http.MethodGet, "/_sandbox/requests/refused", nil, nil)
	if got := refused.obj(t)[RouteListPaymentMethods]; got != 1.0 {
		t.Errorf("GET /_sandbox/requests/refused = %s, want 1 for %s", refused.raw, RouteListPaymentMethods)
	}
	counted := e.do(http.MethodGet, "/_sandbox/requests", nil, nil)
	if got := counted.obj(t)[RouteListPaymentMethods]; got != 3.0 {
		t.Errorf("GET /_sandbox/requests = %s, want the 3 that went through", counted.raw)
	}

	for _, bad := range []string{`{"perSecond": -1}`, `{"perSecond": 5, "burst": -2}`, `{"perSecond": 5, "window": -1}`, `{"rate": 5}`, ``} {
		r := e.do(http.MethodPut, "/_sandbox/rate-limit", bad, nil)
		expectStatus(t, r, http.StatusBadRequest)
	}
	if got := e.do(http.MethodGet, "/_sandbox/rate-limit", nil, nil).obj(t)["perSecond"]; got != 2.5 {
		t.Errorf("a rejected PUT changed the limit to %v", got)
	}

	expectStatus(t, e.do(http.MethodDelete, "/_sandbox/rate-limit", nil, nil), http.StatusOK)
	if got := e.srv.RateLimit(); got != (RateLimit{}) {
		t.Errorf("after DELETE the limit is %+v, want none", got)
	}
	expectStatus(t, e.partner(http.MethodGet, paymentMethodsPath, nil), http.StatusOK)
}

// The refusal never reaches faults, handlers or state.
func TestRateLimitBeforeFaultsAndHandlers(t *testing.T) {
	e := newEnvWith(t, Config{RateLimit: RateLimit{PerSecond: 1}})
	expectStatus(t, e.partner(http.MethodPost, ordersPath, validOrder()), http.StatusCreated)
	e.srv.InjectFault(Fault{Route: RouteCreateOrder, Status: 503, Count: 1})
	r := e.partner(http.MethodPost, ordersPath, validOrder())
	expectStatus(t, r, http.StatusTooManyRequests)
	if n := len(e.srv.Snapshot().Orders); n != 1 {
		t.Errorf("the sandbox holds %d orders, want 1: a refused create must change nothing", n)
	}
	e.clock.Advance(time.Second)
	if r := e.partner(http.MethodPost, ordersPath, validOrder()); r.status != http.StatusServiceUnavailable ||
		!strings.Contains(r.message(t), "injected") {
		t.Errorf("the fault was used up by a refused request: status %d %s", r.status, r.raw)
	}
}

// With Headers, every answer under the limit says what is left: the IETF
// RateLimit and RateLimit-Policy fields and the common X-RateLimit-*
// ones, on the accepted answers and the refusal alike; without it, none.
func TestRateLimitHeaders(t *testing.T) {
	e := newEnvWith(t, Config{RateLimit: RateLimit{PerSecond: 4, Burst: 2, Headers: true}})
	want := []map[string]string{
		{"RateLimit": `"credential";r=1;t=1`, "X-RateLimit-Remaining": "1", "X-RateLimit-Reset": "1"},
		{"RateLimit": `"credential";r=0;t=1`, "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1"},
		{"RateLimit": `"credential";r=0;t=1`, "X-RateLimit-Remaining": "0", "Retry-After": "1"},
	}
	for i, fields := range want {
		r := e.partner(http.MethodGet, paymentMethodsPath, nil)
		if i == 2 {
			expectStatus(t, r, http.StatusTooManyRequests)
		}
		fields["RateLimit-Policy"] = `"credential";q=2;w=1`
		fields["X-RateLimit-Limit"] = "2"
		for name, v := range fields {
			if got := r.header.Get(name); got != v {
				t.Errorf("answer %d: %s = %q, want %q", i+1, name, got, v)
			}
		}
	}

	e.clock.Advance(2 * time.Second) // full again
	r := e.partner(http.MethodGet, paymentMethodsPath, nil)
	if got := r.header.Get("RateLimit"); got != `"credential";r=1;t=1` {
		t.Errorf("after the refill: RateLimit = %q, want r=1;t=1 (a quarter second to full, rounded up)", got)
	}

	plain := newEnvWith(t, Config{RateLimit: RateLimit{PerSecond: 4}})
	r = plain.partner(http.MethodGet, paymentMethodsPath, nil)
	for _, name := range []string{"RateLimit", "RateLimit-Policy", "X-RateLimit-Remaining"} {
		if got := r.header.Get(name); got != "" {
			t.Errorf("without Headers: %s = %q, want none", name, got)
		}
	}
}

// With Window the limit is a fixed window: the window's quota (by default
// PerSecond × Window) goes through at any pace, the next request is
// refused until the window's end, which Retry-After and the headers'
// reset name, and the quota is whole again when the next window begins.
func TestRateLimitFixedWindow(t *testing.T) {
	e := newEnvWith(t, Config{RateLimit: RateLimit{PerSecond: 0.5, Window: 10, Headers: true}})
	e.clock.Set(time.Unix(1_800_000_003, 0)) // 3 s into a window of 10 s
	for i := range 5 {
		r := e.partner(http.MethodGet, paymentMethodsPath, nil)
		expectStatus(t, r, http.StatusOK)
		if got, want := r.header.Get("RateLimit"), fmt.Sprintf(`"credential";r=%d;t=7`, 4-i); got != want {
			t.Errorf("answer %d: RateLimit = %q, want %q", i+1, got, want)
		}
	}
	e.clock.Advance(2500 * time.Millisecond) // 4.5 s to the window's end
	r := e.partner(http.MethodGet, paymentMethodsPath, nil)
	expectStatus(t, r, http.StatusTooManyRequests)
	for name, want := range map[string]string{"Retry-After": "5", "RateLimit": `"credential";r=0;t=5`,
		"RateLimit-Policy": `"credential";q=5;w=10`, "X-RateLimit-Reset": "5"} {
		if got := r.header.Get(name); got != want {
			t.Errorf("refused: %s = %q, want %q", name, got, want)
		}
	}
	e.clock.Advance(4500 * time.Millisecond) // the next window
	r = e.partner(http.MethodGet, paymentMethodsPath, nil)
	expectStatus(t, r, http.StatusOK)
	if got := r.header.Get("RateLimit"); got != `"credential";r=4;t=10` {
		t.Errorf("in the next window: RateLimit = %q, want r=4;t=10", got)
	}
	if got := e.srv.RefusedCounts()[RouteListPaymentMethods]; got != 1 {
		t.Errorf("RefusedCounts = %d, want 1", got)
	}
	if err := (RateLimit{PerSecond: 1, Window: -1}).Validate(); err == nil || !strings.Contains(err.Error(), "window must be between 0") {
		t.Errorf("a negative window: %v, want it refused", err)
	}
}
