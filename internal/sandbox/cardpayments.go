// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// Card payments and the online SDK's token. Every order has one card
// payment, whose ID is derived from the order's: "pay_" and the order ID
// after its "ord_" ("ord_1a2b..." pays as "pay_1a2b..."). It starts
// CREATED, with the order's amount and currency, and its status moves only
// through the admin surface: the order's own status is not linked to it.
// The order read keeps its payments list empty, as the shape of its
// entries is not published.

// The routes of card payments and the online SDK's token.
const (
	// RouteCreateSDKToken issues a token for the online payment SDK.
	RouteCreateSDKToken = "POST " + merchantRoutePrefix + "/card-payments/auth-token"
	// RouteCardPaymentStatus reads a card payment's status.
	RouteCardPaymentStatus = "GET " + merchantRoutePrefix + "/card-payments/payments/{paymentId}/status"
)

func init() { registerArea("cardpayments", (*Server).cardPaymentRoutes) }

// cardPaymentRoutes registers the routes of card payments and the online
// SDK's token, and the admin operation that moves a card payment.
func (s *Server) cardPaymentRoutes() {
	s.api(RouteCreateSDKToken, s.partner(s.createSDKToken))
	s.api(RouteCardPaymentStatus, s.partner(s.getCardPaymentStatus))
	s.admin("POST /_sandbox/card-payments/{paymentId}/status", s.adminCardPaymentStatus)
}

// Card payment statuses, as published.
const (
	cardCreated    = "CREATED"
	cardAuthorized = "AUTHORIZED"
	cardCaptured   = "CAPTURED"
	cardCancelled  = "CANCELLED"
	cardVoided     = "VOIDED"
	cardFailed     = "FAILED"

	cardPaymentPrefix = "pay_"
	orderIDPrefix     = "ord_"
	// sdkTokenPrefix starts the online SDK's opaque tokens.
	sdkTokenPrefix = "sdk_sandbox_"
)

var cardPaymentStatuses = []string{cardCreated, cardAuthorized, cardCaptured, cardCancelled, cardVoided, cardFailed}

// cardPaymentTransitions: a created payment is authorized, captured at once
// (a sale), cancelled or fails; an authorized one is captured, voided or
// fails. CAPTURED, CANCELLED, VOIDED and FAILED are final.
var cardPaymentTransitions = map[string][]string{
	cardCreated:    {cardAuthorized, cardCaptured, cardCancelled, cardFailed},
	cardAuthorized: {cardCaptured, cardVoided, cardFailed},
}

// cardPaymentChange is a card payment's status since it left CREATED.
type cardPaymentChange struct {
	status, updatedAt string
}

// CardPayment is the card payment of an order, as Snapshot and the admin
// surface show it. Amount is the order's, passed through unchanged.
type CardPayment struct {
	MerchantID int64  `json:"merchantId"`
	PaymentID  string `json:"paymentId"`
	OrderID    string `json:"orderId"`
	Status     string `json:"status"`
	Amount     int64  `json:"amount"`
	Currency   string `json:"currency"`
	UpdatedAt  string `json:"updatedAt,omitempty"`
}

// cardPaymentID is the ID of an order's card payment.
func cardPaymentID(orderID string) string {
	return cardPaymentPrefix + strings.TrimPrefix(orderID, orderIDPrefix)
}

func (st *state) orderCardPayment(o *Order) CardPayment {
	cp := CardPayment{
		MerchantID: o.MerchantID, PaymentID: cardPaymentID(o.OrderID), OrderID: o.OrderID, Status: cardCreated,
		Amount: o.Amount, Currency: o.Currency,
	}
	if ch := st.book.cardPayments[cp.PaymentID]; ch != nil {
		cp.Status, cp.UpdatedAt = ch.status, ch.updatedAt
	}
	return cp
}

// cardPayment finds a card payment by ID through its order.
func (st *state) cardPayment(paymentID string) (CardPayment, bool) {
	rest, ok := strings.CutPrefix(paymentID, cardPaymentPrefix)
	if !ok || rest == "" {
		return CardPayment{}, false
	}
	o := st.order(orderIDPrefix + rest)
	if o == nil {
		return CardPayment{}, false
	}
	return st.orderCardPayment(o), true
}

type cardPaymentStatusResponse struct {
	PaymentID string `json:"paymentId"`
	Status    string `json:"status"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
}

// getCardPaymentStatus answers a card payment of the merchant; another
// merchant's payment is as unknown as a missing one.
func (s *Server) getCardPaymentStatus(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	id := c.r.PathValue("paymentId")
	cp, ok := c.st.cardPayment(id)
	if !ok || cp.MerchantID != c.merchantID {
		return 0, nil, errorf(http.StatusNotFound, "card payment %q not found for merchant %d", id, c.merchantID)
	}
	return http.StatusOK, cardPaymentStatusResponse{PaymentID: cp.PaymentID, Status: cp.Status, Amount: cp.Amount, Currency: cp.Currency}, nil
}

// SetCardPaymentStatus moves a card payment to status, a published word
// (ErrInvalidInput otherwise). The current status again changes nothing; a
// move cardPaymentTransitions does not allow is ErrInvalidTransition.
func (s *Server) SetCardPaymentStatus(paymentID, status string) (CardPayment, error) {
	if !slices.Contains(cardPaymentStatuses, status) {
		return CardPayment{}, badRequest("status must be one of %s, got %q", strings.Join(cardPaymentStatuses, ", "), status)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cp, ok := s.st.cardPayment(paymentID)
	switch {
	case !ok:
		return CardPayment{}, fmt.Errorf("card payment %s: %w", paymentID, ErrNotFound)
	case cp.Status == status:
		return cp, nil
	case !slices.Contains(cardPaymentTransitions[cp.Status], status):
		return CardPayment{}, fmt.Errorf("card payment %s is %s and cannot become %s: %w", paymentID, cp.Status, status, ErrInvalidTransition)
	}
	ch := &cardPaymentChange{status: status, updatedAt: timestamp(s.now())}
	s.st.book.cardPayments[cp.PaymentID] = ch
	cp.Status, cp.UpdatedAt = ch.status, ch.updatedAt
	return cp, nil
}

func (s *Server) adminCardPaymentStatus(r *http.Request) (int, any, error) {
	var req struct {
		Status string `json:"status"`
	}
	if err := s.adminBody(r, &req, true); err != nil {
		return 0, nil, err
	}
	cp, err := s.SetCardPaymentStatus(r.PathValue("paymentId"), req.Status)
	return http.StatusOK, cp, err
}

type sdkTokenRequest struct {
	TerminalID string `json:"terminalId"`
}

type sdkTokenResponse struct {
	Token string `json:"token"`
}

// createSDKToken issues a fresh opaque token for the online payment SDK,
// 200 (nothing is created that could be read back). A terminalId, when
// sent, must be one of the merchant's terminals (404) and not INACTIVE
// (400). The token's lifetime is not published, and nothing in the sandbox
// consumes it.
func (s *Server) createSDKToken(c *partnerCall) (int, any, error) {
	var req sdkTokenRequest
	if err := decodeJSON(c.body, &req, false); err != nil {
		return 0, nil, err
	}
	if req.TerminalID != "" {
		t := c.st.terminal(req.TerminalID)
		if t == nil || t.MerchantID != c.merchantID {
			return 0, nil, errorf(http.StatusNotFound, "terminal %q not found for merchant %d", req.TerminalID, c.merchantID)
		}
		if t.TerminalStatus == terminalInactive {
			return 0, nil, badRequest("field %q: terminal %s of merchant %d is %s", "terminalId", t.TerminalID, c.merchantID, t.TerminalStatus)
		}
	}
	token := sdkTokenPrefix + randomToken(32)
	s.tokens.issued = append(s.tokens.issued, token) // IssuedTokens shows it to tests of leaks
	return http.StatusOK, sdkTokenResponse{Token: token}, nil
}
