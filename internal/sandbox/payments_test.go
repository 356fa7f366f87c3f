// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
)

type paymentPageJSON struct {
	Payments []map[string]any `json:"payments"`
	Total    int              `json:"total"`
	Page     int              `json:"page"`
	Limit    int              `json:"limit"`
}

func (e *env) paymentPage(query url.Values, headers map[string]string) paymentPageJSON {
	e.t.Helper()
	r := e.do(http.MethodGet, paymentsPath+"?"+query.Encode(), nil, headers)
	expectStatus(e.t, r, http.StatusOK)
	var page paymentPageJSON
	mustUnmarshal(e.t, r.raw, &page)
	return page
}

// Pages of one merchant's 45 payments: 20, 20, 5, then none; together
// every payment once, newest first.
func TestPaymentPages(t *testing.T) {
	e := newEnv(t)
	q := url.Values{"merchantClientId": {merchantClientID(1001)}, "limit": {"20"}}
	var ids []float64
	var created []string
	for page, want := range []int{20, 20, 5, 0} {
		q.Set("page", strconv.Itoa(page+1))
		got := e.paymentPage(q, partnerAuth())
		if got.Total != 45 || got.Page != page+1 || got.Limit != 20 || len(got.Payments) != want {
			t.Fatalf("page %d: total %d, page %d, limit %d, %d payments; want %d", page+1, got.Total, got.Page, got.Limit, len(got.Payments), want)
		}
		for _, p := range got.Payments {
			ids = append(ids, get[float64](t, p, "id"))
			created = append(created, get[string](t, p, "createdAt"))
		}
	}
	if len(ids) != 45 || slices.Max(ids)-slices.Min(ids) != 44 {
		t.Errorf("ids = %v, want 45 different payments", ids)
	}
	if !slices.IsSortedFunc(created, func(a, b string) int { return strings.Compare(b, a) }) {
		t.Errorf("createdAt = %v, want newest first", created)
	}

	first := e.paymentPage(url.Values{}, partnerAuth())
	if first.Total != 51 || first.Page != 1 || first.Limit != 20 || len(first.Payments) != 20 {
		t.Errorf("default page: total %d, page %d, limit %d, %d payments; want 51 of 1001 and 1002", first.Total, first.Page, first.Limit, len(first.Payments))
	}
	entry := first.Payments[0]
	expectKeys(t, entry, "id", "referenceNumber", "amount", "currency", "status", "merchantClientId", "merchantName", "description", "createdAt")
	if _, isNumber := entry["amount"].(float64); !isNumber {
		t.Errorf("amount %v is not a JSON number", entry["amount"])
	}
	if !strings.HasPrefix(get[string](t, entry, "merchantName"), "Merchant 100") || !isUUID(get[string](t, entry, "merchantClientId")) {
		t.Errorf("entry = %v", entry)
	}
}

// Filters: a status (exact word) and a merchant of the partner; the list
// shows the partner's merchants only.
func TestPaymentFilters(t *testing.T) {
	e := newEnv(t)
	paid := e.paymentPage(url.Values{"merchantClientId": {merchantClientID(1001)}, "status": {"paid"}, "limit": {"100"}}, partnerAuth())
	if paid.Total != 20 || len(paid.Payments) != 20 {
		t.Errorf("paid payments of 1001: %d of %d, want 20", len(paid.Payments), paid.Total)
	}
	for _, p := range paid.Payments {
		if p["status"] != "paid" || p["merchantClientId"] != merchantClientID(1001) {
			t.Errorf("filtered entry %v", p)
		}
	}
	if got := e.paymentPage(url.Values{"status": {"PAID"}}, partnerAuth()); got.Total != 0 {
		t.Errorf("status PAID matched %d payments; the match is exact", got.Total)
	}
	if got := e.paymentPage(url.Values{"merchantClientId": {""}, "status": {""}, "page": {"1"}, "limit": {"20"}}, partnerAuth()); got.Total != 51 {
		t.Errorf("empty filters: total %d, want 51", got.Total)
	}
	theirs := e.paymentPage(url.Values{}, otherPartnerAuth())
	if theirs.Total != 4 || theirs.Payments[0]["merchantClientId"] != merchantClientID(2001) {
		t.Errorf("other partner's payments = %+v", theirs)
	}
	expectMessage(t, e.partner(http.MethodGet, paymentsPath+"?merchantClientId="+merchantClientID(2001), nil), http.StatusForbidden, "not managed by this partner")
	expectMessage(t, e.partner(http.MethodGet, paymentsPath+"?merchantClientId=00000000-0000-4000-8000-000000000000", nil), http.StatusNotFound, "no merchant has client ID")
}

func TestPaymentQueryValidation(t *testing.T) {
	e := newEnv(t)
	for query, message := range map[string]string{
		"page=0":           "query parameter page must be an integer between 1 and",
		"page=first":       "query parameter page",
		"limit=0":          "query parameter limit must be an integer between 1 and 100",
		"limit=101":        "query parameter limit",
		"limit=2.5":        "query parameter limit",
		"size=10":          `unknown query parameter "size"`,
		"page=1&page=2":    "page may be given only once",
		"status=%zz":       "malformed query string",
		"merchantId=1001":  `unknown query parameter "merchantId"`,
		"limit=-1&page=1":  "query parameter limit",
		"page=99999999999": "query parameter page",
	} {
		t.Run(query, func(t *testing.T) {
			expectMessage(t, e.partner(http.MethodGet, paymentsPath+"?"+query, nil), http.StatusBadRequest, message)
		})
	}
	expectStatus(t, e.do(http.MethodGet, paymentsPath, nil, nil), http.StatusUnauthorized)
}

// The admin surface moves a payment on; each move is announced with the
// event of the new status.
func TestSetPaymentStatus(t *testing.T) {
	e := newEnv(t)
	sink := newEventSink(t)
	_, secret := e.subscribe(sink.url, "payment.completed", "payment.processing")
	pending := e.paymentPage(url.Values{"status": {"pending"}, "limit": {"1"}}, partnerAuth()).Payments[0]
	id := int64(get[float64](t, pending, "id"))

	change, err := e.srv.SetPaymentStatus(id, "processing")
	if err != nil || change.Payment.Status != "processing" || len(change.Deliveries) != 1 {
		t.Fatalf("SetPaymentStatus = %+v, %v", change, err)
	}
	r := e.do(http.MethodPost, "/_sandbox/payments/"+strconv.FormatInt(id, 10)+"/status", map[string]any{"status": "paid"}, nil)
	expectStatus(t, r, http.StatusOK)
	got := sink.events()
	if len(got) != 2 || got[0].Event != "payment.processing" || got[1].Event != "payment.completed" {
		t.Fatalf("events = %+v", got)
	}
	verifySignatures(t, got[1], secret)
	data := got[1].Data
	if data["paymentId"] != float64(id) || data["status"] != "paid" || data["amount"] != pending["amount"] ||
		data["currency"] != pending["currency"] || data["referenceNumber"] != pending["referenceNumber"] || data["merchantId"] != float64(1001) {
		t.Errorf("event data = %v, payment %v", data, pending)
	}
	page := e.paymentPage(url.Values{"status": {"paid"}, "limit": {"100"}}, partnerAuth())
	if !slices.ContainsFunc(page.Payments, func(p map[string]any) bool { return p["id"] == float64(id) }) {
		t.Error("the list does not show the payment as paid")
	}

	again, err := e.srv.SetPaymentStatus(id, "paid")
	if err != nil || len(again.Deliveries) != 0 {
		t.Errorf("the same status again: %+v, %v; want no event", again, err)
	}
	if _, err := e.srv.SetPaymentStatus(id, "pending"); !errors.Is(err, ErrInvalidTransition) {
		t.Errorf("paid -> pending: %v, want ErrInvalidTransition", err)
	}
	if _, err := e.srv.SetPaymentStatus(id, "refunded"); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("unknown status: %v, want ErrInvalidInput", err)
	}
	if _, err := e.srv.SetPaymentStatus(1, "paid"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown payment: %v, want ErrNotFound", err)
	}
	expectStatus(t, e.do(http.MethodPost, "/_sandbox/payments/x/status", map[string]any{"status": "paid"}, nil), http.StatusBadRequest)
	expectStatus(t, e.do(http.MethodPost, "/_sandbox/payments/50001/status", map[string]any{"status": "pending"}, nil), http.StatusConflict)
}

// The payment route's robustness case.
func init() { addRobustCases(map[string]robustCase{RouteListPayments: {}}) }
