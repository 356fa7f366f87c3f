// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

func validOrder() map[string]any { return map[string]any{"amount": 100, "currency": "DKK"} }

func TestFaultBeforeApply(t *testing.T) {
	for _, tc := range []struct {
		status     int
		retryAfter string
	}{{429, "2"}, {503, ""}, {502, ""}} {
		t.Run(fmt.Sprint(tc.status), func(t *testing.T) {
			e := newEnv(t)
			e.srv.InjectFault(Fault{Route: RouteCreateOrder, Status: tc.status, RetryAfter: tc.retryAfter, Count: 1})
			r := e.partner(http.MethodPost, ordersPath, validOrder())
			expectMessage(t, r, tc.status, "injected sandbox fault")
			if r.header.Get("Retry-After") != tc.retryAfter {
				t.Errorf("Retry-After = %q, want %q", r.header.Get("Retry-After"), tc.retryAfter)
			}
			if n := len(e.srv.Snapshot().Orders); n != 0 {
				t.Fatalf("fault before apply created %d orders", n)
			}
			// Count 1: the retry succeeds; both attempts are counted.
			expectStatus(t, e.partner(http.MethodPost, ordersPath, validOrder()), http.StatusCreated)
			if got := e.srv.RequestCounts()[RouteCreateOrder]; got != 2 {
				t.Errorf("count = %d, want 2", got)
			}
		})
	}
}

func TestFault502AfterApply(t *testing.T) {
	e := newEnv(t)
	e.srv.InjectFault(Fault{Route: RouteCreateOrder, Status: 502, AfterApply: true, Count: 1})
	r := e.partner(http.MethodPost, ordersPath, validOrder())
	expectStatus(t, r, http.StatusBadGateway)
	if orders := e.srv.Snapshot().Orders; len(orders) != 1 || orders[0].Amount != 100 {
		t.Fatalf("502 after apply did not create the order: %+v", orders)
	}
}

func TestFaultLatencyAndScope(t *testing.T) {
	e := newEnv(t)
	e.srv.InjectFault(Fault{Latency: 50 * time.Millisecond}) // every route, until cleared
	start := time.Now()
	expectStatus(t, e.partner(http.MethodGet, merchantPath+"/card-payments/payment-methods", nil), http.StatusOK)
	if time.Since(start) < 50*time.Millisecond {
		t.Error("latency fault did not delay the response")
	}
	e.srv.ClearFaults()
	e.srv.InjectFault(Fault{Route: RouteCreateOrder, Status: 503})
	expectStatus(t, e.partner(http.MethodGet, merchantPath+"/card-payments/payment-methods", nil), http.StatusOK)
	expectStatus(t, e.partner(http.MethodPost, ordersPath, validOrder()), http.StatusServiceUnavailable)
	expectStatus(t, e.partner(http.MethodPost, ordersPath, validOrder()), http.StatusServiceUnavailable)
	e.srv.ClearFaults()
	expectStatus(t, e.partner(http.MethodPost, ordersPath, validOrder()), http.StatusCreated)
}

func TestAdminHTTP(t *testing.T) {
	e := newEnv(t)
	expectStatus(t, e.partner(http.MethodPost, ordersPath, validOrder()), http.StatusCreated)

	r := e.do(http.MethodGet, "/_sandbox/requests", nil, nil)
	expectStatus(t, r, http.StatusOK)
	var counts map[string]int
	mustUnmarshal(t, r.raw, &counts)
	if counts[RouteCreateOrder] != 1 || len(counts) != 1 {
		t.Errorf("counts = %v", counts)
	}

	r = e.do(http.MethodGet, "/_sandbox/state", nil, nil)
	expectStatus(t, r, http.StatusOK)
	state := r.obj(t)
	expectKeys(t, state, stateKeys()...)
	if len(get[[]any](t, state, "orders")) != 1 || len(get[[]any](t, state, "stores")) != 10 {
		t.Errorf("state = %s", r.raw)
	}

	r = e.do(http.MethodPost, "/_sandbox/merchants/1001/payment-methods/visa/deactivate", nil, nil)
	expectStatus(t, r, http.StatusOK)
	expectKeys(t, r.obj(t), "method", "status")
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/merchants/1001/payment-methods/nope/deactivate", nil, nil), 404, "not found")
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/merchants/9/payment-methods/visa/deactivate", nil, nil), 404, "merchant 9")

	r = e.do(http.MethodPost, "/_sandbox/faults", `{"route":"`+RouteCreateOrder+`","latency":"1ms","status":429,"retryAfter":"1","count":1}`, nil)
	expectStatus(t, r, http.StatusCreated)
	expectStatus(t, e.partner(http.MethodPost, ordersPath, validOrder()), http.StatusTooManyRequests)
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/faults", `{"route":"GET /nope","status":503}`, nil), 400, "unknown route")
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/faults", `{"status":200}`, nil), 400, "4xx or 5xx")
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/faults", `{"latency":"soon"}`, nil), 400, "latency must be a duration")
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/faults", `{"colour":"red"}`, nil), 400, "unknown field")
	expectStatus(t, e.do(http.MethodPost, "/_sandbox/faults", `{"status":503}`, nil), http.StatusCreated)
	expectStatus(t, e.do(http.MethodDelete, "/_sandbox/faults", nil, nil), http.StatusOK)
	expectStatus(t, e.partner(http.MethodPost, ordersPath, validOrder()), http.StatusCreated)

	expectStatus(t, e.do(http.MethodPost, "/_sandbox/reset", nil, nil), http.StatusOK)
	snap := e.srv.Snapshot()
	if len(snap.Orders) != 0 || len(e.srv.RequestCounts()) != 0 || snap.PaymentMethods[0].Status != "active" {
		t.Errorf("reset left state behind: %+v", snap)
	}
}

// stateKeys are the keys of a snapshot's JSON: the JSON names of State's
// fields (those of embedded structs included) and the key of every area
// state declared with newAreaState.
func stateKeys() []string {
	var keys []string
	var walk func(reflect.Type)
	walk = func(typ reflect.Type) {
		for i := range typ.NumField() {
			f := typ.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case f.Anonymous:
				walk(f.Type)
			case name != "-" && name != "":
				keys = append(keys, name)
			}
		}
	}
	walk(reflect.TypeFor[State]())
	for _, a := range areaStates {
		keys = append(keys, a.stateKey())
	}
	return keys
}

func TestAdminConsentTransitionsHTTP(t *testing.T) {
	e := newEnv(t)
	newConsent := func() string {
		r := e.ais("/v1/ais/consents", consentBody())
		return get[string](t, r.obj(t), "requestId")
	}
	id := newConsent()
	r := e.do(http.MethodPost, "/_sandbox/consents/"+id+"/authorize", nil, nil)
	expectStatus(t, r, http.StatusOK)
	if c := r.obj(t); c["status"] != "authorized" || c["consentId"] == nil {
		t.Errorf("authorized consent = %v", c)
	}
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/consents/"+id+"/authorize", nil, nil), http.StatusConflict, "only pending consents can be authorized")
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/consents/"+id+"/fail", nil, nil), http.StatusConflict, "only pending consents can fail")
	expectStatus(t, e.do(http.MethodPost, "/_sandbox/consents/"+id+"/expire", nil, nil), http.StatusOK)
	expectStatus(t, e.do(http.MethodPost, "/_sandbox/consents/"+id+"/expire", nil, nil), http.StatusOK) // idempotent

	failed := newConsent()
	r = e.do(http.MethodPost, "/_sandbox/consents/"+failed+"/fail", `{"errorMessage":"user cancelled"}`, nil)
	expectStatus(t, r, http.StatusOK)
	if c := r.obj(t); c["status"] != "failed" || c["errorMessage"] != "user cancelled" {
		t.Errorf("failed consent = %v", c)
	}
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/consents/"+failed+"/expire", nil, nil), http.StatusConflict, "cannot expire")
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/consents/nope/authorize", nil, nil), http.StatusNotFound, "consent nope")

	if err := e.srv.AuthorizeConsent("nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("AuthorizeConsent(nope) = %v, want ErrNotFound", err)
	}
	if err := e.srv.DeactivatePaymentMethod(1001, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("DeactivatePaymentMethod = %v, want ErrNotFound", err)
	}
}

func TestAuthorizeSendsCallback(t *testing.T) {
	got := make(chan map[string]any, 1)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		data, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(data, &body); err != nil || r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("callback %s %s %q: %v", r.Method, r.Header.Get("Content-Type"), data, err)
		}
		got <- body
	}))
	defer receiver.Close()

	e := newEnv(t)
	body := consentBody()
	body["callbackUrl"] = receiver.URL + "/consents/callback"
	r := e.ais("/v1/ais/consents", body)
	expectStatus(t, r, http.StatusCreated)
	if _, leaked := r.obj(t)["callbackUrl"]; leaked {
		t.Error("consent response shows callbackUrl, which section 2 does not list")
	}
	id := get[string](t, r.obj(t), "requestId")
	e.clock.Advance(time.Minute)
	if err := e.srv.AuthorizeConsent(id); err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-got:
		if c["requestId"] != id || c["status"] != "authorized" || c["consentId"] == nil || c["updatedAt"] != "2026-01-15T12:01:00Z" {
			t.Errorf("callback body = %v", c)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no callback received")
	}
}

func TestCallbackFailureDoesNotUndoAuthorization(t *testing.T) {
	e := newEnv(t)
	body := consentBody()
	body["callbackUrl"] = "http://127.0.0.1:1/unreachable"
	r := e.ais("/v1/ais/consents", body)
	id := get[string](t, r.obj(t), "requestId")
	if err := e.srv.AuthorizeConsent(id); err != nil {
		t.Fatal(err)
	}
	if c := e.srv.Snapshot().Consents[0]; c.Status != "authorized" {
		t.Errorf("status = %s, want authorized", c.Status)
	}
}

// TestConcurrentRequests hammers mutating and reading endpoints in parallel;
// run with -race.
func TestConcurrentRequests(t *testing.T) {
	e := newEnv(t)
	e.authorizedConsent(consentBody())
	const workers, perWorker = 8, 10
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range perWorker {
				if r := concurrentCall(e, (w+i)%7, i); r.status >= 300 {
					t.Errorf("worker %d call %d: %d %s", w, i, r.status, r.raw)
				}
			}
		})
	}
	wg.Wait()
	counts := e.srv.RequestCounts()
	total := 0
	for _, n := range counts {
		total += n
	}
	st := e.srv.Snapshot()
	if total == 0 || len(st.Orders) != counts[RouteCreateOrder] {
		t.Errorf("orders %d vs count %d", len(st.Orders), counts[RouteCreateOrder])
	}
	seen := map[string]bool{}
	for _, term := range st.Terminals {
		if seen[term.TerminalID] {
			t.Errorf("duplicate terminal ID %s", term.TerminalID)
		}
		seen[term.TerminalID] = true
	}
	defaults := 0
	for _, s := range st.Stores {
		if s.MerchantID == 1001 && s.IsDefault {
			defaults++
		}
	}
	if defaults != 1 {
		t.Errorf("merchant 1001 has %d default stores", defaults)
	}
}

// concurrentCall makes one call of the given kind; snapshots and admin
// calls count as 200.
func concurrentCall(e *env, kind, i int) response {
	switch kind {
	case 0:
		return e.partner(http.MethodPost, ordersPath, validOrder())
	case 1:
		return e.partner(http.MethodPost, merchantPath+"/card-payments/online-terminals", map[string]any{"onlineTerminalMode": "PaymentPage"})
	case 2:
		store := []string{"1001-main", "1001-second"}[i%2]
		return e.partner(http.MethodPut, merchantPath+"/stores/"+store, map[string]any{"isDefault": true})
	case 3:
		return e.ais("/v1/ais/accounts/transactions", map[string]any{"userId": "user-1001", "merchantId": 1001, "accountId": "acc-1001-dkk"})
	case 4:
		return e.partner(http.MethodGet, []string{storesPath, terminalsPath}[i%2], nil)
	case 5:
		isDefault := true
		if _, err := e.srv.ChangeStore(1001, []string{"1001-main", "1001-second"}[i%2], StoreChange{StoreEdit: StoreEdit{IsDefault: &isDefault}}); err != nil {
			return response{status: http.StatusInternalServerError, raw: []byte(err.Error())}
		}
		return response{status: http.StatusOK}
	default:
		_ = e.srv.Snapshot()
		_ = e.srv.RequestCounts()
		return response{status: http.StatusOK}
	}
}
