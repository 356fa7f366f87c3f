// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
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

// ActivatePaymentMethod activates a payment method (4.3). The reference
// shows neither body nor response: "{}" is sent and the answer ignored.
// Activating an active method leaves it active, so the call is repeatable.
func (c *Client) ActivatePaymentMethod(ctx context.Context, merchantID int64, method string) error {
	const op = "activate payment method"
	if err := requireSegment(op, "payment method", method); err != nil {
		return err
	}
	path := merchantPath(merchantID, "/card-payments/payment-methods/"+url.PathEscape(method)+"/activate")
	ep := partnerRepeatable(op, http.MethodPost, path).changing(PaymentMethodList, merchantID)
	return c.do(ctx, ep, nil, nil)
}

// SameMethod compares payment-method names case-insensitively: the service
// may answer "VISA" to a request for "visa".
func SameMethod(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}
