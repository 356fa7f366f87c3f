// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

var (
	terminalModes = []string{"SelfHostedPage", "PaymentPage", "MerchantInitiated"}
	currencies    = []string{"DKK", "EUR", "SEK"}
)

// Order statuses, and the hosted payment page of an order.
const (
	orderCreated   = "CREATED"
	orderPaid      = "PAID"
	orderCancelled = "CANCELLED"
	orderRefunded  = "REFUNDED"

	paymentLinkPrefix = "https://pay.sandbox.cardpay.example/orders/"
)

// partnerCall is what a partner handler needs. Handlers run with Server.mu
// held, so they may read and change merchant state directly.
type partnerCall struct {
	r          *http.Request
	merchantID int64
	merchant   *merchantState
	body       []byte
	now        time.Time
	st         *state
}

// partnerHandler returns the success status and the response body.
type partnerHandler func(c *partnerCall) (int, any, error)

// partner wraps a handler of a /v1/partner/ route with the checks every such
// route shares, in this order: credentials (401), body size and type
// (413/415), merchantId syntax (400), merchant existence (404), ownership
// (403). The handler then validates the body (400) and sub-resources (404).
func (s *Server) partner(h partnerHandler) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, body, err := s.partnerRequest(w, r)
		if err != nil {
			return err
		}
		id, err := parseMerchantID(r.PathValue("merchantId"))
		if err != nil {
			return err
		}
		status, resp, err := s.runPartner(h, p, id, r, body)
		if err != nil {
			return err
		}
		return writeJSON(w, status, resp)
	}
}

func (s *Server) runPartner(h partnerHandler, p Partner, id int64, r *http.Request, body []byte) (int, any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.st.ownedMerchant(p, id)
	if err != nil {
		return 0, nil, err
	}
	return h(&partnerCall{r: r, merchantID: id, merchant: m, body: body, now: s.now(), st: s.st})
}

// authPartner checks the partner header pair, or an OAuth2 token when the
// call carries "Authorization" and no partner header. The message names a
// missing header but never says which of id or secret was wrong.
func (s *Server) authPartner(r *http.Request) (Partner, error) {
	id := r.Header.Get("X-Partner-Client-Id")
	if id == "" && r.Header.Get("Authorization") != "" {
		return s.oauthPartner(r)
	}
	if id == "" {
		return Partner{}, errorf(http.StatusUnauthorized, "missing header X-Partner-Client-Id (or an OAuth2 token: \"Authorization: Bearer <token>\" from POST /oauth/token)")
	}
	secret := r.Header.Get("X-Partner-Client-Secret")
	if secret == "" {
		return Partner{}, errorf(http.StatusUnauthorized, "missing header X-Partner-Client-Secret")
	}
	return s.partnerByCredentials(id, secret)
}

// partnerRequest makes the first checks of every partner route: the
// credentials (401), then the body's size and type (413/415).
func (s *Server) partnerRequest(w http.ResponseWriter, r *http.Request) (Partner, []byte, error) {
	p, err := s.authPartner(r)
	if err != nil {
		return Partner{}, nil, err
	}
	body, err := s.readBody(w, r)
	return p, body, err
}

func parseMerchantID(raw string) (int64, error) {
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return 0, badRequest("merchantId must be a positive integer, got %q", raw)
	}
	return id, nil
}

// ownedMerchant returns merchant id if it exists (404) and belongs to p (403).
func (st *state) ownedMerchant(p Partner, id int64) (*merchantState, error) {
	m, ok := st.merchants[id]
	if !ok {
		return nil, errorf(http.StatusNotFound, "merchant %d not found", id)
	}
	if m.partner != p.ClientID {
		return nil, errorf(http.StatusForbidden, "merchant %d is not managed by this partner", id)
	}
	return m, nil
}

// storeOrDefault resolves an optional storeId of a request body. A merchant
// that was never onboarded, or one changed through the admin surface, may
// lack an active default store; callers then need an explicit storeId.
func (c *partnerCall) storeOrDefault(id string) (*Store, error) {
	var st *Store
	if id == "" {
		if st = c.merchant.defaultStore(); st == nil {
			return nil, badRequest("merchant %d has no default store: send a storeId", c.merchantID)
		}
	} else if st = c.merchant.store(id); st == nil {
		return nil, errorf(http.StatusNotFound, "store %q not found for merchant %d", id, c.merchantID)
	}
	if st.Status != statusActive {
		return nil, badRequest("store %q of merchant %d is %s", st.ID, c.merchantID, st.Status)
	}
	return st, nil
}

func (s *Server) createOnlineTerminal(c *partnerCall) (int, any, error) {
	var req onlineTerminalRequest
	if err := decodeJSON(c.body, &req, true); err != nil {
		return 0, nil, err
	}
	if err := required("onlineTerminalMode", req.OnlineTerminalMode); err != nil {
		return 0, nil, err
	}
	if err := oneOf("onlineTerminalMode", req.OnlineTerminalMode, terminalModes); err != nil {
		return 0, nil, err
	}
	store, err := c.storeOrDefault(req.StoreID)
	if err != nil {
		return 0, nil, err
	}
	t := Terminal{
		MerchantID:        c.merchantID,
		TerminalID:        randomID("term_"),
		TerminalPublicKey: publicKey(),
		TerminalType:      req.OnlineTerminalMode,
		StoreID:           store.ID,
		CreatedAt:         timestamp(c.now),
		TerminalStatus:    terminalActive,
	}
	c.st.terminals = append(c.st.terminals, t)
	return http.StatusCreated, onlineTerminalResponse{
		TerminalID: t.TerminalID, TerminalPublicKey: t.TerminalPublicKey, TerminalType: t.TerminalType, StoreID: t.StoreID,
	}, nil
}

// publicKey returns an opaque SDK key; its format is not shown, so it only
// needs to be unique and recognisable.
func publicKey() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return "pk_sandbox_" + base64.RawURLEncoding.EncodeToString(b)
}

// listPaymentMethods accepts no body or an empty JSON object, like the other
// body-less endpoints, so a client sending garbage learns about it.
func (s *Server) listPaymentMethods(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	out := make([]PaymentMethod, len(c.merchant.methods))
	for i, pm := range c.merchant.methods {
		out[i] = *pm
	}
	return http.StatusOK, out, nil
}

// activatePaymentMethod accepts no body or an empty JSON object, matches the
// method name case-insensitively and is idempotent.
func (s *Server) activatePaymentMethod(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	name := c.r.PathValue("method")
	pm := c.merchant.method(strings.ToLower(name))
	if pm == nil {
		return 0, nil, errorf(http.StatusNotFound, "payment method %q not found for merchant %d; known methods: %s",
			name, c.merchantID, strings.Join(c.merchant.methodNames(), ", "))
	}
	if pm.Status != statusActive {
		pm.Status, pm.ActivatedAt = statusActive, timestamp(c.now)
	}
	return http.StatusOK, *pm, nil
}

// startOnboarding creates a new application on every call, PENDING or
// APPLICATION_INITIATED depending on the merchant's vocabulary.
func (s *Server) startOnboarding(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	m := c.merchant
	a := newApplication(c.merchantID, m, randomID("app_"), m.initialApplicationStatus(), timestamp(c.now))
	c.st.applications = append(c.st.applications, a)
	s.schedule(scheduledChange{applicationID: a.ApplicationID}, c.now)
	return http.StatusCreated, onboardingResponse{
		WebKybURL: a.WebKybURL, ApplicationID: a.ApplicationID, ShortLinkURL: a.ShortLinkURL, ApplicationStatus: a.ApplicationStatus,
	}, nil
}

// createOrder requires amount (positive, minor units, passed through) and
// currency; reference and description are optional.
func (s *Server) createOrder(c *partnerCall) (int, any, error) {
	var req orderRequest
	if err := decodeJSON(c.body, &req, true); err != nil {
		return 0, nil, err
	}
	if req.Amount == nil {
		return 0, nil, badRequest("field %q is required: a positive integer in the currency's minor unit", "amount")
	}
	if *req.Amount <= 0 {
		return 0, nil, badRequest("field %q must be a positive integer in the currency's minor unit, got %d", "amount", *req.Amount)
	}
	if err := required("currency", req.Currency); err != nil {
		return 0, nil, err
	}
	if err := oneOf("currency", req.Currency, currencies); err != nil {
		return 0, nil, err
	}
	o := Order{
		MerchantID: c.merchantID, OrderID: randomID("ord_"), Status: orderCreated, Amount: *req.Amount,
		Currency: req.Currency, Reference: req.Reference, Description: req.Description, CreatedAt: timestamp(c.now),
	}
	if !c.merchant.guide() {
		o.PaymentLink, o.Nonce = paymentLinkPrefix+o.OrderID, randomID("nonce_")
	}
	c.st.orders = append(c.st.orders, o)
	return http.StatusCreated, orderCreateResponse{Order: o.body(), PaymentLink: o.PaymentLink, Nonce: o.Nonce}, nil
}

// getOrder reads one order of the merchant; another merchant's order is
// as unknown as a missing one. No payments are simulated.
func (s *Server) getOrder(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	id := c.r.PathValue("orderId")
	o := c.st.order(id)
	if o == nil || o.MerchantID != c.merchantID {
		return 0, nil, errorf(http.StatusNotFound, "order %q not found for merchant %d", id, c.merchantID)
	}
	return http.StatusOK, orderDetailResponse{Order: orderDetail{orderBody: o.body(), Payments: []any{}}}, nil
}

func (o *Order) body() orderBody {
	return orderBody{OrderID: o.OrderID, Status: o.Status, Amount: o.Amount, Currency: o.Currency, Reference: o.Reference}
}

// createInterappCode accepts no body or a JSON object with an optional storeId.
func (s *Server) createInterappCode(c *partnerCall) (int, any, error) {
	var req interappRequest
	if err := decodeJSON(c.body, &req, false); err != nil {
		return 0, nil, err
	}
	store, err := c.storeOrDefault(req.StoreID)
	if err != nil {
		return 0, nil, err
	}
	code := registrationCode()
	for c.st.liveInterappCode(code, c.now) {
		code = registrationCode()
	}
	ic := InterappCode{
		MerchantID: c.merchantID, StoreID: store.ID, RegistrationCode: code,
		RegistrationLink: "cardpay-companion://register?code=" + code,
		CreatedAt:        timestamp(c.now), ExpiresAt: timestamp(c.now.Add(interappCodeTTL)),
		expires: c.now.Add(interappCodeTTL),
	}
	c.st.interapp = append(c.st.interapp, ic)
	return http.StatusCreated, interappResponse{RegistrationCode: ic.RegistrationCode, RegistrationLink: ic.RegistrationLink}, nil
}

// registrationCode is six characters without look-alikes (0/O, 1/I), since
// merchants type it by hand.
func registrationCode() string {
	return randomString("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 6)
}

// String makes a Partner safe to print: the secret and token are masked.
func (p Partner) String() string {
	return fmt.Sprintf("Partner{ClientID:%s AISClientID:%s}", p.ClientID, p.AISClientID)
}
