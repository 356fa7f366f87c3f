// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sync"
	"testing"
	"time"
)

// Credentials used by every test. They are distinctive so a leak into an
// error or log is easy to spot.
const (
	testPartnerID     = "partner-id-42"
	testPartnerSecret = "pS3cr3t-partner-VALUE"
	testAccessToken   = "tOk3n-bearer-VALUE"
	testUserAgent     = "terraform-provider-cardpay/test (+terraform 1.11.4)"
)

// reply is one canned answer of fakeAPI.
type reply struct {
	status int
	body   string
	header map[string]string
	// hang blocks until the client gives up on the request.
	hang bool
}

// recorded is what fakeAPI saw of one request.
type recorded struct {
	method string
	path   string // escaped, with the query, as sent on the wire
	header http.Header
	body   []byte
}

// fakeAPI answers with replies in order, repeating the last one, and
// records every request.
type fakeAPI struct {
	srv    *httptest.Server
	handle http.HandlerFunc // when set, answers instead of replies
	// arrived is closed when the first request arrives.
	arrived     chan struct{}
	firstArrive sync.Once

	mu      sync.Mutex
	replies []reply
	reqs    []recorded
}

func newFakeAPI(t *testing.T, replies ...reply) *fakeAPI {
	t.Helper()
	f := &fakeAPI{replies: replies, arrived: make(chan struct{})}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// newFakeAPIHandler records requests like newFakeAPI but answers with h.
func newFakeAPIHandler(t *testing.T, h http.HandlerFunc) *fakeAPI {
	t.Helper()
	f := &fakeAPI{handle: h, arrived: make(chan struct{})}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.reqs = append(f.reqs, recorded{method: r.Method, path: r.URL.RequestURI(), header: r.Header.Clone(), body: body})
	f.firstArrive.Do(func() { close(f.arrived) })
	if f.handle != nil {
		f.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(body)) // the handler reads it again
		f.handle(w, r)
		return
	}
	rep := reply{status: http.StatusOK, body: "{}"}
	if n := len(f.reqs); len(f.replies) > 0 {
		rep = f.replies[min(n, len(f.replies))-1]
	}
	f.mu.Unlock()

	if rep.hang {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
		return
	}
	if _, ok := rep.header["Content-Type"]; !ok {
		w.Header().Set("Content-Type", "application/json")
	}
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	w.WriteHeader(rep.status)
	_, _ = io.WriteString(w, rep.body)
}

// cancelAfterArrival cancels ctx a moment after the first request reaches
// f, so the call is past sending it however slow the machine is, and is
// waiting for the answer, reading it or waiting to send it again.
func (f *fakeAPI) cancelAfterArrival(ctx context.Context, cancel context.CancelFunc) {
	go func() {
		select {
		case <-f.arrived:
			time.AfterFunc(50*time.Millisecond, cancel)
		case <-ctx.Done():
		}
	}()
}

func (f *fakeAPI) requests() []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]recorded(nil), f.reqs...)
}

// client returns a Client for f with tiny retry waits; opts adjust the
// configuration.
func (f *fakeAPI) client(t *testing.T, opts ...func(*Config)) *Client {
	t.Helper()
	return newTestClient(t, f.srv.URL, opts...)
}

func newTestClient(t *testing.T, baseURL string, opts ...func(*Config)) *Client {
	t.Helper()
	cfg := testConfig(baseURL)
	for _, o := range opts {
		o(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

func testConfig(baseURL string) Config {
	return Config{
		BaseURL:             baseURL,
		PartnerClientID:     testPartnerID,
		PartnerClientSecret: testPartnerSecret,
		AccessToken:         testAccessToken,
		Timeout:             5 * time.Second,
		MaxRetries:          3,
		UserAgent:           testUserAgent,
		RetryWaitMin:        time.Millisecond,
		RetryWaitMax:        5 * time.Millisecond,
		// A refused request gives up quickly; the tests of refusals set
		// a longer wait and a fake clock (onClock).
		MaxRateLimitWait: 50 * time.Millisecond,
	}
}

func withMaxRetries(n int) func(*Config) {
	return func(c *Config) { c.MaxRetries = n }
}

// withBodyLogs turns on TRACE logs of bodies (Config.LogBodies).
func withBodyLogs(c *Config) { c.LogBodies = true }

// assertJSONEqual compares two JSON documents by value.
func assertJSONEqual(t *testing.T, got []byte, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("body %q is not JSON: %v", got, err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want %q is not JSON: %v", want, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("body = %s, want %s", got, want)
	}
}

func ptr[T any](v T) *T { return &v }

// testScope is the data scope of the consent calls of tests that use a
// static access token, where the scope only matters for minting.
var testScope = ConsentScope(1001, "user-1001", []string{"ReadAccountsDetail"})
