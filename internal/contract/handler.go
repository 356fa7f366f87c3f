// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package contract

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxhttp"
)

// Reporter is the part of testing.TB a Handler needs.
type Reporter interface {
	Helper()
	Cleanup(func())
	Errorf(format string, args ...any)
}

// Handler validates the traffic of the handler it wraps against the
// contract and reports every violation to the test when the test ends.
// Reporting waits for the end because handlers run on the server's
// goroutines, which may outlive the test function; a test must create its
// server after the Handler, so the server's Close (a later Cleanup) runs
// first and no request is still in flight when the report is made.
//
// Not validated: the sandbox's admin routes (not part of the contract),
// the answers of injected faults (they carry sandboxhttp.FaultHeader; their
// requests are still checked), answers to requests whose client gave up
// before anything was written, and requests a test exempts with Exempt.
type Handler struct {
	next http.Handler
	spec *Spec

	mu         sync.Mutex
	violations []string
	exempt     []func(*http.Request) bool
}

// NewHandler wraps next. A contract that cannot be loaded fails the test.
func NewHandler(t Reporter, next http.Handler) *Handler {
	t.Helper()
	spec, err := Load()
	if err != nil {
		t.Errorf("contract: %v", err)
	}
	h := &Handler{next: next, spec: spec}
	t.Cleanup(func() { h.report(t) })
	return h
}

// Exempt leaves the requests for which skip is true unchecked, with their
// answers: tests that send malformed requests on purpose (robustness
// tests) use it, since such requests break the contract by design.
func (h *Handler) Exempt(skip func(*http.Request) bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.exempt = append(h.exempt, skip)
}

// Violations returns what was found so far, one entry per request or
// answer that broke the contract.
func (h *Handler) Violations() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.violations...)
}

func (h *Handler) report(t Reporter) {
	t.Helper()
	for _, v := range h.Violations() {
		t.Errorf("contract violation (api/openapi.yaml): %s", v)
	}
}

// ServeHTTP checks the request, serves it, then checks the answer.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.spec == nil || !h.checked(r) {
		h.next.ServeHTTP(w, r)
		return
	}
	body, err := readAndRestore(r)
	if err != nil {
		h.add(fmt.Sprintf("%s %s: reading the request body: %v", r.Method, r.URL.Path, err))
	}
	h.checkRequest(r, body)
	rec := &recorder{ResponseWriter: w, status: http.StatusOK}
	h.next.ServeHTTP(rec, r)
	h.checkResponse(r, body, rec)
}

// checked reports whether r is part of the contract and not exempt.
func (h *Handler) checked(r *http.Request) bool {
	if strings.HasPrefix(r.URL.Path, sandboxhttp.AdminPathPrefix) {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, skip := range h.exempt {
		if skip(r) {
			return false
		}
	}
	return true
}

func (h *Handler) checkRequest(r *http.Request, body []byte) {
	if ok, errs := h.spec.Validator.ValidateHttpRequestSync(withBody(r, body)); !ok {
		h.add(fmt.Sprintf("request %s %s: %s", r.Method, r.URL.RequestURI(), Describe(errs)))
	}
}

func (h *Handler) checkResponse(r *http.Request, body []byte, rec *recorder) {
	if !rec.wrote {
		if r.Context().Err() != nil {
			return // the client hung up before anything was answered
		}
		rec.header = rec.ResponseWriter.Header().Clone() // net/http answers 200 with these
	}
	if rec.header.Get(sandboxhttp.FaultHeader) != "" {
		return // broken on purpose
	}
	resp := &http.Response{
		StatusCode: rec.status,
		Header:     rec.header,
		Body:       io.NopCloser(bytes.NewReader(rec.body.Bytes())),
		Request:    r,
	}
	if ok, errs := h.spec.Validator.ValidateHttpResponse(withBody(r, body), resp); !ok {
		h.add(fmt.Sprintf("answer %d to %s %s: %s\n    body: %s",
			rec.status, r.Method, r.URL.RequestURI(), Describe(errs), excerpt(rec.body.Bytes())))
	}
}

func (h *Handler) add(violation string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.violations = append(h.violations, violation)
}

// readAndRestore reads r's body and puts an identical one back for the
// wrapped handler.
func readAndRestore(r *http.Request) ([]byte, error) {
	if r.Body == nil || r.Body == http.NoBody {
		return nil, nil
	}
	body, err := io.ReadAll(r.Body)
	_ = r.Body.Close()
	r.Body = io.NopCloser(bytes.NewReader(body))
	return body, err
}

// withBody is a shallow copy of r with its own reader over body, since the
// validator consumes the body it is given.
func withBody(r *http.Request, body []byte) *http.Request {
	c := r.Clone(r.Context())
	c.Body = io.NopCloser(bytes.NewReader(body))
	c.ContentLength = int64(len(body))
	return c
}

func excerpt(body []byte) string {
	const limit = 500
	if len(body) > limit {
		return string(body[:limit]) + "…"
	}
	return string(body)
}

// recorder passes the answer through and keeps a copy of it.
type recorder struct {
	http.ResponseWriter
	status int
	header http.Header
	body   bytes.Buffer
	wrote  bool
}

func (r *recorder) WriteHeader(status int) {
	if r.wrote {
		return
	}
	r.wrote = true
	r.status = status
	r.header = r.ResponseWriter.Header().Clone()
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if !r.wrote {
		r.WriteHeader(http.StatusOK)
	}
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}
