// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestRetryPolicyPerRequestKind runs every endpoint against each failure
// status followed by success.
func TestRetryPolicyPerRequestKind(t *testing.T) {
	statuses := []int{
		http.StatusTooManyRequests, http.StatusServiceUnavailable,
		http.StatusInternalServerError, http.StatusBadGateway, http.StatusGatewayTimeout,
		http.StatusBadRequest, http.StatusNotFound,
	}
	for _, op := range opCases() {
		for _, status := range statuses {
			t.Run(fmt.Sprintf("%s/%d", op.name, status), func(t *testing.T) {
				t.Parallel()
				api := newFakeAPI(t,
					reply{status: status, body: `{"status":"ERROR","message":"try later"}`},
					reply{status: op.status, body: op.respBody},
				)
				_, err := op.call(t.Context(), onFakeClock(api.client(t)))
				sent := len(api.requests())

				rateLimited := status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable
				ambiguous := status == http.StatusInternalServerError || status == http.StatusBadGateway || status == http.StatusGatewayTimeout
				switch {
				case rateLimited || (ambiguous && op.repeatable):
					if err != nil || sent != 2 {
						t.Errorf("want a retry and success; sent %d, err %v", sent, err)
					}
				case ambiguous: // a create request
					if sent != 1 {
						t.Errorf("create request sent %d times, want once", sent)
					}
					assertMaybeCreated(t, err, status)
				default:
					var apiErr *APIError
					if sent != 1 || !errors.As(err, &apiErr) || apiErr.StatusCode != status {
						t.Errorf("want one attempt and APIError %d; sent %d, err %v", status, sent, err)
					}
					var maybe *MaybeCreatedError
					if errors.As(err, &maybe) {
						t.Errorf("definite failure reported as MaybeCreatedError: %v", err)
					}
				}
			})
		}
	}
}

func assertMaybeCreated(t *testing.T, err error, status int) {
	t.Helper()
	var maybe *MaybeCreatedError
	if !errors.As(err, &maybe) {
		t.Fatalf("err = %v (%T), want *MaybeCreatedError", err, err)
	}
	if !strings.Contains(err.Error(), "may have") || !strings.Contains(err.Error(), "before applying again") && !strings.Contains(err.Error(), "120 seconds") {
		t.Errorf("error %q does not say what may exist and what to check", err)
	}
	if status == 0 {
		return
	}
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != status {
		t.Errorf("APIError %d not reachable through %v", status, err)
	}
}

func TestMaybeCreatedMessageNamesObject(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusBadGateway, body: "upstream reset"})
	_, err := api.client(t).CreateOnlineTerminal(t.Context(), 1001, OnlineTerminalRequest{OnlineTerminalMode: "PaymentPage"})
	for _, want := range []string{
		"create online terminal", "HTTP 502", "upstream reset",
		"the service may have registered the online terminal; check merchant 1001's online terminals before applying again",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v does not contain %q", err, want)
		}
	}
}

func TestRetriesExhaustedReturnLastAPIError(t *testing.T) {
	api := newFakeAPI(t,
		reply{status: http.StatusServiceUnavailable, body: `{"message":"first"}`},
		reply{status: http.StatusServiceUnavailable, body: `{"message":"maintenance"}`},
	)
	err := listMethods(t.Context(), api.client(t, withMaxRetries(2)))
	var apiErr *APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("err = %v (%T), want *APIError", err, err)
	}
	if apiErr.StatusCode != http.StatusServiceUnavailable || apiErr.Message != "maintenance" || apiErr.Attempts != 3 {
		t.Errorf("APIError = %+v, want last 503 after 3 attempts", apiErr)
	}
	if !strings.Contains(err.Error(), "gave up after 3 attempts") || strings.Contains(err.Error(), "giving up") {
		t.Errorf("error text = %q", err)
	}
	reqs := api.requests()
	if len(reqs) != 3 {
		t.Fatalf("sent %d requests, want 3", len(reqs))
	}
	for _, r := range reqs[1:] {
		if r.header.Get("X-Request-Id") != reqs[0].header.Get("X-Request-Id") {
			t.Error("retries of one call must keep its request ID")
		}
		if r.header.Get("X-Partner-Client-Secret") != testPartnerSecret {
			t.Error("retry lost the auth headers")
		}
	}
	if apiErr.RequestID != reqs[0].header.Get("X-Request-Id") {
		t.Errorf("APIError request ID %q is not the one sent", apiErr.RequestID)
	}
}

// MaxRetries bounds the attempts of a call that fails (here 503 without
// Retry-After); refusals do not count (TestRefusalsDoNotCountAgainstMaxRetries).
func TestMaxRetriesBound(t *testing.T) {
	for _, maxRetries := range []int{0, 1, 4} {
		t.Run(fmt.Sprint(maxRetries), func(t *testing.T) {
			api := newFakeAPI(t, reply{status: http.StatusServiceUnavailable})
			err := listMethods(t.Context(), api.client(t, withMaxRetries(maxRetries)))
			var apiErr *APIError
			if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusServiceUnavailable {
				t.Errorf("err = %v, want the 503", err)
			}
			if got := len(api.requests()); got != maxRetries+1 {
				t.Errorf("sent %d requests, want %d", got, maxRetries+1)
			}
		})
	}
}

func TestRetryBodyResent(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusTooManyRequests}, reply{status: http.StatusCreated, body: `{"order":{"orderId":"o"}}`})
	if _, err := onFakeClock(api.client(t)).CreateOrder(t.Context(), 1, OrderRequest{Amount: 5, Currency: "EUR"}); err != nil {
		t.Fatal(err)
	}
	for _, r := range api.requests() {
		assertJSONEqual(t, r.body, `{"amount":5,"currency":"EUR"}`)
	}
}

// A refusal whose Retry-After asks for no wait (0, a past date) or cannot
// be read is sent again after the backoff, well within MaxRateLimitWait.
// The fake clock keeps the test's own slowness (the race detector, a busy
// machine) out of that time.
func TestRetryAfterForms(t *testing.T) {
	past := time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat)
	for name, value := range map[string]string{"zero seconds": "0", "past HTTP date": past, "garbage": "soon"} {
		t.Run(name, func(t *testing.T) {
			api := newFakeAPI(t, reply{status: http.StatusServiceUnavailable, header: map[string]string{"Retry-After": value}}, reply{status: http.StatusOK, body: `[]`})
			if err := listMethods(t.Context(), onFakeClock(api.client(t))); err != nil {
				t.Fatal(err)
			}
			if n := len(api.requests()); n != 2 {
				t.Errorf("sent %d requests, want 2", n)
			}
		})
	}
}

func TestRetryAfterParse(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		value  string
		want   time.Duration
		wantOK bool
	}{
		{"120", 2 * time.Minute, true},
		{" 3 ", 3 * time.Second, true},
		{"0", 0, true},
		{"-1", 0, false},
		{"", 0, false},
		{"1.5", 0, false},
		{now.Add(7 * time.Second).Format(http.TimeFormat), 7 * time.Second, true},
		{"Sunday, 01-Mar-26 12:00:30 GMT", 30 * time.Second, true}, // RFC 850
		{now.Add(-time.Minute).Format(http.TimeFormat), 0, true},
		{"99999999999999999", 24 * time.Hour, true},
	}
	for _, tc := range tests {
		got, ok := retryAfter(tc.value, now)
		if got != tc.want || ok != tc.wantOK {
			t.Errorf("retryAfter(%q) = %s, %v; want %s, %v", tc.value, got, ok, tc.want, tc.wantOK)
		}
	}
}

func TestBackoff(t *testing.T) {
	const waitMin, waitMax = 10 * time.Millisecond, 2 * time.Second
	for attempt := range 12 {
		ceiling := min(waitMin<<attempt, waitMax)
		for range 50 {
			got := backoff(waitMin, waitMax, attempt, nil)
			if got < ceiling/2 || got > ceiling {
				t.Fatalf("attempt %d: wait %s outside [%s, %s]", attempt, got, ceiling/2, ceiling)
			}
		}
	}
	if got := backoff(time.Second, 30*time.Second, 1000, nil); got > 30*time.Second {
		t.Errorf("huge attempt number: wait %s exceeds the cap", got)
	}
}

func TestShouldRetryTransportErrors(t *testing.T) {
	dialErr := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	readErr := &net.OpError{Op: "read", Net: "tcp", Err: errors.New("connection reset by peer")}
	tests := []struct {
		name       string
		err        error
		repeatable bool
		want       bool
	}{
		{"dial error, create", dialErr, false, true},
		{"dial error, read", dialErr, true, true},
		{"reset, create", readErr, false, false},
		{"reset, read", readErr, true, true},
		{"cancelled, read", context.Canceled, true, false},
	}
	for _, tc := range tests {
		if got := shouldRetry(tc.repeatable, nil, tc.err); got != tc.want {
			t.Errorf("%s: shouldRetry = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A connection that cannot be opened sent nothing: retried even for a
// create, and not reported as maybe created.
func TestConnectionRefusedRetriedForCreate(t *testing.T) {
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	var trips atomic.Int32
	counting := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		trips.Add(1)
		return http.DefaultTransport.RoundTrip(r)
	})}
	c := newTestClient(t, closed.URL, withMaxRetries(2), func(c *Config) { c.HTTPClient = counting })
	_, err := c.CreateOrder(t.Context(), 1001, OrderRequest{Amount: 1, Currency: "EUR"})
	if err == nil {
		t.Fatal("want an error")
	}
	if trips.Load() != 3 {
		t.Errorf("attempts = %d, want 3", trips.Load())
	}
	var maybe *MaybeCreatedError
	if errors.As(err, &maybe) {
		t.Errorf("refused connection reported as maybe created: %v", err)
	}
	if !strings.Contains(err.Error(), "gave up after 3 attempts") {
		t.Errorf("error %q does not mention the attempts", err)
	}
}

func TestPerAttemptTimeout(t *testing.T) {
	tests := []struct {
		name      string
		call      func(context.Context, *Client) error
		wantSent  int
		wantMaybe bool
	}{
		{"read is retried", listMethods, 2, false},
		{"create is not", func(ctx context.Context, c *Client) error {
			_, err := c.CreateConsent(ctx, ConsentRequest{MerchantID: 1, UserID: "u"})
			return err
		}, 1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			api := newFakeAPI(t, reply{hang: true})
			c := api.client(t, withMaxRetries(1), func(c *Config) { c.Timeout = 50 * time.Millisecond })
			err := tc.call(t.Context(), c)
			var netErr net.Error
			if !errors.As(err, &netErr) || !netErr.Timeout() || !IsTimeout(err) {
				t.Errorf("err = %v, want a timeout", err)
			}
			expectSentAndMaybe(t, api, err, tc.wantSent, tc.wantMaybe)
		})
	}
}

func TestContextCancellation(t *testing.T) {
	createOrder := func(ctx context.Context, c *Client) error {
		_, err := c.CreateOrder(ctx, 1001, OrderRequest{Amount: 1, Currency: "EUR"})
		return err
	}
	tests := []struct {
		name      string
		reply     reply
		call      func(context.Context, *Client) error
		wantSent  int
		wantMaybe bool
	}{
		{"in flight, read", reply{hang: true}, listMethods, 1, false},
		{"in flight, create", reply{hang: true}, createOrder, 1, true},
		// The 429 was a definite "not processed": no doubt about creation.
		{"waiting after a refusal, create", reply{status: http.StatusTooManyRequests, header: map[string]string{"Retry-After": "5"}}, createOrder, 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			api := newFakeAPI(t, tc.reply)
			c := api.client(t, withMaxRetries(5), withRateLimitWait(time.Minute))
			ctx, cancel := context.WithCancel(t.Context())
			api.cancelAfterArrival(ctx, cancel)
			start := time.Now()
			err := tc.call(ctx, c)
			if !errors.Is(err, context.Canceled) {
				t.Errorf("err = %v, want context.Canceled", err)
			}
			if waited := time.Since(start); waited > 3*time.Second {
				t.Errorf("cancellation took %s", waited)
			}
			expectSentAndMaybe(t, api, err, tc.wantSent, tc.wantMaybe)
		})
	}
}

// expectSentAndMaybe checks how many requests a failed call sent and
// whether its error says the service may have created the object.
func expectSentAndMaybe(t *testing.T, api *fakeAPI, err error, wantSent int, wantMaybe bool) {
	t.Helper()
	if got := len(api.requests()); got != wantSent {
		t.Errorf("sent %d requests, want %d", got, wantSent)
	}
	var maybe *MaybeCreatedError
	if got := errors.As(err, &maybe); got != wantMaybe {
		t.Errorf("MaybeCreatedError = %v, want %v: %v", got, wantMaybe, err)
	}
}

func TestCancelledContextSendsNothing(t *testing.T) {
	api := newFakeAPI(t)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := api.client(t).CreateOrder(ctx, 1001, OrderRequest{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	var maybe *MaybeCreatedError
	if errors.As(err, &maybe) {
		t.Error("nothing was sent, so nothing may have been created")
	}
	if n := len(api.requests()); n != 0 {
		t.Errorf("sent %d requests, want none", n)
	}
}
