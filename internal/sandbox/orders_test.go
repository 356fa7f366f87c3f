// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"net/http"
	"testing"
)

// createOrder creates an order for merchant and returns the create answer.
func (e *env) createOrder(merchant string) map[string]any {
	e.t.Helper()
	r := e.partner(http.MethodPost, "/v1/partner/merchants/"+merchant+"/card-payments/orders",
		map[string]any{"amount": 10000, "currency": "DKK", "reference": "ref-" + merchant, "description": "not returned"})
	expectStatus(e.t, r, http.StatusCreated)
	return r.obj(e.t)
}

func TestGuideMerchantOrderHasNoLinkOrNonce(t *testing.T) {
	e := newEnv(t)
	expectKeys(t, e.createOrder("1003"), "order")
	if o := e.srv.Snapshot().Orders[0]; o.PaymentLink != "" || o.Nonce != "" {
		t.Errorf("guide order = %+v, want neither link nor nonce", o)
	}
}

func TestGetOrder(t *testing.T) {
	e := newEnv(t)
	created := get[map[string]any](t, e.createOrder("1001"), "order")
	id := get[string](t, created, "orderId")

	r := e.partner(http.MethodGet, ordersPath+"/"+id, nil)
	expectStatus(t, r, http.StatusOK)
	body := r.obj(t)
	expectKeys(t, body, "order")
	order := get[map[string]any](t, body, "order")
	expectKeys(t, order, "orderId", "status", "amount", "currency", "reference", "payments")
	for _, k := range []string{"orderId", "status", "amount", "currency", "reference"} {
		if order[k] != created[k] {
			t.Errorf("%s = %v, created as %v", k, order[k], created[k])
		}
	}
	if payments := get[[]any](t, order, "payments"); len(payments) != 0 {
		t.Errorf("payments = %v, want []", payments)
	}
	expectStatus(t, e.partner(http.MethodGet, ordersPath+"/"+id, "{}"), http.StatusOK)
}

func TestGetOrderErrors(t *testing.T) {
	e := newEnv(t)
	mine := get[string](t, e.createOrder("1001"), "order", "orderId")
	sibling := get[string](t, e.createOrder("1002"), "order", "orderId")

	expectMessage(t, e.partner(http.MethodGet, ordersPath+"/ord_nope", nil), http.StatusNotFound, `order "ord_nope" not found for merchant 1001`)
	// Another merchant's order, even of the same partner, is unknown here.
	expectMessage(t, e.partner(http.MethodGet, ordersPath+"/"+sibling, nil), http.StatusNotFound, "not found for merchant 1001")
	expectMessage(t, e.partner(http.MethodGet, ordersPath+"/"+mine, `{"x":1}`), http.StatusBadRequest, `unknown field "x"`)
	expectMessage(t, e.do(http.MethodGet, ordersPath+"/"+mine, nil, otherPartnerAuth()), http.StatusForbidden, "not managed by this partner")
	expectMessage(t, e.do(http.MethodGet, "/v1/partner/merchants/2001/card-payments/orders/"+mine, nil, otherPartnerAuth()),
		http.StatusNotFound, "not found for merchant 2001")
}

// robustOrderID is the order of merchant 1001 the robustness server holds.
const robustOrderID = "ord_robustness"

// The order routes' robustness cases, and the order they read.
func init() {
	addRobustCases(map[string]robustCase{
		RouteCreateOrder: {body: map[string]any{"amount": 100, "currency": "DKK", "reference": "ref-1", "description": "test order"}},
		RouteGetOrder:    {path: map[string]string{"orderId": robustOrderID}},
	})
	addRobustSeed(func(srv *Server) {
		srv.st.orders = append(srv.st.orders, Order{
			MerchantID: 1001, OrderID: robustOrderID, Status: orderCreated, Amount: 100, Currency: "DKK", CreatedAt: fixtureCreatedAt,
		})
	})
}
