// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// env is a sandbox behind a real HTTP server, with a fake clock.
type env struct {
	t     *testing.T
	srv   *Server
	http  *httptest.Server
	clock *testclock.Clock
}

func newEnv(t *testing.T) *env {
	t.Helper()
	return newEnvWith(t, Config{})
}

// newEnvWith is newEnv with cfg; its Now is replaced by the fake clock.
func newEnvWith(t *testing.T, cfg Config) *env {
	t.Helper()
	clock := testclock.New(testclock.Start)
	cfg.Now = clock.Now
	srv := New(cfg)
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return &env{t: t, srv: srv, http: hs, clock: clock}
}

// response is a decoded reply; path is the request's, without query.
type response struct {
	path   string
	status int
	header http.Header
	raw    []byte
}

// obj decodes the body as a JSON object.
func (r response) obj(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.raw, &m); err != nil {
		t.Fatalf("body is not a JSON object: %v: %s", err, r.raw)
	}
	return m
}

// message returns the message of an error body, which must be in the
// envelope of the request path's API area (see envelopeProblem).
func (r response) message(t *testing.T) string {
	t.Helper()
	if problem := envelopeProblem(r.path, r.status, r.raw); problem != "" {
		t.Fatal(problem)
	}
	msg, _ := r.obj(t)["message"].(string)
	return msg
}

// header sets used by the tests.
func partnerAuth() map[string]string {
	return map[string]string{"X-Partner-Client-Id": DemoPartnerClientID, "X-Partner-Client-Secret": DemoPartnerClientSecret}
}

func otherPartnerAuth() map[string]string {
	return map[string]string{"X-Partner-Client-Id": OtherPartnerClientID, "X-Partner-Client-Secret": OtherPartnerClientSecret}
}

func bearer(token string) map[string]string {
	return map[string]string{"Authorization": "Bearer " + token}
}

// do sends body (a string is sent verbatim, anything else as JSON, nil as
// no body) with the given headers.
func (e *env) do(method, path string, body any, headers map[string]string) response {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, e.http.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := e.http.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return response{path: req.URL.Path, status: resp.StatusCode, header: resp.Header, raw: raw}
}

func (e *env) partner(method, path string, body any) response {
	e.t.Helper()
	return e.do(method, path, body, partnerAuth())
}

func (e *env) ais(path string, body any) response {
	e.t.Helper()
	return e.do(http.MethodPost, path, body, bearer(DemoAccessToken))
}

func expectStatus(t *testing.T, r response, want int) {
	t.Helper()
	if r.status != want {
		t.Fatalf("status = %d, want %d; body %s", r.status, want, r.raw)
	}
}

func expectMessage(t *testing.T, r response, status int, substr string) {
	t.Helper()
	expectStatus(t, r, status)
	if msg := r.message(t); !strings.Contains(msg, substr) {
		t.Fatalf("message %q does not contain %q", msg, substr)
	}
}

// expectKeys fails unless m has exactly the given keys.
func expectKeys(t *testing.T, m map[string]any, keys ...string) {
	t.Helper()
	if len(m) != len(keys) {
		t.Errorf("keys = %v, want exactly %v", mapKeys(m), keys)
	}
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			t.Errorf("missing key %q in %v", k, mapKeys(m))
		}
	}
}

func mapKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

const (
	merchantPath = "/v1/partner/merchants/1001"
	ordersPath   = merchantPath + "/card-payments/orders"
)

// consentBody is a valid consent request for user-1001 with all permissions.
func consentBody() map[string]any {
	return map[string]any{
		"merchantId":              1001,
		"userId":                  "user-1001",
		"permissions":             []string{"ReadAccountsDetail", "ReadBalances", "ReadTransactionsDetail"},
		"expirationDateTime":      "2026-12-31T23:59:59Z",
		"transactionFromDateTime": "2025-01-01T00:00:00Z",
	}
}

// authorizedConsent creates and authorizes a consent from body and returns
// its requestId.
func (e *env) authorizedConsent(body map[string]any) string {
	e.t.Helper()
	r := e.ais("/v1/ais/consents", body)
	expectStatus(e.t, r, http.StatusCreated)
	id, _ := r.obj(e.t)["requestId"].(string)
	if err := e.srv.AuthorizeConsent(id); err != nil {
		e.t.Fatal(err)
	}
	return id
}

// get walks a decoded JSON value along object keys (string) and array
// indexes (int) and returns the value found, which must be a T.
func get[T any](t *testing.T, v any, path ...any) T {
	t.Helper()
	for _, step := range path {
		switch k := step.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				t.Fatalf("at %q: %T is not an object", k, v)
			}
			v = m[k]
		case int:
			l, ok := v.([]any)
			if !ok || k >= len(l) {
				t.Fatalf("at [%d]: %T is not an array that long", k, v)
			}
			v = l[k]
		}
	}
	out, ok := v.(T)
	if !ok {
		t.Fatalf("value at %v is %T, want %T", path, v, out)
	}
	return out
}
