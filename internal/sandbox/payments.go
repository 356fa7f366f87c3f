// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Account-to-account payments: the fixtures' generated payments, listed a
// page at a time, and moved on through the admin surface (each move
// announced to the partner's endpoints). Creating one is not served.

// The routes of account-to-account payments.
const (
	// RouteListPayments reads one page of the account-to-account payments.
	RouteListPayments = "GET /v1/partner/payments"
)

func init() { registerArea("payments", (*Server).paymentRoutes) }

// paymentRoutes registers the route of account-to-account payments and the
// admin operation that moves a payment.
func (s *Server) paymentRoutes() {
	s.api(RouteListPayments, s.partnerWide(s.listPayments))
	s.admin("POST /_sandbox/payments/{paymentId}/status", s.adminPaymentStatus)
}

// Payment statuses. The list publishes pending and paid ("..."); the others
// are the words the sandbox's payment events already report.
const (
	paymentPending    = "pending"
	paymentProcessing = "processing"
	paymentPaid       = "paid"
	paymentFailed     = "failed"
	paymentExpired    = "expired"
)

// paymentTransitions: a pending payment may go anywhere, a processing one
// ends paid or failed; paid, failed and expired are final.
var paymentTransitions = map[string][]string{
	paymentPending:    {paymentProcessing, paymentPaid, paymentFailed, paymentExpired},
	paymentProcessing: {paymentPaid, paymentFailed},
}

var paymentStatuses = []string{paymentPending, paymentProcessing, paymentPaid, paymentFailed, paymentExpired}

// Paging and numbering of the payment list.
const (
	// firstPaymentID numbers the fixture payments, clear of merchant,
	// webhook, credential and test-event payment IDs.
	firstPaymentID      = 50001
	defaultPaymentLimit = 20
	maxPaymentLimit     = 100
	maxPaymentPage      = 1_000_000
	// MaxGeneratedPayments caps Merchant.GeneratedPayments.
	MaxGeneratedPayments = 10000
)

// Payment is an account-to-account payment. Amount is in major units, an
// exact decimal that goes out as a JSON number ("149.5"), as the payments
// pages publish it.
type Payment struct {
	ID              int64       `json:"id"`
	MerchantID      int64       `json:"merchantId"`
	ReferenceNumber string      `json:"referenceNumber"`
	Amount          json.Number `json:"amount"`
	Currency        string      `json:"currency"`
	Status          string      `json:"status"`
	Description     string      `json:"description"`
	CreatedAt       string      `json:"createdAt"`
	UpdatedAt       string      `json:"updatedAt,omitempty"`
}

// generatedPaymentStatuses cycle over a merchant's payments: mostly paid,
// every status present.
var generatedPaymentStatuses = []string{
	paymentPaid, paymentPending, paymentPaid, paymentFailed, paymentPaid, paymentExpired, paymentProcessing, paymentPaid, paymentPending,
}

// generatedPayment is payment i of a merchant, deterministic: created every
// 7 h 13 min from 2025-12-01 09:00 UTC (so a merchant's higher IDs are
// newer), amounts 50.00 to 999.99, every tenth in EUR, the rest DKK.
func generatedPayment(id, merchantID int64, i int) *Payment {
	created := time.Date(2025, 12, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(i) * (7*time.Hour + 13*time.Minute))
	cents := int64(5000 + (i*7919+int(merchantID)*104729)%95000)
	currency := "DKK"
	if i%10 == 9 {
		currency = "EUR"
	}
	return &Payment{
		ID: id, MerchantID: merchantID, ReferenceNumber: fmt.Sprintf("INV-%d-%04d", merchantID, i+1),
		Amount: majorUnits(cents), Currency: currency, Status: generatedPaymentStatuses[i%len(generatedPaymentStatuses)],
		Description: fmt.Sprintf("Invoice %d", i+1), CreatedAt: timestamp(created),
	}
}

// majorUnits writes minor units as the shortest exact decimal: 14950 is
// 149.5, 15000 is 150.
func majorUnits(cents int64) json.Number {
	s := strings.TrimRight(formatCents(cents), "0")
	return json.Number(strings.TrimSuffix(s, "."))
}

// paymentEntry is a payment as the list shows it, with its merchant's
// client ID and company name.
type paymentEntry struct {
	ID               int64       `json:"id"`
	ReferenceNumber  string      `json:"referenceNumber"`
	Amount           json.Number `json:"amount"`
	Currency         string      `json:"currency"`
	Status           string      `json:"status"`
	MerchantClientID string      `json:"merchantClientId"`
	MerchantName     string      `json:"merchantName"`
	Description      string      `json:"description"`
	CreatedAt        string      `json:"createdAt"`
}

type paymentPage struct {
	Payments []paymentEntry `json:"payments"`
	Total    int            `json:"total"`
	Page     int64          `json:"page"`
	Limit    int64          `json:"limit"`
}

func (st *state) paymentEntry(p *Payment) paymentEntry {
	m := st.merchants[p.MerchantID]
	return paymentEntry{
		ID: p.ID, ReferenceNumber: p.ReferenceNumber, Amount: p.Amount, Currency: p.Currency, Status: p.Status,
		MerchantClientID: m.clientID, MerchantName: m.profile.CompanyName, Description: p.Description, CreatedAt: p.CreatedAt,
	}
}

// paymentQuery is a validated list query; empty filters filter nothing.
type paymentQuery struct {
	merchantClientID, status string
	page, limit              int64
}

// Query parameters of the payment list.
const (
	paymentMerchantParam = "merchantClientId"
	paymentStatusParam   = "status"
	paymentPageParam     = "page"
	paymentLimitParam    = "limit"
)

// parsePaymentQuery reads the list's query. An empty value means the
// default, as the pages' example URL sends "merchantClientId=&status=";
// unknown or repeated parameters are refused to catch client typos.
func parsePaymentQuery(rawQuery string) (paymentQuery, error) {
	q := paymentQuery{page: 1, limit: defaultPaymentLimit}
	values, err := url.ParseQuery(rawQuery)
	if err != nil {
		return q, badRequest("malformed query string: %v", err)
	}
	allowed := []string{paymentMerchantParam, paymentStatusParam, paymentPageParam, paymentLimitParam}
	for _, name := range slices.Sorted(maps.Keys(values)) {
		if !slices.Contains(allowed, name) {
			return q, badRequest("unknown query parameter %q; allowed: %s", name, strings.Join(allowed, ", "))
		}
		if len(values[name]) > 1 {
			return q, badRequest("query parameter %s may be given only once", name)
		}
	}
	q.merchantClientID, q.status = values.Get(paymentMerchantParam), values.Get(paymentStatusParam)
	if q.page, err = queryInt(values, paymentPageParam, q.page, 1, maxPaymentPage); err != nil {
		return q, err
	}
	q.limit, err = queryInt(values, paymentLimitParam, q.limit, 1, maxPaymentLimit)
	return q, err
}

// queryInt reads an integer parameter between lo and hi, def when empty.
func queryInt(values url.Values, name string, def, lo, hi int64) (int64, error) {
	raw := values.Get(name)
	if raw == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, badRequest("query parameter %s must be an integer between %d and %d, got %q", name, lo, hi, raw)
	}
	return n, nil
}

// listPayments answers one page of the partner's payments, newest first,
// optionally of one merchant (its client ID; another partner's merchant is
// 403, an unknown one 404) and one status (exact match: the set of words
// is open).
func (s *Server) listPayments(p Partner, r *http.Request, body []byte) (int, any, error) {
	if err := decodeJSON(body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	q, err := parsePaymentQuery(r.URL.RawQuery)
	if err != nil {
		return 0, nil, err
	}
	var merchantID int64
	if q.merchantClientID != "" {
		if merchantID, err = s.st.ownedMerchantByClientID(p, q.merchantClientID); err != nil {
			return 0, nil, err
		}
	}
	var found []*Payment
	for _, pay := range s.st.book.payments {
		m := s.st.merchants[pay.MerchantID]
		if m.partner == p.ClientID && (merchantID == 0 || pay.MerchantID == merchantID) && (q.status == "" || pay.Status == q.status) {
			found = append(found, pay)
		}
	}
	slices.SortStableFunc(found, newestPaymentFirst)
	out := paymentPage{Payments: []paymentEntry{}, Total: len(found), Page: q.page, Limit: q.limit}
	start := min((q.page-1)*q.limit, int64(len(found)))
	for _, pay := range found[start:min(start+q.limit, int64(len(found)))] {
		out.Payments = append(out.Payments, s.st.paymentEntry(pay))
	}
	return http.StatusOK, out, nil
}

// newestPaymentFirst orders by creation time, then ID, both descending.
// RFC 3339 UTC timestamps with whole seconds sort as text.
func newestPaymentFirst(a, b *Payment) int {
	if c := strings.Compare(b.CreatedAt, a.CreatedAt); c != 0 {
		return c
	}
	return cmp.Compare(b.ID, a.ID)
}

// ownedMerchantByClientID finds a merchant by client ID: 404 if none has
// it, 403 if it is another partner's.
func (st *state) ownedMerchantByClientID(p Partner, clientID string) (int64, error) {
	id := st.merchantByClientID(clientID)
	if id == 0 {
		return 0, errorf(http.StatusNotFound, "no merchant has client ID %q", clientID)
	}
	_, err := st.ownedMerchant(p, id)
	return id, err
}

func (st *state) payment(id int64) *Payment {
	for _, p := range st.book.payments {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// PaymentChange is an account-to-account payment after an admin change,
// with the webhook deliveries the change fired.
type PaymentChange struct {
	Payment    Payment         `json:"payment"`
	Deliveries []EventDelivery `json:"deliveries"`
}

// paymentStatusEvent is the event announcing a payment's new status, the
// reverse of paymentEventStatus.
func paymentStatusEvent(status string) string {
	for event, s := range paymentEventStatus {
		if s == status {
			return event
		}
	}
	return ""
}

// SetPaymentStatus moves an account-to-account payment to status (one of
// pending, processing, paid, failed, expired; ErrInvalidInput otherwise)
// and sends the event of the new status (payment.processing,
// payment.completed, payment.failed, payment.expired) to the partner's
// endpoints. The current status again changes nothing; a move
// paymentTransitions does not allow is ErrInvalidTransition.
func (s *Server) SetPaymentStatus(paymentID int64, status string) (PaymentChange, error) {
	if !slices.Contains(paymentStatuses, status) {
		return PaymentChange{}, badRequest("status must be one of %s, got %q", strings.Join(paymentStatuses, ", "), status)
	}
	s.mu.Lock()
	p := s.st.payment(paymentID)
	if p == nil {
		s.mu.Unlock()
		return PaymentChange{}, fmt.Errorf("payment %d: %w", paymentID, ErrNotFound)
	}
	if p.Status != status && !slices.Contains(paymentTransitions[p.Status], status) {
		s.mu.Unlock()
		return PaymentChange{}, fmt.Errorf("payment %d is %s and cannot become %s: %w", paymentID, p.Status, status, ErrInvalidTransition)
	}
	var events []eventDelivery
	if p.Status != status {
		now := s.now()
		p.Status, p.UpdatedAt = status, timestamp(now)
		m := s.st.merchants[p.MerchantID]
		events = s.st.eventDeliveries(m.partner, paymentStatusEvent(status), map[string]any{
			"paymentId": p.ID, "status": p.Status, "amount": p.Amount, "currency": p.Currency,
			"referenceNumber": p.ReferenceNumber, "merchantId": p.MerchantID,
		}, now)
	}
	out := *p
	s.mu.Unlock()
	return PaymentChange{Payment: out, Deliveries: s.deliverEvents(events)}, nil
}

func (s *Server) adminPaymentStatus(r *http.Request) (int, any, error) {
	id, err := strconv.ParseInt(r.PathValue("paymentId"), 10, 64)
	if err != nil || id <= 0 {
		return 0, nil, badRequest("paymentId must be a positive integer, got %q", r.PathValue("paymentId"))
	}
	var req struct {
		Status string `json:"status"`
	}
	if err := s.adminBody(r, &req, true); err != nil {
		return 0, nil, err
	}
	change, err := s.SetPaymentStatus(id, req.Status)
	return http.StatusOK, change, err
}
