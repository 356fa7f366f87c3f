// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"net/http"
	"slices"
	"time"
)

// Auto-advance mode plays the merchant and the card processor, so a demo or
// a CI run goes through the whole chain unattended: a merchant created
// while it is on (standard or fast-track) becomes active, and a card
// onboarding application started while it is on becomes MERCHANT_CREATED,
// once the delay in force at creation has passed on the server's clock.
// Changes are made lazily, at the first API request (or Snapshot) at or
// after their time, before that request is handled, so tests with a fake
// clock see them deterministically; the events they fire are sent before
// that request is answered. A change the admin surface made first wins: a
// merchant no longer pending, or an application already final, stays as it
// is. The delay survives Reset; the scheduled changes do not.

// scheduledChange is a merchant to activate or an application to complete
// at a time.
type scheduledChange struct {
	at            time.Time
	merchantID    int64
	applicationID string
}

// SetAutoAdvance sets the delay of auto-advance mode for objects created
// from now on; zero or less turns it off.
func (s *Server) SetAutoAdvance(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.autoAdvance = max(d, 0)
}

// AutoAdvance returns the delay of auto-advance mode, 0 when it is off.
func (s *Server) AutoAdvance() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.autoAdvance
}

// schedule records change for now plus the delay, when auto-advance is on.
// The caller holds the lock.
func (s *Server) schedule(change scheduledChange, now time.Time) {
	if s.autoAdvance <= 0 {
		return
	}
	change.at = now.Add(s.autoAdvance)
	s.st.book.scheduled = append(s.st.book.scheduled, change)
}

// advanceDue makes every change whose time has come, oldest first, and
// sends the events they fire.
func (s *Server) advanceDue() {
	s.mu.Lock()
	events := s.st.applyDue(s.now())
	s.mu.Unlock()
	s.deliverEvents(events)
}

// advancing runs the due changes before an API handler.
func (s *Server) advancing(h handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		s.advanceDue()
		return h(w, r)
	}
}

// applyDue applies the changes due at now and keeps the others; the caller
// holds the lock.
func (st *state) applyDue(now time.Time) []eventDelivery {
	var due, later []scheduledChange
	for _, c := range st.book.scheduled {
		if now.Before(c.at) {
			later = append(later, c)
		} else {
			due = append(due, c)
		}
	}
	if len(due) == 0 {
		return nil
	}
	st.book.scheduled = later
	slices.SortStableFunc(due, func(a, b scheduledChange) int { return a.at.Compare(b.at) })
	var events []eventDelivery
	for _, c := range due {
		events = append(events, st.applyScheduled(c, now)...)
	}
	return events
}

// applyScheduled activates a merchant that is still pending, or completes
// an application that is not final yet.
func (st *state) applyScheduled(c scheduledChange, now time.Time) []eventDelivery {
	if c.applicationID != "" {
		if a := st.application(c.applicationID); a != nil && !finalApplicationStatus(a.ApplicationStatus) {
			a.ApplicationStatus = appMerchantCreated
			st.merchants[a.MerchantID].ensureDefaultStore(now) // as SetApplicationStatus does
		}
		return nil
	}
	if m := st.merchants[c.merchantID]; m != nil && m.profile.Status == merchantPending {
		return st.moveMerchant(c.merchantID, m, merchantActive, now)
	}
	return nil
}

// autoAdvanceSetting is the admin surface's view of the mode.
type autoAdvanceSetting struct {
	Delay string `json:"delay"`
}

func init() { registerArea("autoadvance", (*Server).autoAdvanceRoutes) }

// autoAdvanceRoutes registers the admin operations of auto-advance mode.
func (s *Server) autoAdvanceRoutes() {
	s.admin("GET /_sandbox/auto-advance", func(*http.Request) (int, any, error) {
		return http.StatusOK, autoAdvanceSetting{Delay: s.AutoAdvance().String()}, nil
	})
	s.admin("PUT /_sandbox/auto-advance", func(r *http.Request) (int, any, error) {
		var req autoAdvanceSetting
		if err := s.adminBody(r, &req, true); err != nil {
			return 0, nil, err
		}
		d, err := time.ParseDuration(req.Delay)
		if err != nil || d < 0 {
			return 0, nil, badRequest("delay must be a Go duration such as \"2s\" (\"0s\" turns auto-advance off), got %q", req.Delay)
		}
		s.SetAutoAdvance(d)
		return http.StatusOK, autoAdvanceSetting{Delay: d.String()}, nil
	})
	s.admin("DELETE /_sandbox/auto-advance", func(*http.Request) (int, any, error) {
		s.SetAutoAdvance(0)
		return http.StatusOK, autoAdvanceSetting{Delay: time.Duration(0).String()}, nil
	})
}
