// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package contract

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxhttp"
)

// fakeT records what a Handler reports, so tests can check that a
// violation is reported without failing themselves.
type fakeT struct {
	cleanups []func()
	errors   []string
}

func (f *fakeT) Helper()           {}
func (f *fakeT) Cleanup(fn func()) { f.cleanups = append(f.cleanups, fn) }
func (f *fakeT) Errorf(format string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
}

// end runs the cleanups as the testing package does, last first.
func (f *fakeT) end() {
	for i := len(f.cleanups) - 1; i >= 0; i-- {
		f.cleanups[i]()
	}
}

const methodsPath = "/v1/partner/merchants/1001/card-payments/payment-methods"

// canned answers every request with status, body and extra headers.
func canned(status int, body string, headers ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	})
}

// exchange sends one request through a Handler around next and returns
// the violations the Handler found.
func exchange(t *testing.T, next http.Handler, req *http.Request, setup ...func(*Handler)) []string {
	t.Helper()
	ft := &fakeT{}
	h := NewHandler(ft, next)
	for _, s := range setup {
		s(h)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	ft.end()
	if got := len(ft.errors); got != len(h.Violations()) {
		t.Errorf("reported %d errors at cleanup for %d violations", got, len(h.Violations()))
	}
	return h.Violations()
}

func partnerRequest(method, path, body string) *http.Request {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Partner-Client-Id", "demo-partner")
	req.Header.Set("X-Partner-Client-Secret", "secret")
	return req
}

func TestHandlerPassesTrafficThatKeepsTheContract(t *testing.T) {
	answer := `[{"method":"visa","status":"active","activatedAt":"2026-01-18T14:35:00Z"},{"method":"amex","status":"inactive"}]`
	if v := exchange(t, canned(200, answer), partnerRequest(http.MethodGet, methodsPath, "")); len(v) > 0 {
		t.Errorf("valid exchange reported: %q", v)
	}
}

// TestHandlerCatchesViolations proves the checks can fail: each case
// breaks the contract in one way and must be reported.
func TestHandlerCatchesViolations(t *testing.T) {
	noSecret := partnerRequest(http.MethodGet, methodsPath, "")
	noSecret.Header.Del("X-Partner-Client-Secret")
	for name, tc := range map[string]struct {
		next http.Handler
		req  *http.Request
		want string
	}{
		"answer of the wrong shape": {
			canned(200, `{"methods":[]}`), partnerRequest(http.MethodGet, methodsPath, ""), "answer 200",
		},
		"answer without a required field": {
			canned(200, `[{"status":"active"}]`), partnerRequest(http.MethodGet, methodsPath, ""), "method",
		},
		"malformed timestamp in an answer": {
			canned(200, `[{"method":"visa","status":"active","activatedAt":"yesterday"}]`),
			partnerRequest(http.MethodGet, methodsPath, ""), "date-time",
		},
		"error in the wrong envelope": {
			canned(404, `{"statusCode":404}`), partnerRequest(http.MethodGet, methodsPath, ""), "answer 404",
		},
		"request body outside the contract": {
			canned(201, `{"terminalId":"t","terminalPublicKey":"k","terminalType":"PaymentPage","storeId":"s"}`),
			partnerRequest(http.MethodPost, "/v1/partner/merchants/1001/card-payments/online-terminals", `{"onlineTerminalMode":"Kiosk"}`),
			"request POST",
		},
		"request without credentials": {
			canned(200, `[]`), noSecret, "request GET",
		},
		"path outside the contract": {
			canned(200, `{}`), partnerRequest(http.MethodGet, "/v1/partner/merchants/1001/nothing", ""), "not found",
		},
	} {
		t.Run(name, func(t *testing.T) {
			v := exchange(t, tc.next, tc.req)
			if len(v) == 0 || !strings.Contains(strings.Join(v, "\n"), tc.want) {
				t.Errorf("violations %q, want one mentioning %q", v, tc.want)
			}
		})
	}
}

func TestHandlerLeavesOutWhatIsNotContract(t *testing.T) {
	broken := `{"nonsense":true}`
	for name, tc := range map[string]struct {
		next  http.Handler
		req   *http.Request
		setup []func(*Handler)
	}{
		"an injected fault's answer": {
			canned(502, broken, sandboxhttp.FaultHeader, sandboxhttp.FaultKindStatus),
			partnerRequest(http.MethodGet, methodsPath, ""), nil,
		},
		"the admin surface": {
			canned(200, broken), httptest.NewRequest(http.MethodPost, "/_sandbox/reset", nil), nil,
		},
		"an exempt request": {
			canned(400, broken), partnerRequest(http.MethodPost, methodsPath, "garbage"),
			[]func(*Handler){func(h *Handler) {
				h.Exempt(func(r *http.Request) bool { return r.Method == http.MethodPost })
			}},
		},
	} {
		t.Run(name, func(t *testing.T) {
			if v := exchange(t, tc.next, tc.req, tc.setup...); len(v) > 0 {
				t.Errorf("reported: %q", v)
			}
		})
	}
}

// A fault's request is still checked: only its answer is broken on purpose.
func TestHandlerChecksTheRequestOfAFault(t *testing.T) {
	req := partnerRequest(http.MethodGet, methodsPath, "")
	req.Header.Del("X-Partner-Client-Id")
	if v := exchange(t, canned(503, `{}`, sandboxhttp.FaultHeader, sandboxhttp.FaultKindStatus), req); len(v) != 1 {
		t.Errorf("violations %q, want exactly the request's", v)
	}
}

// The handler behind the validator must see the request body unchanged.
func TestHandlerRestoresTheRequestBody(t *testing.T) {
	const body = `{"onlineTerminalMode":"PaymentPage"}`
	var seen string
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		seen = string(b)
		canned(201, `{"terminalId":"t","terminalPublicKey":"k","terminalType":"PaymentPage","storeId":"s"}`).ServeHTTP(w, r)
	})
	v := exchange(t, next, partnerRequest(http.MethodPost, "/v1/partner/merchants/1001/card-payments/online-terminals", body))
	if seen != body || len(v) > 0 {
		t.Errorf("handler saw %q, violations %q", seen, v)
	}
}
