// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// throttleTransportOf is the throttle transport of c's requests.
func throttleTransportOf(c *Client) *throttleTransport {
	tt, ok := c.retrying.HTTPClient.Transport.(*throttleTransport)
	if !ok {
		panic("the client's transport is not its throttle transport")
	}
	return tt
}

// onClock puts the throttles of c on clock, so that a refused request
// waits on it instead of the real clock, and keeps them off the machine's
// state file. It returns the partner throttle.
func onClock(c *Client, clock *testclock.Clock) *throttle {
	tt := throttleTransportOf(c)
	for _, th := range []*throttle{tt.partner, tt.bearer} {
		th.mu.Lock()
		th.now, th.sleep, th.rand, th.share = clock.Now, fakeSleep(clock), func() float64 { return 0 }, nil
		th.mu.Unlock()
	}
	return tt.partner
}

// onFakeClock puts c on a fake clock that starts now (see onClock).
func onFakeClock(c *Client) *Client {
	onClock(c, testclock.New(time.Now()))
	return c
}

// withRateLimitWait sets Config.MaxRateLimitWait.
func withRateLimitWait(d time.Duration) func(*Config) {
	return func(c *Config) { c.MaxRateLimitWait = d }
}

// refusing answers 429 with Retry-After seconds.
func refusing(seconds string) reply {
	return reply{status: http.StatusTooManyRequests, body: `{"status":"ERROR","message":"slow down"}`,
		header: map[string]string{"Retry-After": seconds}}
}

// One throttle per service and credential, shared by every Client of the
// process; the two kinds of credential and other secrets are kept apart.
func TestSharedThrottle(t *testing.T) {
	const url = "https://shared.example.com"
	a := sharedThrottle(url, PartnerAPI, "", "id", "secret")
	if b := sharedThrottle(url, PartnerAPI, "", "id", "secret"); a != b {
		t.Error("the same credential got two throttles")
	}
	for name, other := range map[string]*throttle{
		"other secret":   sharedThrottle(url, PartnerAPI, "", "id", "secret2"),
		"split apart":    sharedThrottle(url, PartnerAPI, "", "ids", "ecret"),
		"bearer":         sharedThrottle(url, DataAPI, "", "id", "secret"),
		"other base URL": sharedThrottle(url+"/v2", PartnerAPI, "", "id", "secret"),
	} {
		if other == a {
			t.Errorf("%s shares the throttle", name)
		}
	}
}

// A 429 seen by one Client slows the next Client of the same credential:
// Terraform configures the provider anew, the throttle stays.
func TestThrottleOutlivesTheClient(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`}, refusing("0"), reply{status: http.StatusOK, body: `[]`})
	first := onFakeClock(api.client(t))
	for range 2 {
		if err := listMethods(t.Context(), first); err != nil {
			t.Fatal(err)
		}
	}
	second := throttleTransportOf(api.client(t))
	if got := second.partner.currentRate(); got == 0 {
		t.Error("a new Client of the same credential forgot the rate learned by the first")
	}
	if second.bearer.currentRate() != 0 {
		t.Error("the access token's throttle learned from a partner request")
	}
}

// The decisions are logged at DEBUG without the credential.
func TestThrottleLogsDecisions(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`}, refusing("0"), reply{status: http.StatusOK, body: `[]`})
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &logs)
	c := onFakeClock(api.client(t))
	for range 2 {
		if err := listMethods(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	if strings.Contains(logs.String(), testPartnerSecret) {
		t.Errorf("logs contain the secret:\n%s", logs.String())
	}
	entries, err := tflogtest.MultilineJSONDecode(&logs)
	if err != nil {
		t.Fatal(err)
	}
	assertLogged(t, entries, "debug", "cardpay API rate limit reached: slowing every request of this credential", map[string]any{
		"credential": "partner", "rate_limit_per_second": throttleBeta * throttleFirstRate,
	})
}

// Each attempt counts in the credential's usage: sent, refused with 429,
// retried (an attempt after the first of its call) and the wait.
func TestThrottleUsage(t *testing.T) {
	api := newFakeAPI(t, refusing("0"), reply{status: http.StatusOK, body: `[]`})
	c := onFakeClock(api.client(t))
	if err := listMethods(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	var got *CredentialUsage
	for _, u := range UsageSummary() {
		if u.BaseURL == c.baseURL {
			got = &u
		}
	}
	if got == nil || got.Sent != 2 || got.Refused != 1 || got.Retried != 1 || got.Credential != "partner client "+testPartnerID {
		t.Errorf("usage = %+v, want 2 sent, 1 refused, 1 retried, named by the client ID", got)
	}
	if label := credentialLabel(DataAPI, "p", "tok-secret"); strings.Contains(label, "tok-secret") || !strings.HasPrefix(label, "access token ") {
		t.Errorf("an access token is named %q", label)
	}
}

// A refused request was not processed: it waits what the service asked, in
// full (RetryWaitMax bounds only the backoff of failures), and goes again,
// however often, without counting against MaxRetries.
func TestRefusalsDoNotCountAgainstMaxRetries(t *testing.T) {
	api := newFakeAPI(t, refusing("60"), refusing("60"), refusing("60"), refusing("60"), reply{status: http.StatusOK, body: `[]`})
	c := api.client(t, withMaxRetries(0), withRateLimitWait(time.Hour))
	clock := testclock.New(time.Now())
	onClock(c, clock)
	start := clock.Now()
	if err := listMethods(t.Context(), c); err != nil {
		t.Fatalf("four refusals and a success with max retries 0: %v", err)
	}
	if n := len(api.requests()); n != 5 {
		t.Errorf("sent %d requests, want 5", n)
	}
	if waited := clock.Now().Sub(start); waited < 4*time.Minute {
		t.Errorf("the refused request waited %s in all, want at least the 4 × 60s the service asked", waited)
	}
}

// A 503 with Retry-After is a refusal too; without it, a failure that
// MaxRetries bounds.
func TestServiceUnavailable(t *testing.T) {
	unavailable := func(h map[string]string) reply {
		return reply{status: http.StatusServiceUnavailable, body: `{"message":"maintenance"}`, header: h}
	}
	api := newFakeAPI(t, unavailable(map[string]string{"Retry-After": "5"}), unavailable(map[string]string{"Retry-After": "5"}),
		reply{status: http.StatusOK, body: `[]`})
	c := api.client(t, withMaxRetries(0), withRateLimitWait(time.Minute))
	onClock(c, testclock.New(time.Now()))
	if err := listMethods(t.Context(), c); err != nil || len(api.requests()) != 3 {
		t.Errorf("503 with Retry-After twice, then 200, max retries 0: %d requests, %v; want 3 and success", len(api.requests()), err)
	}

	api = newFakeAPI(t, unavailable(nil), reply{status: http.StatusOK, body: `[]`})
	c = api.client(t, withMaxRetries(0))
	if err := listMethods(t.Context(), c); err == nil || len(api.requests()) != 1 {
		t.Errorf("503 without Retry-After, max retries 0: %d requests, %v; want one and the 503", len(api.requests()), err)
	}
}

// The refusals end when the next try would come later than
// MaxRateLimitWait after the call began: the error says how often the
// service refused and for how long, and what it asked.
func TestRefusedUntilTheTimeRunsOut(t *testing.T) {
	api := newFakeAPI(t, refusing("30"))
	c := api.client(t, withRateLimitWait(2*time.Minute))
	clock := testclock.New(time.Now())
	onClock(c, clock)
	err := listMethods(t.Context(), c)
	var apiErr *APIError
	if !errors.As(err, &apiErr) || !IsRateLimited(err) {
		t.Fatalf("err = %v, want the 429", err)
	}
	// Refused at 0, 30, 60, 90 and 120 s; the next try would come at 150.
	if apiErr.Refusals != 5 || apiErr.RefusedFor != 2*time.Minute || len(api.requests()) != 5 {
		t.Errorf("refusals %d over %s, %d requests; want 5 over 2m0s", apiErr.Refusals, apiErr.RefusedFor, len(api.requests()))
	}
	want := "rate limited by the service (HTTP 429 on GET /v1/partner/merchants/1001/card-payments/payment-methods, request ID " +
		apiErr.RequestID + ", refused 5 times over 2m0s); the service asked to wait 30s more, past the time allowed: slow down"
	if !strings.HasSuffix(err.Error(), want) {
		t.Errorf("error %q\nwant it to end %q", err, want)
	}
}

// The time a request may go on being refused counts from its first
// attempt sent: the wait for its first turn under the pace (a fleet's
// share of the quota can be minutes) is not refusal.
func TestRefusedTimeCountsFromTheFirstAttempt(t *testing.T) {
	api := newFakeAPI(t, refusing("30"))
	c := api.client(t, withRateLimitWait(2*time.Minute))
	clock := testclock.New(time.Now())
	th := onClock(c, clock)
	th.mu.Lock()
	th.window = 0
	th.st.rate0, th.st.wmax, th.st.k, th.st.cutAt = throttleMinRate, throttleMinRate, 1000, clock.Now().UnixNano()
	th.st.pace(clock.Now().UnixNano())
	th.st.bucket.restart(clock.Now().UnixNano()) // the first turn is in 1 ÷ throttleMinRate
	th.mu.Unlock()
	start := clock.Now()
	err := listMethods(t.Context(), c)
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Refusals != 5 || apiErr.RefusedFor != 2*time.Minute {
		t.Errorf("err = %v; want 5 refusals over 2m0s, counted from the first attempt 20s after the call (now %s after it)", err, clock.Now().Sub(start))
	}
}

// Where the caller's context has a deadline (a resource's timeouts), it
// bounds the refusals instead of MaxRateLimitWait.
func TestRefusedUntilTheCallersDeadline(t *testing.T) {
	api := newFakeAPI(t, refusing("30"))
	c := api.client(t, withRateLimitWait(time.Hour))
	clock := testclock.New(time.Now())
	onClock(c, clock)
	ctx, cancel := context.WithDeadline(t.Context(), clock.Now().Add(45*time.Second))
	defer cancel()
	err := listMethods(ctx, c)
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Refusals != 2 || apiErr.RefusedFor != 30*time.Second {
		t.Errorf("err = %v (%v, %d), want the 429 after 2 refusals over 30s (the next try would pass the deadline)", err, apiErr.RefusedFor, apiErr.Refusals)
	}
}

// A refused request takes its turn under the rate the throttle learned,
// after what the service asked: the refusal slows the credential.
func TestRefusedRequestTakesItsTurn(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`}, refusing("1"), reply{status: http.StatusOK, body: `[]`})
	c := api.client(t, withRateLimitWait(time.Minute))
	clock := testclock.New(time.Now())
	th := onClock(c, clock)
	if err := listMethods(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	start := clock.Now()
	if err := listMethods(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	// Cut to half a request a second, from an empty bucket: the turn comes
	// after the 1s the service asked.
	if waited := clock.Now().Sub(start); waited <= time.Second || th.currentRate() == 0 {
		t.Errorf("the refused request went again after %s at a rate of %v; want more than 1s, paced", waited, th.currentRate())
	}
}
