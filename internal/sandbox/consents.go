// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// AIS consents: created by the partner for a user, read and given a new
// authorization URL; the admin surface stands in for the bank.

// The routes of AIS consents.
const (
	// RouteCreateConsent creates an AIS consent.
	RouteCreateConsent = "POST /v1/ais/consents"
	// RouteGetConsent reads one AIS consent.
	RouteGetConsent = "GET /v1/ais/consents/{consentId}"
	// RouteConsentAuthorizationURL issues a new authorization URL for a
	// pending consent.
	RouteConsentAuthorizationURL = "POST /v1/ais/consents/{consentId}/authorize"
)

func init() { registerArea("consents", (*Server).consentRoutes) }

// consentRoutes registers the routes of AIS consents and the admin
// operations that stand in for the bank.
func (s *Server) consentRoutes() {
	s.api(RouteCreateConsent, s.ais(s.createConsent))
	s.api(RouteGetConsent, s.ais(s.getConsent))
	s.api(RouteConsentAuthorizationURL, s.ais(s.authorizeConsentURL))
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
}

// Consent statuses.
const (
	consentPending    = "pending"
	consentAuthorized = "authorized"
	consentExpired    = "expired"
	consentRevoked    = "revoked"
	consentFailed     = "failed"
)

// AIS permissions and the endpoint each one unlocks.
const (
	permAccounts     = "ReadAccountsDetail"
	permBalances     = "ReadBalances"
	permTransactions = "ReadTransactionsDetail"
)

var permissions = []string{permAccounts, permBalances, permTransactions}

// Consent is an AIS consent as the API returns it. ConsentID and
// ErrorMessage stay absent until the authorization callback or a failure.
type Consent struct {
	RequestID               string   `json:"requestId"`
	MerchantID              int64    `json:"merchantId"`
	UserID                  string   `json:"userId"`
	Permissions             []string `json:"permissions"`
	ExpirationDateTime      string   `json:"expirationDateTime"`
	TransactionFromDateTime string   `json:"transactionFromDateTime"`
	Status                  string   `json:"status"`
	CreatedAt               string   `json:"createdAt"`
	UpdatedAt               string   `json:"updatedAt"`
	ConsentID               string   `json:"consentId,omitempty"`
	AuthorizationURL        string   `json:"authorizationUrl,omitempty"`
	ErrorMessage            string   `json:"errorMessage,omitempty"`
}

// ConsentRecord is a consent plus what only the sandbox sees: the callback
// URL and the AIS client that created it.
type ConsentRecord struct {
	Consent
	CallbackURL string `json:"callbackUrl,omitempty"`
	ClientID    string `json:"clientId"`

	expires time.Time
	txFrom  time.Time
}

type consentRequest struct {
	MerchantID              int64    `json:"merchantId"`
	UserID                  string   `json:"userId"`
	Permissions             []string `json:"permissions"`
	ExpirationDateTime      string   `json:"expirationDateTime"`
	TransactionFromDateTime string   `json:"transactionFromDateTime"`
	CallbackURL             string   `json:"callbackUrl"`
}

func (s *Server) createConsent(c *aisCall) (int, any, error) {
	var req consentRequest
	if err := decodeJSON(c.body, &req, true); err != nil {
		return 0, nil, err
	}
	now := s.now()
	expires, txFrom, err := validateConsent(req, now)
	if err != nil {
		return 0, nil, err
	}
	if err := c.token.permits(req.MerchantID, req.UserID, ""); err != nil {
		return 0, nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.st.ownedMerchant(c.partner, req.MerchantID); err != nil {
		return 0, nil, err
	}
	id := randomID("req_")
	rec := &ConsentRecord{
		Consent: Consent{
			RequestID: id, MerchantID: req.MerchantID, UserID: req.UserID, Permissions: slices.Clone(req.Permissions),
			ExpirationDateTime: req.ExpirationDateTime, TransactionFromDateTime: req.TransactionFromDateTime,
			Status: consentPending, CreatedAt: timestamp(now), UpdatedAt: timestamp(now),
			AuthorizationURL: authorizationURL(id),
		},
		CallbackURL: req.CallbackURL, ClientID: c.partner.AISClientID, expires: expires, txFrom: txFrom,
	}
	s.st.consents = append(s.st.consents, rec)
	return http.StatusCreated, rec.Consent, nil
}

// validateConsent checks the request and returns its parsed times.
func validateConsent(req consentRequest, now time.Time) (expires, txFrom time.Time, err error) {
	if err = requireMerchantID(req.MerchantID); err != nil {
		return
	}
	if err = required("userId", req.UserID); err != nil {
		return
	}
	if err = validatePermissions(req.Permissions); err != nil {
		return
	}
	if expires, err = parseDateTime("expirationDateTime", req.ExpirationDateTime); err != nil {
		return
	}
	if txFrom, err = parseDateTime("transactionFromDateTime", req.TransactionFromDateTime); err != nil {
		return
	}
	if !expires.After(txFrom) {
		err = badRequest("expirationDateTime (%s) must be after transactionFromDateTime (%s)", req.ExpirationDateTime, req.TransactionFromDateTime)
		return
	}
	if !expires.After(now) {
		err = badRequest("expirationDateTime (%s) must be in the future (now %s)", req.ExpirationDateTime, timestamp(now))
		return
	}
	if req.CallbackURL != "" {
		err = validCallbackURL(req.CallbackURL)
	}
	return
}

func validatePermissions(perms []string) error {
	if len(perms) == 0 {
		return badRequest("field %q is required: a non-empty array of %s", "permissions", strings.Join(permissions, ", "))
	}
	for i, p := range perms {
		if err := oneOf("permissions", p, permissions); err != nil {
			return err
		}
		if slices.Contains(perms[:i], p) {
			return badRequest("field %q lists %s twice", "permissions", p)
		}
	}
	return nil
}

// pathConsent is the consent a call without a body names in its path,
// once the call's token may read it, expired if its time has come; the
// caller holds the lock.
func (s *Server) pathConsent(c *aisCall) (*ConsentRecord, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return nil, err
	}
	rec, err := s.st.clientConsent(c.partner, c.r.PathValue("consentId"))
	if err != nil {
		return nil, err
	}
	if err := c.token.permits(rec.MerchantID, rec.UserID, ""); err != nil {
		return nil, err
	}
	expireIfDue(rec, s.now())
	return rec, nil
}

// getConsent answers the consent named in the path by its consent ID or,
// as the sandbox's choice, its request ID. Consents of other AIS clients
// are 404 like unknown ones.
func (s *Server) getConsent(c *aisCall) (int, any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec, err := s.pathConsent(c)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, rec.Consent, nil
}

type consentAuthorization struct {
	AuthorizationURL string `json:"authorizationUrl"`
}

// authorizeConsentURL gives a pending consent a fresh bank authorization
// URL, which later reads return too.
func (s *Server) authorizeConsentURL(c *aisCall) (int, any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec, err := s.pathConsent(c)
	if err != nil {
		return 0, nil, err
	}
	now := s.now()
	if rec.Status != consentPending {
		return 0, nil, errorf(http.StatusConflict, "consent %s is %s; only a pending consent can be authorized", rec.RequestID, rec.Status)
	}
	rec.AuthorizationURL = authorizationURL(rec.RequestID)
	rec.UpdatedAt = timestamp(now)
	return http.StatusOK, consentAuthorization{AuthorizationURL: rec.AuthorizationURL}, nil
}

// authorizationURL is a bank link for the consent, new on every call.
func authorizationURL(requestID string) string {
	return "https://bank.sandbox.cardpay.example/authorize?requestId=" + requestID + "&session=" + randomID("")
}

// clientConsent finds a consent of p's AIS client by consent ID or request ID.
func (st *state) clientConsent(p Partner, id string) (*ConsentRecord, error) {
	for _, c := range st.consents {
		if c.ClientID == p.AISClientID && (c.RequestID == id || (c.ConsentID != "" && c.ConsentID == id)) {
			return c, nil
		}
	}
	return nil, errorf(http.StatusNotFound, "consent %q not found", id)
}

func (st *state) consent(requestID string) *ConsentRecord {
	for _, c := range st.consents {
		if c.RequestID == requestID {
			return c
		}
	}
	return nil
}

// expireIfDue moves a pending or authorized consent whose expiration time
// has passed to expired, so every reader sees the same status.
func expireIfDue(c *ConsentRecord, now time.Time) {
	if (c.Status == consentPending || c.Status == consentAuthorized) && !now.Before(c.expires) {
		c.Status = consentExpired
		c.UpdatedAt = timestamp(c.expires)
	}
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
