package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"strings"
)

// Errors of the admin operations; the admin HTTP surface maps them to 404
// and 409.
var (
	ErrNotFound          = errors.New("not found")
	ErrInvalidTransition = errors.New("invalid state transition")
)

// Reset restores the fixtures and clears request counts and faults.
func (s *Server) Reset() {
	st := newState(s.fixtures)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st = st
	s.counts = map[string]int{}
	s.faults = nil
}

// RequestCounts returns how many requests each API route received, keyed
// "METHOD /pattern" (faulted requests included, admin requests excluded).
func (s *Server) RequestCounts() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.counts)
}

// ResetRequestCounts zeroes the request counts and keeps state and faults,
// so a benchmark can count the requests of each step.
func (s *Server) ResetRequestCounts() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.counts = map[string]int{}
}

// Snapshot returns a copy of the current state.
func (s *Server) Snapshot() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st.snapshot(s.now())
}

// DeactivatePaymentMethod turns an active method inactive behind the
// provider's back, to simulate drift.
func (s *Server) DeactivatePaymentMethod(merchantID int64, method string) error {
	_, err := s.deactivate(merchantID, method)
	return err
}

func (s *Server) deactivate(merchantID int64, method string) (PaymentMethod, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.st.merchants[merchantID]
	if !ok {
		return PaymentMethod{}, fmt.Errorf("merchant %d: %w", merchantID, ErrNotFound)
	}
	pm := m.method(strings.ToLower(method))
	if pm == nil {
		return PaymentMethod{}, fmt.Errorf("payment method %q of merchant %d: %w", method, merchantID, ErrNotFound)
	}
	pm.Status, pm.ActivatedAt = statusInactive, ""
	return *pm, nil
}

// AuthorizeConsent moves a pending consent to authorized, fills consentId
// and updatedAt, then POSTs the consent JSON to its callbackUrl. A failed
// callback is logged, not returned: the bank-side authorization stands.
func (s *Server) AuthorizeConsent(requestID string) error {
	_, err := s.authorize(requestID)
	return err
}

func (s *Server) authorize(requestID string) (Consent, error) {
	rec, err := s.transition(requestID, func(c *ConsentRecord) error {
		if c.Status != consentPending {
			return fmt.Errorf("consent %s is %s; only pending consents can be authorized: %w", c.RequestID, c.Status, ErrInvalidTransition)
		}
		c.Status, c.ConsentID = consentAuthorized, randomID("cns_")
		return nil
	})
	if err != nil {
		return Consent{}, err
	}
	if rec.CallbackURL != "" {
		s.sendCallback(rec)
	}
	return rec.Consent, nil
}

// ExpireConsent moves a pending or authorized consent to expired; expiring
// an expired consent is a no-op.
func (s *Server) ExpireConsent(requestID string) error {
	_, err := s.expire(requestID)
	return err
}

func (s *Server) expire(requestID string) (Consent, error) {
	rec, err := s.transition(requestID, func(c *ConsentRecord) error {
		switch c.Status {
		case consentPending, consentAuthorized, consentExpired:
			c.Status = consentExpired
			return nil
		}
		return fmt.Errorf("consent %s is %s and cannot expire: %w", c.RequestID, c.Status, ErrInvalidTransition)
	})
	return rec.Consent, err
}

// FailConsent moves a pending consent to failed with errorMessage message
// (a default text when empty).
func (s *Server) FailConsent(requestID, message string) error {
	_, err := s.fail(requestID, message)
	return err
}

func (s *Server) fail(requestID, message string) (Consent, error) {
	if message == "" {
		message = "the user did not complete authorization at the bank"
	}
	rec, err := s.transition(requestID, func(c *ConsentRecord) error {
		if c.Status != consentPending {
			return fmt.Errorf("consent %s is %s; only pending consents can fail: %w", c.RequestID, c.Status, ErrInvalidTransition)
		}
		c.Status, c.ErrorMessage = consentFailed, message
		return nil
	})
	return rec.Consent, err
}

// transition applies change to a consent under the lock, stamps updatedAt
// and returns a copy.
func (s *Server) transition(requestID string, change func(*ConsentRecord) error) (ConsentRecord, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.st.consent(requestID)
	if c == nil {
		return ConsentRecord{}, fmt.Errorf("consent %s: %w", requestID, ErrNotFound)
	}
	now := s.now()
	expireIfDue(c, now)
	if err := change(c); err != nil {
		return ConsentRecord{}, err
	}
	c.UpdatedAt = timestamp(now)
	return *c, nil
}

func (s *Server) sendCallback(rec ConsentRecord) {
	body, _ := json.Marshal(rec.Consent)
	ctx, cancel := context.WithTimeout(context.Background(), callbackTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, rec.CallbackURL, bytes.NewReader(body))
	if err != nil {
		s.logger.Printf("consent %s: callback request: %v", rec.RequestID, err)
		return
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "cardpay-sandbox")
	resp, err := s.callback.Do(req)
	if err != nil {
		s.logger.Printf("consent %s: callback to %s failed: %v", rec.RequestID, rec.CallbackURL, err)
		return
	}
	_ = resp.Body.Close()
	if resp.StatusCode >= 300 {
		s.logger.Printf("consent %s: callback to %s answered %d", rec.RequestID, rec.CallbackURL, resp.StatusCode)
	}
}

// adminRoutes registers the unauthenticated /_sandbox/ surface. It is meant
// for loopback use only; the command refuses other addresses by default.
func (s *Server) adminRoutes() {
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
	s.admin("POST /_sandbox/merchants/{merchantId}/payment-methods/{method}/deactivate", func(r *http.Request) (int, any, error) {
		id, err := parseMerchantID(r.PathValue("merchantId"))
		if err != nil {
			return 0, nil, err
		}
		pm, err := s.deactivate(id, r.PathValue("method"))
		return http.StatusOK, pm, err
	})
	s.admin("POST /_sandbox/consents/{requestId}/authorize", func(r *http.Request) (int, any, error) {
		c, err := s.authorize(r.PathValue("requestId"))
		return http.StatusOK, c, err
	})
	s.admin("POST /_sandbox/consents/{requestId}/expire", func(r *http.Request) (int, any, error) {
		c, err := s.expire(r.PathValue("requestId"))
		return http.StatusOK, c, err
	})
	s.admin("POST /_sandbox/consents/{requestId}/fail", s.adminFail)
	s.admin("POST /_sandbox/faults", s.adminInjectFault)
	s.admin("DELETE /_sandbox/faults", func(*http.Request) (int, any, error) {
		s.ClearFaults()
		return http.StatusOK, okBody, nil
	})
}

var okBody = map[string]string{"status": "OK"}

type adminHandler func(r *http.Request) (int, any, error)

func (s *Server) admin(pattern string, h adminHandler) {
	s.mux.Handle(pattern, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.serve(func(w http.ResponseWriter, r *http.Request) error {
			status, body, err := h(r)
			switch {
			case errors.Is(err, ErrNotFound):
				return errorf(http.StatusNotFound, "%v", err)
			case errors.Is(err, ErrInvalidTransition):
				return errorf(http.StatusConflict, "%v", err)
			case err != nil:
				return err
			}
			writeJSON(w, status, body)
			return nil
		}, w, r)
	}))
}

func (s *Server) adminFail(r *http.Request) (int, any, error) {
	var req struct {
		ErrorMessage string `json:"errorMessage"`
	}
	if err := s.adminBody(r, &req, false); err != nil {
		return 0, nil, err
	}
	c, err := s.fail(r.PathValue("requestId"), req.ErrorMessage)
	return http.StatusOK, c, err
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
