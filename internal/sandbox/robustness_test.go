// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// serveRaw sends one request with valid credentials for both route families
// straight to ServeHTTP and turns a panic into a test failure.
func serveRaw(t testing.TB, srv *Server, method, path, contentType string, body []byte) (rec *httptest.ResponseRecorder) {
	t.Helper()
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	req.Header.Set("X-Partner-Client-Id", DemoPartnerClientID)
	req.Header.Set("X-Partner-Client-Secret", DemoPartnerClientSecret)
	req.Header.Set("Authorization", "Bearer "+DemoAccessToken)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec = httptest.NewRecorder()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("%s %s panicked: %v\n%s", method, path, p, debug.Stack())
		}
	}()
	srv.ServeHTTP(rec, req)
	return rec
}

// expectErrorEnvelope fails unless rec is a 4xx with the error envelope of
// path's API area (see envelopeProblem).
func expectErrorEnvelope(t *testing.T, path string, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code < 400 || rec.Code > 499 {
		t.Errorf("status = %d, want 4xx; body %s", rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q, want application/json", ct)
	}
	if problem := envelopeProblem(path, rec.Code, rec.Body.Bytes()); problem != "" {
		t.Error(problem)
	}
}

// envelopeProblem says how body differs from the error envelope of path's
// API area, or "": exactly {"statusCode": status, "message": "<non-empty>"}
// under /v1/ais/, {"status": "ERROR", "message": "<non-empty>"} elsewhere.
func envelopeProblem(path string, status int, body []byte) string {
	var env map[string]any
	if err := json.Unmarshal(body, &env); err != nil {
		return fmt.Sprintf("body is not a JSON object: %v: %q", err, body)
	}
	msg, _ := env["message"].(string)
	ok := env["status"] == "ERROR"
	switch {
	case onDataAPI(path):
		ok = env["statusCode"] == float64(status)
	case strings.HasPrefix(path, "/oauth/"): // OAuth2's own error shape
		msg, _ = env["error_description"].(string)
		ok = env["error"] == oauthErrorCode(status)
	}
	if len(env) != 2 || !ok || msg == "" {
		return fmt.Sprintf("body is not the error envelope for %s: %s", path, body)
	}
	return ""
}

// TestRobustnessValidBodies makes sure the table's bodies are valid, so the
// mutations below fail because of the mutation.
func TestRobustnessValidBodies(t *testing.T) {
	for route, c := range robustCases {
		body := c.body
		t.Run(route, func(t *testing.T) {
			method, path := routePath(route)
			raw, _ := json.Marshal(body)
			if body == nil {
				raw = nil
			}
			rec := serveRaw(t, robustServer(t), method, path, "application/json", raw)
			if rec.Code != http.StatusOK && rec.Code != http.StatusCreated {
				t.Errorf("valid request: %d %s", rec.Code, rec.Body)
			}
		})
	}
}

// badBodies are rejected by every route, whatever its fields.
var badBodies = map[string]string{
	"malformed":          `{"a":`,
	"trailing comma":     `{"a":1,}`,
	"not JSON":           `hello`,
	"single quotes":      `{'a':1}`,
	"two objects":        `{}{}`,
	"object then array":  `{} []`,
	"array":              `[]`,
	"array of objects":   `[{}]`,
	"null":               `null`,
	"string":             `"text"`,
	"number":             `42`,
	"boolean":            `true`,
	"unknown field":      `{"noSuchField":1}`,
	"nul byte":           "\x00",
	"invalid UTF-8":      "\xff\xfe{}",
	"deep nesting":       strings.Repeat(`{"a":`, 20000) + "1" + strings.Repeat("}", 20000),
	"unterminated":       `{"a":"`,
	"lone brace":         `}`,
	"duplicate garbage":  `{"a":1}}`,
	"comment":            `{/* c */}`,
	"BOM then object":    "\uFEFF{}",
	"huge number":        `{"a":1e999999}`,
	"escape in key":      `{"\u0000":1}`,
	"bad escape":         `{"a":"\q"}`,
	"whitespace garbage": " \t\r\n x",
}

func TestRobustnessBadBodies(t *testing.T) {
	srv := robustServer(t)
	for _, route := range srv.routeKeys {
		method, path := routePath(route)
		for name, body := range badBodies {
			t.Run(route+"/"+name, func(t *testing.T) {
				expectErrorEnvelope(t, path, serveRaw(t, srv, method, path, "application/json", []byte(body)))
			})
		}
	}
}

// wrongTypes returns JSON values of every type other than v's.
func wrongTypes(v any) []any {
	var out []any
	for _, w := range []any{"text", 12, 1.5, true, []any{1}, map[string]any{"a": 1}} {
		if fmt.Sprintf("%T", w) != fmt.Sprintf("%T", v) {
			out = append(out, w)
		}
	}
	return out
}

func TestRobustnessWrongFieldTypes(t *testing.T) {
	srv := robustServer(t)
	for _, route := range srv.routeKeys {
		method, path := routePath(route)
		valid := robustCases[route].body
		for field, value := range valid {
			for _, wrong := range wrongTypes(value) {
				body := make(map[string]any, len(valid))
				for k, v := range valid {
					body[k] = v
				}
				body[field] = wrong
				raw, _ := json.Marshal(body)
				t.Run(fmt.Sprintf("%s/%s=%s", route, field, raw), func(t *testing.T) {
					rec := serveRaw(t, srv, method, path, "application/json", raw)
					expectErrorEnvelope(t, path, rec)
					if !strings.Contains(rec.Body.String(), field) {
						t.Errorf("message does not name field %q: %s", field, rec.Body)
					}
				})
			}
		}
	}
}

func TestRobustnessBodySize(t *testing.T) {
	srv := robustServer(t)
	overLimit := append([]byte(`{"description":"`), bytes.Repeat([]byte("x"), defaultMaxBodyBytes)...)
	huge := bytes.Repeat([]byte(" "), 10<<20)
	for _, route := range srv.routeKeys {
		method, path := routePath(route)
		for name, body := range map[string][]byte{"limit+1": overLimit, "10MiB": huge} {
			t.Run(route+"/"+name, func(t *testing.T) {
				rec := serveRaw(t, srv, method, path, "application/json", body)
				expectErrorEnvelope(t, path, rec)
				if rec.Code != http.StatusRequestEntityTooLarge {
					t.Errorf("status = %d, want 413", rec.Code)
				}
			})
		}
		t.Run(route+"/text content type", func(t *testing.T) {
			rec := serveRaw(t, srv, method, path, "text/plain", []byte(`{}`))
			expectErrorEnvelope(t, path, rec)
			if rec.Code != http.StatusUnsupportedMediaType {
				t.Errorf("status = %d, want 415", rec.Code)
			}
		})
	}
}

func TestRobustnessWrongMethods(t *testing.T) {
	srv := robustServer(t)
	methods := []string{
		http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodTrace, http.MethodConnect,
	}
	for path, allowed := range methodsByPath(srv.routeKeys) {
		slices.Sort(allowed)
		for _, m := range methods {
			// The mux serves HEAD with the GET handler, as net/http does.
			if slices.Contains(allowed, m) || (m == http.MethodHead && slices.Contains(allowed, http.MethodGet)) {
				continue
			}
			t.Run(m+" "+path, func(t *testing.T) {
				rec := serveRaw(t, srv, m, path, "application/json", []byte(`{}`))
				expectErrorEnvelope(t, path, rec)
				if want := strings.Join(allowed, ", "); rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != want {
					t.Errorf("status %d, Allow %q; want 405 allowing %s", rec.Code, rec.Header().Get("Allow"), want)
				}
			})
		}
	}
}

func TestRobustnessUnknownPaths(t *testing.T) {
	srv := robustServer(t)
	const m = "/v1/partner/merchants/"
	for path, want := range map[string]int{
		"/":                                             404,
		"/v1":                                           404,
		"/v1/partner/merchants/1001":                    405, // only GET reads a merchant
		m + "1001/card-payments":                        404,
		m + "1001/card-payments/orders/":                404,
		m + "1001/card-payments/orders/x":               405, // only GET reads an order
		m + "1001/card-payments/orders/x/y":             404,
		"/v1/ais/consents/":                             404,
		"/v1/ais/consents/req_1":                        405, // GET reads a consent
		"/v1/ais/consents/req_1/authorize/x":            404,
		"/V1/AIS/CONSENTS":                              404,
		"/v1//ais/consents":                             404,
		"/v1/ais/../ais/consents":                       404,
		"/v1/ais/./consents":                            404,
		"/_sandbox":                                     404,
		"/_sandbox/nope":                                404,
		m + "abc/card-payments/orders":                  400,
		m + "0/card-payments/orders":                    400,
		m + "-5/card-payments/orders":                   400,
		m + "1e3/card-payments/orders":                  400,
		m + "99999999999999999999/card-payments/orders": 400,
		m + "%00/card-payments/orders":                  400,
		m + "9/card-payments/orders":                    404,
		m + "2001/card-payments/orders":                 403,
		m + "1001/stores/nope":                          404,
		m + "1001/stores/%2F..%2F":                      404,
		m + "1001/card-payments/payment-methods/bitcoin/activate": 404,
	} {
		t.Run(path, func(t *testing.T) {
			method := http.MethodPost
			if strings.Contains(path, "/stores/") {
				method = http.MethodPut
			}
			body := `{"amount":1,"currency":"DKK","name":"x"}`
			if strings.HasSuffix(path, "/activate") {
				body = `{}`
			}
			rec := serveRaw(t, srv, method, path, "application/json", []byte(body))
			expectErrorEnvelope(t, path, rec)
			if rec.Code != want {
				t.Errorf("status = %d, want %d; body %s", rec.Code, want, rec.Body)
			}
		})
	}
}

// TestRobustnessOverHTTP repeats a few cases through a real server, where a
// handler panic would surface as a broken connection instead.
func TestRobustnessOverHTTP(t *testing.T) {
	hs := httptest.NewServer(robustServer(t))
	defer hs.Close()
	for _, route := range slices.Sorted(maps.Keys(robustCases)) {
		method, path := routePath(route)
		for _, body := range []string{`null`, `[`, `{"merchantId":"1001"}`} {
			req, _ := http.NewRequest(method, hs.URL+path, strings.NewReader(body))
			req.Header.Set("X-Partner-Client-Id", DemoPartnerClientID)
			req.Header.Set("X-Partner-Client-Secret", DemoPartnerClientSecret)
			req.Header.Set("Authorization", "Bearer "+DemoAccessToken)
			resp, err := hs.Client().Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			raw, _ := io.ReadAll(resp.Body)
			_ = resp.Body.Close()
			if resp.StatusCode/100 != 4 || !json.Valid(raw) {
				t.Errorf("%s %s with %s: %d %s", method, path, body, resp.StatusCode, raw)
			}
		}
	}
}
