// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxhttp"
)

// Fault makes API requests misbehave, to test client retries and the
// provider's handling of ambiguous failures.
type Fault struct {
	// Route is a route key as in RequestCounts, one of the Route
	// constants, e.g. RouteCreateConsent ("POST /v1/ais/consents"); ""
	// matches every API route.
	Route string
	// Latency delays the response (before any status is returned).
	Latency time.Duration
	// Status, when non-zero, replaces the response: 429, 503 or 502 are
	// the intended values.
	Status int
	// RetryAfter is sent as the Retry-After header when set.
	RetryAfter string
	// AfterApply runs the real handler first and discards its response, so
	// the change is applied although the client sees Status.
	AfterApply bool
	// Count is how many requests the fault hits; 0 means until cleared.
	Count int
	// Probability, when between 0 and 1 exclusive, is the chance that a
	// matching request is hit; a request that is not hit falls through to
	// the next fault. 0 and 1 mean every matching request.
	Probability float64
	// EchoHeaders adds every request header, credentials included, to the
	// error message: a misbehaving service or debugging proxy, so clients
	// can prove they redact secrets from errors. It needs a Status.
	EchoHeaders bool
}

// faultJSON is Fault on the admin wire: latency as a Go duration string.
type faultJSON struct {
	Route       string  `json:"route"`
	Latency     string  `json:"latency,omitempty"`
	Status      int     `json:"status,omitempty"`
	RetryAfter  string  `json:"retryAfter,omitempty"`
	AfterApply  bool    `json:"afterApply,omitempty"`
	Count       int     `json:"count,omitempty"`
	Probability float64 `json:"probability,omitempty"`
	EchoHeaders bool    `json:"echoHeaders,omitempty"`
}

// MarshalJSON encodes Latency as a duration string such as "200ms".
func (f Fault) MarshalJSON() ([]byte, error) {
	j := faultJSON{
		Route: f.Route, Status: f.Status, RetryAfter: f.RetryAfter, AfterApply: f.AfterApply,
		Count: f.Count, Probability: f.Probability, EchoHeaders: f.EchoHeaders,
	}
	if f.Latency > 0 {
		j.Latency = f.Latency.String()
	}
	return json.Marshal(j)
}

// UnmarshalJSON decodes the admin form and rejects unknown fields.
func (f *Fault) UnmarshalJSON(data []byte) error {
	var j faultJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return err
	}
	*f = Fault{
		Route: j.Route, Status: j.Status, RetryAfter: j.RetryAfter, AfterApply: j.AfterApply,
		Count: j.Count, Probability: j.Probability, EchoHeaders: j.EchoHeaders,
	}
	if j.Latency != "" {
		d, err := time.ParseDuration(j.Latency)
		if err != nil {
			return fmt.Errorf("latency must be a duration such as 200ms, got %q", j.Latency)
		}
		f.Latency = d
	}
	return nil
}

func (f Fault) validate(routes []string) error {
	switch {
	case f.Route != "" && !slices.Contains(routes, f.Route):
		return fmt.Errorf("unknown route %q; known routes: %q", f.Route, routes)
	case f.Status != 0 && (f.Status < 400 || f.Status > 599):
		return fmt.Errorf("status must be an HTTP error status (4xx or 5xx), got %d", f.Status)
	case f.Latency < 0 || f.Latency > time.Minute:
		return fmt.Errorf("latency must be between 0 and 1m, got %s", f.Latency)
	case f.Status == 0 && f.Latency == 0:
		return fmt.Errorf("a fault needs a status or a latency")
	case f.AfterApply && f.Status == 0:
		return fmt.Errorf("afterApply needs a status")
	case f.EchoHeaders && f.Status == 0:
		return fmt.Errorf("echoHeaders needs a status")
	case f.Count < 0:
		return fmt.Errorf("count must not be negative, got %d", f.Count)
	case !(f.Probability >= 0 && f.Probability <= 1): // also catches NaN
		return fmt.Errorf("probability must be between 0 and 1 (0 means every matching request), got %v", f.Probability)
	}
	return nil
}

// InjectFault adds f; faults are matched in the order they were added and
// the first match that hits (see Probability) wins.
func (s *Server) InjectFault(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &f)
}

// ClearFaults removes every fault.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
}

// withFaults counts the request under route and applies the first matching
// fault before or after h.
func (s *Server) withFaults(route string, h handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f := s.takeFault(route)
		if delay := s.latency + f.Latency; delay > 0 {
			// A real service has the whole request before it is slow
			// to answer. Reading the body also lets net/http notice a
			// client that hangs up, which ends r.Context().
			bufferBody(r, s.maxBody)
		}
		if !sleep(r.Context(), s.latency+f.Latency) {
			return
		}
		switch {
		case f.Status == 0:
			s.serve(h, w, r)
		case f.AfterApply:
			s.serve(h, &discardWriter{header: http.Header{}}, r)
			writeFault(w, r, f)
		default:
			writeFault(w, r, f)
		}
	})
}

// bufferBody reads up to limit+1 bytes of the body into memory, leaving
// the request as it was for the handler (which enforces the limit).
func bufferBody(r *http.Request, limit int64) {
	if r.Body == nil || r.Body == http.NoBody {
		return
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(data), errReader{err}))
}

// errReader ends a buffered body with the error its read met, if any.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	return 0, io.EOF
}

// sleep waits d and reports false if ctx ended first (the client is gone).
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// takeFault counts the request and consumes one hit of the first matching
// fault; the zero Fault means none.
func (s *Server) takeFault(route string) Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.counts[route]++
	for i, f := range s.faults {
		if (f.Route != "" && f.Route != route) || !f.hits() {
			continue
		}
		hit := *f
		if f.Count > 0 {
			f.Count--
			if f.Count == 0 {
				s.faults = slices.Delete(s.faults, i, i+1)
			}
		}
		return hit
	}
	return Fault{}
}

// hits draws whether a matching request is hit; only a probability strictly
// between 0 and 1 can miss.
func (f *Fault) hits() bool {
	if f.Probability <= 0 || f.Probability >= 1 {
		return true
	}
	return rand.Float64() < f.Probability
}

func writeFault(w http.ResponseWriter, r *http.Request, f Fault) {
	w.Header().Set(sandboxhttp.FaultHeader, f.kind())
	if f.RetryAfter != "" {
		w.Header().Set("Retry-After", f.RetryAfter)
	}
	msg := http.StatusText(f.Status) + " (injected sandbox fault)"
	if f.EchoHeaders {
		h := r.Header.Clone()
		h.Set("Host", r.Host) // net/http moves Host out of Header
		msg += "; request headers: " + formatHeaders(h)
	}
	writeError(w, r, f.Status, msg)
}

// kind names the fault for sandboxhttp.FaultHeader.
func (f Fault) kind() string {
	switch {
	case f.EchoHeaders:
		return sandboxhttp.FaultKindEchoHeaders
	case f.AfterApply:
		return sandboxhttp.FaultKindAfterApply
	default:
		return sandboxhttp.FaultKindStatus
	}
}

// formatHeaders renders headers as "Name=v1,v2, Name2=v" in name order,
// values exactly as received (secrets included, on purpose).
func formatHeaders(h http.Header) string {
	parts := make([]string, 0, len(h))
	for _, name := range slices.Sorted(maps.Keys(h)) {
		parts = append(parts, name+"="+strings.Join(h[name], ","))
	}
	return strings.Join(parts, ", ")
}

// discardWriter swallows the real response of an after-apply fault.
type discardWriter struct{ header http.Header }

func (d *discardWriter) Header() http.Header         { return d.header }
func (d *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (d *discardWriter) WriteHeader(int)             {}
