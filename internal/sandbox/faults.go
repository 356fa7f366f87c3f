package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"
)

// Fault makes API requests misbehave, to test client retries and the
// provider's handling of ambiguous failures.
type Fault struct {
	// Route is a route key as in RequestCounts, e.g.
	// "POST /v1/ais/consents"; "" matches every API route.
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
}

// faultJSON is Fault on the admin wire: latency as a Go duration string.
type faultJSON struct {
	Route      string `json:"route"`
	Latency    string `json:"latency,omitempty"`
	Status     int    `json:"status,omitempty"`
	RetryAfter string `json:"retryAfter,omitempty"`
	AfterApply bool   `json:"afterApply,omitempty"`
	Count      int    `json:"count,omitempty"`
}

// MarshalJSON encodes Latency as a duration string such as "200ms".
func (f Fault) MarshalJSON() ([]byte, error) {
	j := faultJSON{Route: f.Route, Status: f.Status, RetryAfter: f.RetryAfter, AfterApply: f.AfterApply, Count: f.Count}
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
	*f = Fault{Route: j.Route, Status: j.Status, RetryAfter: j.RetryAfter, AfterApply: j.AfterApply, Count: j.Count}
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
	case f.Count < 0:
		return fmt.Errorf("count must not be negative, got %d", f.Count)
	}
	return nil
}

// InjectFault adds f; faults are matched in the order they were added and
// the first match wins.
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
		if f.Latency > 0 {
			t := time.NewTimer(f.Latency)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
				return
			}
		}
		switch {
		case f.Status == 0:
			s.serve(h, w, r)
		case f.AfterApply:
			s.serve(h, &discardWriter{header: http.Header{}}, r)
			writeFault(w, f)
		default:
			writeFault(w, f)
		}
	})
}

// takeFault counts the request and consumes one hit of the first matching
// fault; the zero Fault means none.
func (s *Server) takeFault(route string) Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.counts[route]++
	for i, f := range s.faults {
		if f.Route != "" && f.Route != route {
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

func writeFault(w http.ResponseWriter, f Fault) {
	if f.RetryAfter != "" {
		w.Header().Set("Retry-After", f.RetryAfter)
	}
	writeError(w, f.Status, http.StatusText(f.Status)+" (injected sandbox fault)")
}

// discardWriter swallows the real response of an after-apply fault.
type discardWriter struct{ header http.Header }

func (d *discardWriter) Header() http.Header         { return d.header }
func (d *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (d *discardWriter) WriteHeader(int)             {}
