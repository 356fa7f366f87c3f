// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
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

// SetApplicationStatus moves an onboarding application to status, a word of
// either vocabulary (ErrInvalidInput otherwise). MERCHANT_CREATED and
// REJECTED are final (ErrInvalidTransition when left). Reaching
// MERCHANT_CREATED gives a merchant without a default store one, as the
// service does.
func (s *Server) SetApplicationStatus(applicationID, status string) (Application, error) {
	if !slices.Contains(applicationStatuses, status) {
		return Application{}, badRequest("applicationStatus must be one of %s, got %q", strings.Join(applicationStatuses, ", "), status)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.st.application(applicationID)
	switch {
	case a == nil:
		return Application{}, fmt.Errorf("application %s: %w", applicationID, ErrNotFound)
	case a.ApplicationStatus == status:
		return *a, nil
	case finalApplicationStatus(a.ApplicationStatus):
		return Application{}, fmt.Errorf("application %s is %s, a final status, and cannot become %s: %w",
			applicationID, a.ApplicationStatus, status, ErrInvalidTransition)
	}
	a.ApplicationStatus = status
	if status == appMerchantCreated {
		s.st.merchants[a.MerchantID].ensureDefaultStore(s.now())
	}
	return *a, nil
}

// PairDevice pairs a tap-to-pay device with a live registration code (in
// any letter case): the merchant gets a checkoutX terminal, REGISTERED, on
// the code's store. An unknown code is ErrNotFound; a used or expired one
// ErrInvalidTransition.
func (s *Server) PairDevice(code, terminalName string) (Terminal, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	ic := s.st.newestInterappCode(strings.ToUpper(code))
	switch {
	case ic == nil:
		return Terminal{}, fmt.Errorf("registration code %s: %w", code, ErrNotFound)
	case ic.PairedTerminalID != "":
		return Terminal{}, fmt.Errorf("registration code %s was already used by terminal %s: %w", ic.RegistrationCode, ic.PairedTerminalID, ErrInvalidTransition)
	case !now.Before(ic.expires):
		return Terminal{}, fmt.Errorf("registration code %s expired at %s: %w", ic.RegistrationCode, ic.ExpiresAt, ErrInvalidTransition)
	}
	t := Terminal{
		MerchantID: ic.MerchantID, TerminalID: randomID("term_"), TerminalType: terminalCheckoutX, StoreID: ic.StoreID,
		CreatedAt: timestamp(now), TerminalStatus: terminalRegistered, TerminalName: terminalName,
	}
	s.st.terminals = append(s.st.terminals, t)
	ic.PairedTerminalID = t.TerminalID
	return t, nil
}

// DeactivateTerminal makes a terminal INACTIVE behind the provider's back;
// repeating it changes nothing.
func (s *Server) DeactivateTerminal(terminalID string) (Terminal, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.st.terminal(terminalID)
	if t == nil {
		return Terminal{}, fmt.Errorf("terminal %s: %w", terminalID, ErrNotFound)
	}
	t.TerminalStatus = terminalInactive
	return *t, nil
}

// StoreChange is a change made to a store outside Terraform; nil fields
// stay as they are. Status is "active" or "inactive".
type StoreChange struct {
	Name          *string `json:"name"`
	StreetAddress *string `json:"streetAddress"`
	City          *string `json:"city"`
	PostalCode    *string `json:"postalCode"`
	CountryCode   *string `json:"countryCode"`
	Phone         *string `json:"phone"`
	Email         *string `json:"email"`
	IsDefault     *bool   `json:"isDefault"`
	Status        *string `json:"status"`
}

// ChangeStore applies change to a store, validating formats as the API's
// PUT does (ErrInvalidInput). Unlike the API it may leave the merchant
// without a default or deactivate the default store; isDefault true still
// clears the other stores' flag.
func (s *Server) ChangeStore(merchantID int64, storeID string, change StoreChange) (Store, error) {
	if err := change.validate(); err != nil {
		return Store{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.st.merchants[merchantID]
	if !ok {
		return Store{}, fmt.Errorf("merchant %d: %w", merchantID, ErrNotFound)
	}
	st := m.store(storeID)
	if st == nil {
		return Store{}, fmt.Errorf("store %q of merchant %d: %w", storeID, merchantID, ErrNotFound)
	}
	now := timestamp(s.now())
	applyStoreChange(st, change)
	st.UpdatedAt = now
	if change.IsDefault != nil && *change.IsDefault {
		m.makeDefault(st, now)
	} else if change.IsDefault != nil {
		st.IsDefault = false
	}
	return *st, nil
}

// Order statuses the admin surface can set. An order is paid or cancelled
// once, and only a paid order can be refunded.
var orderTransitions = map[string][]string{
	orderCreated: {orderPaid, orderCancelled},
	orderPaid:    {orderRefunded},
}

var settableOrderStatuses = []string{orderPaid, orderCancelled, orderRefunded}

// SetOrderStatus moves an order to PAID, CANCELLED or REFUNDED
// (ErrInvalidInput for other words); setting the current status again
// changes nothing, other moves than CREATED -> PAID | CANCELLED and
// PAID -> REFUNDED are ErrInvalidTransition.
func (s *Server) SetOrderStatus(orderID, status string) (Order, error) {
	if !slices.Contains(settableOrderStatuses, status) {
		return Order{}, badRequest("status must be one of %s, got %q", strings.Join(settableOrderStatuses, ", "), status)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	o := s.st.order(orderID)
	switch {
	case o == nil:
		return Order{}, fmt.Errorf("order %s: %w", orderID, ErrNotFound)
	case o.Status != status && !slices.Contains(orderTransitions[o.Status], status):
		return Order{}, fmt.Errorf("order %s is %s and cannot become %s: %w", orderID, o.Status, status, ErrInvalidTransition)
	}
	o.Status = status
	return *o, nil
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
		// Consent IDs carry colons, like the data provider's published ones.
		c.Status, c.ConsentID = consentAuthorized, "ta:"+randomID("")+":"+randomID("")
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

// RevokeConsent moves an authorized consent to revoked, as the user or the
// bank would; revoking a revoked consent is a no-op.
func (s *Server) RevokeConsent(requestID string) error {
	_, err := s.revoke(requestID)
	return err
}

func (s *Server) revoke(requestID string) (Consent, error) {
	rec, err := s.transition(requestID, func(c *ConsentRecord) error {
		if c.Status != consentAuthorized && c.Status != consentRevoked {
			return fmt.Errorf("consent %s is %s; only authorized consents can be revoked: %w", c.RequestID, c.Status, ErrInvalidTransition)
		}
		c.Status = consentRevoked
		return nil
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

// sendCallback POSTs the consent to its callback URL with the consentId
// query parameter that the published flow puts on the user's redirect.
func (s *Server) sendCallback(rec ConsentRecord) {
	body, _ := json.Marshal(rec.Consent)
	ctx, cancel := context.WithTimeout(context.Background(), callbackTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, withQuery(rec.CallbackURL, "consentId", rec.ConsentID), bytes.NewReader(body))
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

// withQuery adds key=value to raw's query. The query raw has is kept byte
// for byte, in its order (a receiver may compare or sign it), except an
// earlier key, which value replaces so the receiver cannot read a stale one.
func withQuery(raw, key, value string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw // validated on creation; a failed request is logged
	}
	var kept []string
	for _, pair := range strings.Split(u.RawQuery, "&") {
		name, _, _ := strings.Cut(pair, "=")
		if k, err := url.QueryUnescape(name); pair == "" || (err == nil && k == key) {
			continue
		}
		kept = append(kept, pair)
	}
	u.RawQuery = strings.Join(append(kept, url.QueryEscape(key)+"="+url.QueryEscape(value)), "&")
	return u.String()
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
	s.admin("POST /_sandbox/consents/{requestId}/revoke", func(r *http.Request) (int, any, error) {
		c, err := s.revoke(r.PathValue("requestId"))
		return http.StatusOK, c, err
	})
	s.admin("POST /_sandbox/webhooks/{id}/deliver", s.adminDeliver)
	s.admin("PATCH /_sandbox/webhooks/{id}", s.adminChangeWebhook)
	s.admin("DELETE /_sandbox/webhooks/{id}", func(r *http.Request) (int, any, error) {
		id, err := adminWebhookID(r)
		if err != nil {
			return 0, nil, err
		}
		return http.StatusOK, okBody, s.RemoveWebhook(id)
	})
	s.admin("POST /_sandbox/applications/{applicationId}/status", s.adminApplicationStatus)
	s.admin("POST /_sandbox/interapp/{registrationCode}/pair", s.adminPairDevice)
	s.admin("POST /_sandbox/terminals/{terminalId}/deactivate", func(r *http.Request) (int, any, error) {
		t, err := s.DeactivateTerminal(r.PathValue("terminalId"))
		return http.StatusOK, t, err
	})
	s.admin("PATCH /_sandbox/merchants/{merchantId}/stores/{storeId}", s.adminChangeStore)
	s.admin("POST /_sandbox/orders/{orderId}/status", s.adminOrderStatus)
	s.admin("POST /_sandbox/faults", s.adminInjectFault)
	s.admin("DELETE /_sandbox/faults", func(*http.Request) (int, any, error) {
		s.ClearFaults()
		return http.StatusOK, okBody, nil
	})
	s.rateLimitRoutes()
	s.tokenRoutes()
	s.bookAdminRoutes()
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
			case errors.Is(err, ErrInvalidInput) && !errors.As(err, new(*apiError)):
				return badRequest("%v", err)
			case err != nil:
				return err
			}
			return writeJSON(w, status, body)
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

func (s *Server) adminApplicationStatus(r *http.Request) (int, any, error) {
	var req struct {
		ApplicationStatus string `json:"applicationStatus"`
	}
	if err := s.adminBody(r, &req, true); err != nil {
		return 0, nil, err
	}
	a, err := s.SetApplicationStatus(r.PathValue("applicationId"), req.ApplicationStatus)
	return http.StatusOK, a, err
}

func (s *Server) adminPairDevice(r *http.Request) (int, any, error) {
	var req struct {
		TerminalName string `json:"terminalName"`
	}
	if err := s.adminBody(r, &req, false); err != nil {
		return 0, nil, err
	}
	t, err := s.PairDevice(r.PathValue("registrationCode"), req.TerminalName)
	return http.StatusCreated, t, err
}

func (s *Server) adminChangeStore(r *http.Request) (int, any, error) {
	id, err := parseMerchantID(r.PathValue("merchantId"))
	if err != nil {
		return 0, nil, err
	}
	var change StoreChange
	if err := s.adminBody(r, &change, true); err != nil {
		return 0, nil, err
	}
	st, err := s.ChangeStore(id, r.PathValue("storeId"), change)
	return http.StatusOK, st, err
}

func (s *Server) adminOrderStatus(r *http.Request) (int, any, error) {
	var req struct {
		Status string `json:"status"`
	}
	if err := s.adminBody(r, &req, true); err != nil {
		return 0, nil, err
	}
	o, err := s.SetOrderStatus(r.PathValue("orderId"), req.Status)
	return http.StatusOK, o, err
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

func adminWebhookID(r *http.Request) (int64, error) {
	return parseWebhookID(r.PathValue("id"))
}

func (s *Server) adminDeliver(r *http.Request) (int, any, error) {
	id, err := adminWebhookID(r)
	if err != nil {
		return 0, nil, err
	}
	var req TestEvent
	if err := s.adminBody(r, &req, false); err != nil {
		return 0, nil, err
	}
	d, err := s.DeliverTestEvent(id, req)
	if err != nil && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrInvalidInput) {
		return 0, nil, errorf(http.StatusBadGateway, "%v", err) // the receiver could not be reached
	}
	return http.StatusOK, d, err
}

func (s *Server) adminChangeWebhook(r *http.Request) (int, any, error) {
	id, err := adminWebhookID(r)
	if err != nil {
		return 0, nil, err
	}
	var change WebhookChange
	if err := s.adminBody(r, &change, true); err != nil {
		return 0, nil, err
	}
	w, err := s.ChangeWebhook(id, change)
	return http.StatusOK, w, err
}
