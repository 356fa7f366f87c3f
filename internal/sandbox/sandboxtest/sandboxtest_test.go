// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandboxtest_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// recorder is a TB that keeps what it is told, so a test can end it and
// see what a sandbox reported.
type recorder struct {
	cleanups []func()
	errors   []string
}

func (r *recorder) Helper()           {}
func (r *recorder) Cleanup(fn func()) { r.cleanups = append(r.cleanups, fn) }
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }

// end runs the cleanups as the testing package does, last first.
func (r *recorder) end() {
	for i := len(r.cleanups) - 1; i >= 0; i-- {
		r.cleanups[i]()
	}
}

// consent is a valid request for a consent of a demo user.
func consent() client.ConsentRequest {
	return client.ConsentRequest{
		MerchantID: 1001, UserID: "user-1001", Permissions: []string{"ReadBalances"},
		ExpirationDateTime: "2099-01-01T00:00:00Z", TransactionFromDateTime: "2025-01-01T00:00:00Z",
	}
}

// A started sandbox serves both APIs on one address to a client with the
// demo credentials, and stops when the test ends.
func TestStartServesTheDemoPartner(t *testing.T) {
	rec := &recorder{}
	sb := sandboxtest.Start(rec)
	if sb.URL == "" || sb.DataURL != sb.URL || sb.Credentials != sandboxtest.Demo {
		t.Fatalf("URL %q, DataURL %q, credentials %+v; want one address and the demo partner", sb.URL, sb.DataURL, sb.Credentials)
	}
	c := sb.Client(rec)
	if _, err := c.ListPaymentMethods(t.Context(), 1001); err != nil {
		t.Errorf("partner API: %v", err)
	}
	if _, err := c.CreateConsent(t.Context(), consent()); err != nil {
		t.Errorf("data API on the same address: %v", err)
	}
	rec.end()
	if len(rec.errors) > 0 {
		t.Errorf("the sandbox reported %q", rec.errors)
	}
	if resp, err := http.Get(sb.URL + "/_sandbox/requests"); err == nil {
		_ = resp.Body.Close()
		t.Error("the sandbox still answers after the test ended")
	}
}

// SplitHosts serves each API on its own address, each middleware of Wrap
// sees its host's requests, and the client reaches both.
func TestSplitHostsAndWrap(t *testing.T) {
	var mu sync.Mutex
	seen := map[sandboxtest.Host][]string{}
	record := func(host sandboxtest.Host, next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			seen[host] = append(seen[host], r.URL.Path)
			mu.Unlock()
			next.ServeHTTP(w, r)
		})
	}
	sb := sandboxtest.Start(t, sandboxtest.SplitHosts(), sandboxtest.Wrap(record))
	if sb.DataURL == sb.URL {
		t.Fatalf("one address %s for both APIs", sb.URL)
	}
	c := sb.Client(t, func(cfg *client.Config) { cfg.AccessToken = "" }) // tokens minted on the data host
	if _, err := c.ListPaymentMethods(t.Context(), 1001); err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateConsent(t.Context(), consent()); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(seen[sandboxtest.PartnerAPI], []string{"/v1/partner/merchants/1001/card-payments/payment-methods"}) ||
		!slices.Equal(seen[sandboxtest.DataAPI], []string{"/v1/auth/generate-token", "/v1/ais/consents"}) {
		t.Errorf("the hosts saw %q, want the partner read on the partner host and the token and read on the data host", seen)
	}
	if env := strings.Join(sb.Env(), " "); !strings.Contains(env, "CARDPAY_AIS_BASE_URL="+sb.DataURL) {
		t.Errorf("Env() = %s, want the data API's address", env)
	}
}

// A request that breaks the contract fails the test when it ends, unless
// the sandbox was started WithoutContract.
func TestContractCheckedByDefault(t *testing.T) {
	for name, c := range map[string]struct {
		opts      []sandboxtest.Option
		violation bool
	}{
		"default":           {nil, true},
		"WithoutContract()": {[]sandboxtest.Option{sandboxtest.WithoutContract()}, false},
	} {
		t.Run(name, func(t *testing.T) {
			rec := &recorder{}
			sb := sandboxtest.Start(rec, c.opts...)
			// An order without its required currency: the sandbox answers
			// 400, the contract says the request is invalid.
			req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, sb.URL+"/v1/partner/merchants/1001/card-payments/orders",
				strings.NewReader(`{"amount": 100}`))
			req.Header.Set("Content-Type", "application/json")
			sb.SignPartner(req)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_ = resp.Body.Close()
			rec.end()
			if got := slices.ContainsFunc(rec.errors, func(e string) bool { return strings.Contains(e, "contract violation") }); got != c.violation {
				t.Errorf("violation reported: %v, want %v (%q)", got, c.violation, rec.errors)
			}
		})
	}
}

// NoneReached names what reached the service since the mark, on every
// route or on the routes asked about.
func TestNoneReached(t *testing.T) {
	sb := sandboxtest.Start(t)
	c := sb.Client(t)
	if _, err := c.ListPaymentMethods(t.Context(), 1001); err != nil {
		t.Fatal(err)
	}
	mark := sandboxtest.MarkRequests(sb.Server)
	if err := mark.NoneReached(); err != nil {
		t.Errorf("nothing was sent since the mark, got %v", err)
	}
	if _, err := c.ListPaymentMethods(t.Context(), 1001); err != nil {
		t.Fatal(err)
	}
	err := mark.NoneReached()
	if err == nil || !strings.Contains(err.Error(), sandbox.RouteListPaymentMethods+" (1)") {
		t.Errorf("NoneReached() = %v, want the list request named once", err)
	}
	if err := mark.NoneReached(sandbox.RouteCreateOrder); err != nil {
		t.Errorf("no order was created, got %v", err)
	}
	if got := mark.Since(); len(got) != 1 || got[sandbox.RouteListPaymentMethods] != 1 {
		t.Errorf("Since() = %v, want one list request", got)
	}
	rec := &recorder{}
	mark.ExpectNoneReached(rec, sandbox.RouteListPaymentMethods)
	if len(rec.errors) != 1 {
		t.Errorf("ExpectNoneReached reported %q, want one error", rec.errors)
	}
}

// ServeStatus passes the answer on and returns its status, 200 when the
// handler wrote a body without setting one.
func TestServeStatus(t *testing.T) {
	for want, h := range map[int]http.HandlerFunc{
		http.StatusTooManyRequests: func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTooManyRequests) },
		http.StatusOK:              func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok")) },
	} {
		w := httptest.NewRecorder()
		if got := sandboxtest.ServeStatus(h, w, httptest.NewRequest(http.MethodGet, "/", nil)); got != want || w.Code != want {
			t.Errorf("ServeStatus() = %d, answer %d; want %d", got, w.Code, want)
		}
	}
}

// The contract's validator is shared by every test of a process, and
// servers call it from many goroutines at once; run with -race this checks
// that it is safe.
func TestContractCheckIsSafeForConcurrentUse(t *testing.T) {
	sb := sandboxtest.Start(t) // behind the contract's Handler
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			method, path, body := http.MethodGet, "/v1/partner/merchants/1001/card-payments/payment-methods", ""
			if i%2 == 1 {
				method, path, body = http.MethodPost, "/v1/partner/merchants/1001/card-payments/orders", `{"amount":100,"currency":"DKK"}`
			}
			req, _ := http.NewRequestWithContext(t.Context(), method, sb.URL+path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			sb.SignPartner(req)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			_ = resp.Body.Close()
		})
	}
	wg.Wait()
}
