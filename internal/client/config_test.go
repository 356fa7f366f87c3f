// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestNewBaseURL(t *testing.T) {
	tests := []struct {
		raw     string
		want    string // normalised base URL; empty when New must fail
		wantErr string
	}{
		{raw: "https://api.example.com", want: "https://api.example.com"},
		{raw: "https://api.example.com/", want: "https://api.example.com"},
		{raw: "https://sandbox.api.acountpay.com/v1/partner", want: "https://sandbox.api.acountpay.com"},
		{raw: " https://sandbox.api.acountpay.com/v1/ ", want: "https://sandbox.api.acountpay.com"},
		{raw: "https://acount-apis-staging-a8cdb2402163.herokuapp.com/v1", want: "https://acount-apis-staging-a8cdb2402163.herokuapp.com"},
		{raw: "https://api.acountpay.com//", want: "https://api.acountpay.com"},
		{raw: "https://api.example.com/api/", wantErr: `has the path "/api"; the service's addresses have no path or end in /v1 or /v1/partner`},
		{raw: "https://api.example.com/v1/ais", wantErr: `has the path "/v1/ais"`},
		{raw: "https://api.example.com/v2", wantErr: `has the path "/v2"`},
		{raw: "http://localhost:8080", want: "http://localhost:8080"},
		{raw: "HTTP://LOCALHOST/", want: "http://LOCALHOST"},
		{raw: "http://127.0.0.1:1234", want: "http://127.0.0.1:1234"},
		{raw: "http://127.9.8.7", want: "http://127.9.8.7"},
		{raw: "http://[::1]:8080/", want: "http://[::1]:8080"},
		{raw: "", wantErr: "base URL is not set"},
		{raw: "api.example.com", wantErr: "must be absolute"},
		{raw: "/v1", wantErr: "must be absolute"},
		{raw: "https://", wantErr: "must be absolute"},
		{raw: "http://api.example.com", wantErr: "must use https"},
		{raw: "http://10.0.0.1:8080", wantErr: "must use https"},
		{raw: "http://0.0.0.0:8080", wantErr: "must use https"},
		{raw: "http://localhost.example.com", wantErr: "must use https"},
		{raw: "ftp://api.example.com", wantErr: `scheme "ftp"`},
		{raw: "https://api.example.com/?debug=1", wantErr: "query or fragment"},
		{raw: "https://api.example.com/#top", wantErr: "query or fragment"},
		{raw: "https://bob:hunter2@api.example.com", wantErr: "user name or password"},
		{raw: "https://api.example.com/%zz", wantErr: "not a valid URL"},
	}
	for _, tc := range tests {
		t.Run(tc.raw, func(t *testing.T) {
			c, err := New(Config{BaseURL: tc.raw})
			if validateErr := ValidateBaseURL(tc.raw); (validateErr == nil) != (err == nil) {
				t.Errorf("ValidateBaseURL = %v, but New = %v", validateErr, err)
			}
			if tc.wantErr != "" {
				if err == nil {
					t.Fatalf("New accepted %q", tc.raw)
				}
				if !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("error %q does not contain %q", err, tc.wantErr)
				}
				if strings.Contains(err.Error(), "hunter2") {
					t.Errorf("error leaks the URL password: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("New(%q): %v", tc.raw, err)
			}
			if c.baseURL != tc.want {
				t.Errorf("base URL = %q, want %q", c.baseURL, tc.want)
			}
		})
	}
}

func TestNewRejectsBadSettings(t *testing.T) {
	tests := map[string]func(*Config){
		"negative timeout":     func(c *Config) { c.Timeout = -time.Second },
		"negative max retries": func(c *Config) { c.MaxRetries = -1 },
		"negative wait":        func(c *Config) { c.RetryWaitMin = -time.Second },
		"max below min":        func(c *Config) { c.RetryWaitMin, c.RetryWaitMax = 2*time.Second, time.Second },
	}
	for name, mutate := range tests {
		t.Run(name, func(t *testing.T) {
			cfg := testConfig("https://api.example.com")
			mutate(&cfg)
			if _, err := New(cfg); err == nil {
				t.Error("New accepted the configuration")
			}
		})
	}
}

func TestNewDefaults(t *testing.T) {
	c, err := New(Config{BaseURL: "https://api.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	if c.userAgent != DefaultUserAgent {
		t.Errorf("user agent = %q", c.userAgent)
	}
	r := c.retrying
	if timeout := attemptTimeout(t, c); timeout != DefaultTimeout || r.RetryWaitMin != DefaultRetryWaitMin || r.RetryWaitMax != DefaultRetryWaitMax || r.RetryMax != 0 {
		t.Errorf("defaults: timeout %s, waits %s..%s, retries %d", timeout, r.RetryWaitMin, r.RetryWaitMax, r.RetryMax)
	}
	if r.Logger != nil {
		t.Errorf("retryablehttp logger = %v, want nil", r.Logger)
	}
}

func TestDefaultUserAgentSent(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`})
	c := api.client(t, func(c *Config) { c.UserAgent = "" })
	if err := listMethods(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	if got := api.requests()[0].header.Get("User-Agent"); got != DefaultUserAgent {
		t.Errorf("User-Agent = %q, want %q", got, DefaultUserAgent)
	}
}

// The caller's http.Client is used for transport but never modified.
func TestCustomHTTPClient(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`})
	var trips atomic.Int32
	custom := &http.Client{
		Timeout:   time.Hour,
		Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) { trips.Add(1); return http.DefaultTransport.RoundTrip(r) }),
	}
	before := *custom
	c := api.client(t, func(c *Config) { c.HTTPClient = custom })
	if err := listMethods(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	if trips.Load() != 1 {
		t.Errorf("custom transport used %d times, want 1", trips.Load())
	}
	if custom.Timeout != before.Timeout || custom.CheckRedirect != nil {
		t.Error("New modified the caller's http.Client")
	}
	if got := attemptTimeout(t, c); got != 5*time.Second {
		t.Errorf("per-attempt timeout = %s, want the configured 5s", got)
	}
	if got := c.retrying.HTTPClient.Timeout; got != 0 {
		t.Errorf("client-wide timeout = %s, want none: the per-attempt one is the transport's", got)
	}
}

// attemptTimeout digs the per-attempt timeout out of c's transports.
func attemptTimeout(t *testing.T, c *Client) time.Duration {
	t.Helper()
	throttled, ok := c.retrying.HTTPClient.Transport.(*throttleTransport)
	if !ok {
		t.Fatalf("transport is %T, want *throttleTransport", c.retrying.HTTPClient.Transport)
	}
	logging, ok := throttled.next.(*loggingTransport)
	if !ok {
		t.Fatalf("throttle wraps %T, want *loggingTransport", throttled.next)
	}
	timeout, ok := logging.next.(*timeoutTransport)
	if !ok {
		t.Fatalf("logging wraps %T, want *timeoutTransport", logging.next)
	}
	return timeout.timeout
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
