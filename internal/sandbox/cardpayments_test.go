// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"errors"
	"net/http"
	"strings"
	"testing"
)

func cardPaymentPath(merchant, paymentID string) string {
	return merchantsPath + "/" + merchant + "/card-payments/payments/" + paymentID + "/status"
}

// Every order has a card payment, "pay_" plus the order ID's hex, CREATED
// with the order's amount; the admin surface moves it on.
func TestCardPaymentStatus(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodPost, ordersPath, map[string]any{"amount": 1000, "currency": "SEK"})
	expectStatus(t, r, http.StatusCreated)
	orderID := get[string](t, r.obj(t), "order", "orderId")
	paymentID := "pay_" + strings.TrimPrefix(orderID, "ord_")

	r = e.partner(http.MethodGet, cardPaymentPath("1001", paymentID), nil)
	expectStatus(t, r, http.StatusOK)
	got := r.obj(t)
	expectKeys(t, got, "paymentId", "status", "amount", "currency")
	if got["paymentId"] != paymentID || got["status"] != "CREATED" || got["amount"] != float64(1000) || got["currency"] != "SEK" {
		t.Errorf("status = %v", got)
	}

	expectMessage(t, e.partner(http.MethodGet, cardPaymentPath("1002", paymentID), nil), http.StatusNotFound, "not found for merchant 1002")
	expectMessage(t, e.partner(http.MethodGet, cardPaymentPath("1001", "pay_nope"), nil), http.StatusNotFound, `"pay_nope"`)
	expectStatus(t, e.partner(http.MethodGet, cardPaymentPath("1001", orderID), nil), http.StatusNotFound)
	expectStatus(t, e.do(http.MethodGet, cardPaymentPath("1001", paymentID), nil, otherPartnerAuth()), http.StatusForbidden)

	r = e.do(http.MethodPost, "/_sandbox/card-payments/"+paymentID+"/status", map[string]any{"status": "AUTHORIZED"}, nil)
	expectStatus(t, r, http.StatusOK)
	if st := e.partner(http.MethodGet, cardPaymentPath("1001", paymentID), nil).obj(t)["status"]; st != "AUTHORIZED" {
		t.Errorf("status after AUTHORIZED = %v", st)
	}
	captured, err := e.srv.SetCardPaymentStatus(paymentID, "CAPTURED")
	if err != nil || captured.Status != "CAPTURED" || captured.OrderID != orderID || captured.UpdatedAt == "" {
		t.Errorf("SetCardPaymentStatus = %+v, %v", captured, err)
	}
	if _, err := e.srv.SetCardPaymentStatus(paymentID, "CAPTURED"); err != nil {
		t.Errorf("the same status again: %v", err)
	}
	if _, err := e.srv.SetCardPaymentStatus(paymentID, "VOIDED"); !errors.Is(err, ErrInvalidTransition) {
		t.Errorf("CAPTURED -> VOIDED: %v, want ErrInvalidTransition", err)
	}
	if _, err := e.srv.SetCardPaymentStatus(paymentID, "PAID"); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("unknown status: %v, want ErrInvalidInput", err)
	}
	expectStatus(t, e.do(http.MethodPost, "/_sandbox/card-payments/pay_nope/status", map[string]any{"status": "FAILED"}, nil), http.StatusNotFound)
	if cps := e.srv.Snapshot().CardPayments; len(cps) != 1 || cps[0].PaymentID != paymentID || cps[0].Status != "CAPTURED" {
		t.Errorf("snapshot card payments = %+v", cps)
	}
	// The order itself is not linked to its payment.
	if order := e.partner(http.MethodGet, ordersPath+"/"+orderID, nil).obj(t); get[string](t, order, "order", "status") != "CREATED" {
		t.Errorf("order = %v", order)
	}
}

// The SDK token is fresh on every call; a terminalId must name an active
// terminal of the merchant.
func TestSDKToken(t *testing.T) {
	e := newEnv(t)
	path := merchantPath + "/card-payments/auth-token"
	r := e.partner(http.MethodPost, path, nil)
	expectStatus(t, r, http.StatusOK)
	first := r.obj(t)
	expectKeys(t, first, "token")
	second := e.partner(http.MethodPost, path, "{}").obj(t)
	if !strings.HasPrefix(get[string](t, first, "token"), "sdk_sandbox_") || first["token"] == second["token"] {
		t.Errorf("tokens %v and %v", first, second)
	}

	terminal := func(merchant string) string {
		r := e.partner(http.MethodPost, merchantsPath+"/"+merchant+"/card-payments/online-terminals", map[string]any{"onlineTerminalMode": "PaymentPage"})
		expectStatus(t, r, http.StatusCreated)
		return get[string](t, r.obj(t), "terminalId")
	}
	mine, theirs := terminal("1001"), terminal("1002")
	expectStatus(t, e.partner(http.MethodPost, path, map[string]any{"terminalId": mine}), http.StatusOK)
	expectMessage(t, e.partner(http.MethodPost, path, map[string]any{"terminalId": theirs}), http.StatusNotFound, "not found for merchant 1001")
	expectMessage(t, e.partner(http.MethodPost, path, map[string]any{"terminalId": "term_nope"}), http.StatusNotFound, "term_nope")
	expectMessage(t, e.partner(http.MethodPost, path, map[string]any{"terminalId": 7}), http.StatusBadRequest, `"terminalId" must be a string`)
	if _, err := e.srv.DeactivateTerminal(mine); err != nil {
		t.Fatal(err)
	}
	expectMessage(t, e.partner(http.MethodPost, path, map[string]any{"terminalId": mine}), http.StatusBadRequest, "INACTIVE")
	expectStatus(t, e.do(http.MethodPost, path, nil, otherPartnerAuth()), http.StatusForbidden)
}

// robustCardPaymentID is the card payment of the order robustOrderID.
const robustCardPaymentID = cardPaymentPrefix + "robustness"

// The card payment routes' robustness cases.
func init() {
	addRobustCases(map[string]robustCase{
		// terminalId is left out: the robustness server has no terminal
		// (TestSDKToken covers it).
		RouteCreateSDKToken:    {body: map[string]any{}},
		RouteCardPaymentStatus: {path: map[string]string{"paymentId": robustCardPaymentID}},
	})
}
