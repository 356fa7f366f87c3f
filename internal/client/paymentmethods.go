// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
)

// Payment methods: a merchant's card brands and wallets, listed with their
// status and activated one by one (4.2, 4.3).

// PaymentMethod is one entry of the payment-method list.
type PaymentMethod struct {
	Method      string  `json:"method"`
	Status      string  `json:"status"`
	ActivatedAt *string `json:"activatedAt,omitempty"`
}

// PaymentMethodList is a merchant's payment methods, as ListPaymentMethods
// answers them.
const PaymentMethodList ListKind = "payment methods"

// ListPaymentMethods lists a merchant's payment methods and their status (4.2).
func (c *Client) ListPaymentMethods(ctx context.Context, merchantID int64) ([]PaymentMethod, error) {
	var out []PaymentMethod
	if err := c.do(ctx, partnerRead("list payment methods", merchantPath(merchantID, "/card-payments/payment-methods")), nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ActivatePaymentMethod activates a payment method (4.3) and returns the
// method's entry when the answer is one (activatedEntry), else nil. The
// reference publishes neither body nor answer: "{}" is sent, and no answer
// of a successful call, a body of any shape or none, is an error.
// Activating an active method leaves it active, so the call is repeatable.
func (c *Client) ActivatePaymentMethod(ctx context.Context, merchantID int64, method string) (*PaymentMethod, error) {
	const op = "activate payment method"
	if err := requireSegment(op, "payment method", method); err != nil {
		return nil, err
	}
	path := merchantPath(merchantID, "/card-payments/payment-methods/"+url.PathEscape(method)+"/activate")
	ep := partnerRepeatable(op, http.MethodPost, path).changing(PaymentMethodList, merchantID)
	var answer unpublishedAnswer
	if err := c.do(ctx, ep, nil, &answer); err != nil {
		return nil, err
	}
	return activatedEntry(answer, method), nil
}

// activatedEntry is the answer to the activation of method when it is that
// method's entry, active and with its activation time, as the sandbox
// answers: what the list would show, so the caller need not read it. The
// pages do not publish the answer; anything else (no body, another shape,
// another method or status, no activatedAt) is nil, and the caller reads
// the list instead.
func activatedEntry(answer []byte, method string) *PaymentMethod {
	var entry PaymentMethod
	if json.Unmarshal(answer, &entry) != nil || !SameMethod(entry.Method, method) || !entry.Active() ||
		entry.ActivatedAt == nil || strings.TrimSpace(*entry.ActivatedAt) == "" {
		return nil
	}
	return &entry
}

// Active reports whether the service lists the method as active.
func (m PaymentMethod) Active() bool {
	return strings.EqualFold(strings.TrimSpace(m.Status), PaymentMethodActive)
}

// PaymentMethodActive is the status of an active payment method.
const PaymentMethodActive = "active"

// SameMethod compares payment-method names case-insensitively: the service
// may answer "VISA" to a request for "visa".
func SameMethod(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}
