// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"errors"
	"maps"
	"net/http"
)

// Errors of the admin operations; the admin HTTP surface maps them to 404,
// 409 and 400.
var (
	ErrNotFound          = errors.New("not found")
	ErrInvalidTransition = errors.New("invalid state transition")
	ErrInvalidInput      = errors.New("invalid input")
)

// Reset restores the fixtures and clears request counts and faults. The
// rate limit stays, with full buckets.
func (s *Server) Reset() {
	st := newState(s.fixtures)
	s.limits.refill()
	s.limits.clearRefused()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st = st
	s.counts = map[string]int{}
	s.faults = nil
}

// RequestCounts returns how many requests each API route received, keyed
// "METHOD /pattern" as the Route constants name them (faulted requests
// included, admin requests excluded).
func (s *Server) RequestCounts() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.counts)
}

// ResetRequestCounts zeroes the request counts and the rate limit's
// refusals and keeps state and faults, so a benchmark can count the
// requests of each step.
func (s *Server) ResetRequestCounts() {
	s.limits.clearRefused()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.counts = map[string]int{}
}

// Snapshot returns a copy of the current state, after the changes
// auto-advance mode has due.
func (s *Server) Snapshot() State {
	s.advanceDue()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st.snapshot(s.now())
}

// adminRoutes registers the /_sandbox/ surface of the whole server and
// its public endpoints; each area registers its own admin operations
// (areas.go). Who may use it is adminAccess's to decide.
func (s *Server) adminRoutes() {
	s.publicRoutes()
	s.admin("POST /_sandbox/reset", func(*http.Request) (int, any, error) {
		s.Reset()
		return http.StatusOK, okBody, nil
	})
	s.admin("GET /_sandbox/requests", func(*http.Request) (int, any, error) {
		return http.StatusOK, s.RequestCounts(), nil
	})
	s.admin("DELETE /_sandbox/requests", func(*http.Request) (int, any, error) {
		s.ResetRequestCounts()
		return http.StatusOK, okBody, nil
	})
	s.admin("GET /_sandbox/state", func(*http.Request) (int, any, error) {
		return http.StatusOK, s.Snapshot(), nil
	})
	s.admin("POST /_sandbox/faults", s.adminInjectFault)
	s.admin("DELETE /_sandbox/faults", func(*http.Request) (int, any, error) {
		s.ClearFaults()
		return http.StatusOK, okBody, nil
	})
	s.rateLimitRoutes()
}

var okBody = map[string]string{"status": "OK"}

type adminHandler func(r *http.Request) (int, any, error)

func (s *Server) admin(pattern string, h adminHandler) {
	s.mux.Handle(pattern, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.serve(func(w http.ResponseWriter, r *http.Request) error {
			if err := s.adminAccess(r); err != nil {
				return err
			}
			status, body, err := h(r)
			switch {
			case errors.Is(err, ErrNotFound):
				return errorf(http.StatusNotFound, "%v", err)
			case errors.Is(err, ErrInvalidTransition):
				return errorf(http.StatusConflict, "%v", err)
			case errors.Is(err, ErrInvalidInput) && !errors.As(err, new(*apiError)):
				return badRequest("%v", err)
			case err != nil:
				return err
			}
			return writeJSON(w, status, body)
		}, w, r)
	}))
}

func (s *Server) adminInjectFault(r *http.Request) (int, any, error) {
	var f Fault
	if err := s.adminBody(r, &f, true); err != nil {
		return 0, nil, err
	}
	if err := f.validate(s.routeKeys); err != nil {
		return 0, nil, badRequest("%v", err)
	}
	s.InjectFault(f)
	return http.StatusCreated, f, nil
}

func (s *Server) adminBody(r *http.Request, v any, required bool) error {
	body, err := s.readBody(nil, r)
	if err != nil {
		return err
	}
	return decodeJSON(body, v, required)
}
