// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxhttp"
	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// TestFaultProbabilityStack checks the documented stacking example: two
// probabilistic status faults fall through to a latency-only fault, so about
// a third of requests fail and the rest are delayed.
func TestFaultProbabilityStack(t *testing.T) {
	srv := New(Config{Now: testclock.New(testclock.Start).Now})
	srv.InjectFault(Fault{Status: 429, RetryAfter: "1", Probability: 0.17})
	srv.InjectFault(Fault{Status: 503, Probability: 0.2})
	srv.InjectFault(Fault{Latency: 20 * time.Millisecond})

	const n = 20000
	got := map[int]int{}
	for range n {
		f := srv.takeFault(RouteCreateOrder)
		if f.Status == 0 && f.Latency != 20*time.Millisecond {
			t.Fatalf("a miss did not fall through to the latency fault: %+v", f)
		}
		got[f.Status]++
	}
	// Expected shares: 0.17, 0.83*0.2 = 0.166 and the rest. The bounds are
	// over ten standard deviations wide, so the test cannot flake.
	for status, want := range map[int]float64{429: 0.17, 503: 0.166, 0: 0.664} {
		if share := float64(got[status]) / n; math.Abs(share-want) > 0.03 {
			t.Errorf("status %d: share %.3f, want about %.3f (counts %v)", status, share, want, got)
		}
	}
	if c := srv.RequestCounts()[RouteCreateOrder]; c != n {
		t.Errorf("counted %d requests, want %d", c, n)
	}
}

func TestFaultProbabilityCountOnlyOnHit(t *testing.T) {
	srv := New(Config{Now: testclock.New(testclock.Start).Now})
	srv.InjectFault(Fault{Route: RouteCreateOrder, Status: 503, Probability: 0.3, Count: 5})
	hits := 0
	for range 2000 {
		if srv.takeFault(RouteCreateOrder).Status != 0 {
			hits++
		}
	}
	// Misses must not use up Count: all five hits happen, then no more.
	if hits != 5 {
		t.Errorf("hits = %d, want exactly Count = 5", hits)
	}
}

func TestFaultProbabilityBounds(t *testing.T) {
	for _, p := range []float64{0, 1} {
		srv := New(Config{Now: testclock.New(testclock.Start).Now})
		srv.InjectFault(Fault{Status: 503, Probability: p})
		for range 200 {
			if srv.takeFault(RouteCreateOrder).Status != 503 {
				t.Fatalf("probability %v missed a request", p)
			}
		}
	}
}

func TestFaultProbabilityHTTP(t *testing.T) {
	e := newEnv(t)
	r := e.do(http.MethodPost, "/_sandbox/faults", `{"route":"`+RouteCreateOrder+`","status":503,"probability":0.5}`, nil)
	expectStatus(t, r, http.StatusCreated)
	if p := get[float64](t, r.obj(t), "probability"); p != 0.5 {
		t.Errorf("echoed probability = %v", p)
	}
	seen := map[int]bool{}
	for range 100 { // both outcomes within 100 tries: failure chance 2^-99
		seen[e.partner(http.MethodPost, ordersPath, validOrder()).status] = true
	}
	if !seen[http.StatusServiceUnavailable] || !seen[http.StatusCreated] || len(seen) != 2 {
		t.Errorf("statuses seen = %v, want 503 and 201", seen)
	}
	for _, body := range []string{`{"status":503,"probability":1.5}`, `{"status":503,"probability":-0.1}`} {
		expectMessage(t, e.do(http.MethodPost, "/_sandbox/faults", body, nil), 400, "probability must be between 0 and 1")
	}
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/faults", `{"status":503,"probability":"half"}`, nil), 400, "probability")
}

func TestFaultEchoHeaders(t *testing.T) {
	e := newEnv(t)
	e.srv.InjectFault(Fault{Status: 502, EchoHeaders: true})

	r := e.partner(http.MethodPost, ordersPath, validOrder())
	msg := r.message(t)
	expectStatus(t, r, http.StatusBadGateway)
	for _, want := range []string{
		"Bad Gateway (injected sandbox fault); request headers: ",
		"X-Partner-Client-Id=" + DemoPartnerClientID,
		"X-Partner-Client-Secret=" + DemoPartnerClientSecret,
		"Content-Type=application/json",
		"Host=" + strings.TrimPrefix(e.http.URL, "http://"),
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}

	msg = e.ais("/v1/ais/consents", consentBody()).message(t)
	if !strings.Contains(msg, "Authorization=Bearer "+DemoAccessToken) {
		t.Errorf("message %q does not echo the bearer token", msg)
	}
}

// TestFaultHeaderMarksFaultyAnswers checks that every answer a fault
// produces names its kind in sandboxhttp.FaultHeader, and that real answers, delayed
// ones included, carry no such header.
func TestFaultHeaderMarksFaultyAnswers(t *testing.T) {
	e := newEnv(t)
	e.srv.InjectFault(Fault{Route: RouteCreateOrder, Status: 503, Count: 1})
	e.srv.InjectFault(Fault{Route: RouteCreateOrder, Status: 502, AfterApply: true, Count: 1})
	e.srv.InjectFault(Fault{Route: RouteCreateOrder, Status: 500, EchoHeaders: true, Count: 1})
	e.srv.InjectFault(Fault{Route: RouteCreateOrder, Latency: time.Millisecond, Count: 1})
	for _, want := range []string{sandboxhttp.FaultKindStatus, sandboxhttp.FaultKindAfterApply, sandboxhttp.FaultKindEchoHeaders, ""} {
		r := e.partner(http.MethodPost, ordersPath, validOrder())
		if got := r.header.Get(sandboxhttp.FaultHeader); got != want {
			t.Errorf("answer %d: %s = %q, want %q", r.status, sandboxhttp.FaultHeader, got, want)
		}
	}
}

func TestFaultEchoHeadersHTTP(t *testing.T) {
	e := newEnv(t)
	r := e.do(http.MethodPost, "/_sandbox/faults", `{"status":500,"echoHeaders":true,"count":1}`, nil)
	expectStatus(t, r, http.StatusCreated)
	if !get[bool](t, r.obj(t), "echoHeaders") {
		t.Errorf("echoHeaders not echoed: %s", r.raw)
	}
	r = e.do(http.MethodPost, ordersPath, validOrder(), map[string]string{
		"X-Partner-Client-Id": DemoPartnerClientID, "X-Partner-Client-Secret": "s3cret", "X-Extra": "a",
	})
	expectMessage(t, r, http.StatusInternalServerError, "X-Partner-Client-Secret=s3cret")
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/faults", `{"latency":"1ms","echoHeaders":true}`, nil), 400, "echoHeaders needs a status")
}

func TestFormatHeaders(t *testing.T) {
	h := http.Header{"B": {"2"}, "A": {"1", "x"}}
	if got, want := formatHeaders(h), "A=1,x, B=2"; got != want {
		t.Errorf("formatHeaders = %q, want %q", got, want)
	}
}

func TestFaultJSONRoundTrip(t *testing.T) {
	in := Fault{Route: RouteCreateOrder, Latency: time.Second, Status: 429, RetryAfter: "3", Count: 2, Probability: 0.25, EchoHeaders: true}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out Fault
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if out != in {
		t.Errorf("round trip: %+v -> %s -> %+v", in, data, out)
	}
}

func TestResetRequestCounts(t *testing.T) {
	e := newEnv(t)
	expectStatus(t, e.partner(http.MethodPost, ordersPath, validOrder()), http.StatusCreated)
	e.srv.InjectFault(Fault{Route: RouteCreateOrder, Status: 503})

	r := e.do(http.MethodDelete, "/_sandbox/requests", nil, nil)
	expectStatus(t, r, http.StatusOK)
	if get[string](t, r.obj(t), "status") != "OK" {
		t.Errorf("body = %s", r.raw)
	}
	if c := e.srv.RequestCounts(); len(c) != 0 {
		t.Errorf("counts after reset = %v", c)
	}
	// State and faults are kept.
	if n := len(e.srv.Snapshot().Orders); n != 1 {
		t.Errorf("orders = %d, want 1", n)
	}
	expectStatus(t, e.partner(http.MethodPost, ordersPath, validOrder()), http.StatusServiceUnavailable)
	if c := e.srv.RequestCounts(); c[RouteCreateOrder] != 1 {
		t.Errorf("counts = %v, want one order request", c)
	}
}

func TestConfigLatency(t *testing.T) {
	const latency = 30 * time.Millisecond
	e := newEnvWith(t, Config{Latency: latency})
	e.srv.Reset() // the base latency survives reset
	start := time.Now()
	expectStatus(t, e.partner(http.MethodGet, merchantPath+"/card-payments/payment-methods", nil), http.StatusOK)
	if took := time.Since(start); took < latency {
		t.Errorf("API request took %s with a %s base latency", took, latency)
	}
	// Injected faults still apply under the base latency.
	e.srv.InjectFault(Fault{Route: RouteCreateOrder, Status: 503, Count: 1})
	expectStatus(t, e.partner(http.MethodPost, ordersPath, validOrder()), http.StatusServiceUnavailable)
}

// TestConfigLatencySparesAdmin uses a latency no test waits for: admin
// requests must answer at once, API requests only after the client gave up
// (which must also end the handler, or the server's Close would hang).
func TestConfigLatencySparesAdmin(t *testing.T) {
	e := newEnvWith(t, Config{Latency: time.Minute})
	expectStatus(t, e.do(http.MethodGet, "/_sandbox/requests", nil, nil), http.StatusOK)

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, e.http.URL+merchantPath+"/card-payments/payment-methods", nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range partnerAuth() {
		req.Header.Set(k, v)
	}
	resp, err := e.http.Client().Do(req)
	if err == nil {
		_ = resp.Body.Close()
		t.Fatalf("API request answered %d despite a one-minute latency", resp.StatusCode)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the client's deadline", err)
	}
}
