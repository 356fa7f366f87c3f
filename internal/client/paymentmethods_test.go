// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"net/http"
	"testing"
)

// paymentMethodOps are the endpoints of payment methods, for TestEndpoints and the retry tests.
func paymentMethodOps() []opCase {
	return []opCase{
		{
			name: "ListPaymentMethods",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.ListPaymentMethods(ctx, 1002)
			},
			method:     http.MethodGet,
			path:       "/v1/partner/merchants/1002/card-payments/payment-methods",
			status:     http.StatusOK,
			respBody:   `[{"method":"visa","status":"active","activatedAt":"2025-01-02T03:04:05Z"},{"method":"amex","status":"inactive"}]`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				methods, ok := got.([]PaymentMethod)
				if !ok || len(methods) != 2 {
					t.Fatalf("got %#v, want two methods", got)
				}
				if m := methods[0]; m.Method != "visa" || m.Status != "active" || m.ActivatedAt == nil || *m.ActivatedAt != "2025-01-02T03:04:05Z" {
					t.Errorf("first method = %+v", m)
				}
				if m := methods[1]; m.Method != "amex" || m.Status != "inactive" || m.ActivatedAt != nil {
					t.Errorf("second method = %+v, want activatedAt nil", m)
				}
			},
		},
		{
			name: "ActivatePaymentMethod",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.ActivatePaymentMethod(ctx, 1001, "amex")
			},
			method:     http.MethodPost,
			path:       "/v1/partner/merchants/1001/card-payments/payment-methods/amex/activate",
			reqBody:    `{}`,
			status:     http.StatusOK,
			respBody:   `{"method":"AMEX","status":"active","activatedAt":"2025-01-02T03:04:05Z"}`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				m, ok := got.(*PaymentMethod)
				if !ok || m == nil || m.Method != "AMEX" || !m.Active() || m.ActivatedAt == nil || *m.ActivatedAt != "2025-01-02T03:04:05Z" {
					t.Errorf("got %#v, want the entry the answer carries", got)
				}
			},
		},
	}
}

// An answer that is not the method's active entry, with its activation
// time, is no error: the call returns no entry, and the caller reads the
// list instead. The answer is not published, so every shape is accepted.
func TestActivateAcceptsEveryAnswer(t *testing.T) {
	for name, r := range map[string]reply{
		"no content":         {status: http.StatusNoContent, header: map[string]string{"Content-Type": "text/plain"}},
		"empty 200":          {status: http.StatusOK},
		"plain text":         {status: http.StatusOK, header: map[string]string{"Content-Type": "text/plain"}, body: "activated"},
		"status only":        {status: http.StatusOK, body: `{"status":"OK"}`},
		"another method":     {status: http.StatusOK, body: `{"method":"swish","status":"active","activatedAt":"2025-01-02T03:04:05Z"}`},
		"not active":         {status: http.StatusOK, body: `{"method":"amex","status":"pending"}`},
		"without activation": {status: http.StatusOK, body: `{"method":"amex","status":"active"}`},
		"blank activation":   {status: http.StatusOK, body: `{"method":"amex","status":"active","activatedAt":" "}`},
		"an array":           {status: http.StatusOK, body: `[{"method":"amex","status":"active","activatedAt":"2025-01-02T03:04:05Z"}]`},
	} {
		t.Run(name, func(t *testing.T) {
			api := newFakeAPI(t, r)
			entry, err := api.client(t).ActivatePaymentMethod(t.Context(), 1001, "amex")
			if err != nil || entry != nil {
				t.Errorf("ActivatePaymentMethod = %+v, %v; want no entry and no error", entry, err)
			}
		})
	}
}

func TestSameMethod(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"visa", "VISA", true},
		{"MobilePay", "mobilepay", true},
		{"visa", "mastercard", false},
		{"amex", "amex ", true},
	} {
		if got := SameMethod(tc.a, tc.b); got != tc.want {
			t.Errorf("SameMethod(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// The area's endpoints for TestEndpoints and the retry tests (opCases),
// and its operations for the published examples' tests (decoders).
func init() {
	addOpCases(paymentMethodOps)
	addDecoders(map[string]Decoder{
		"listPaymentMethods": func(ctx context.Context, c *Client) error {
			_, err := c.ListPaymentMethods(ctx, 1)
			return err
		},
		"activatePaymentMethod": func(ctx context.Context, c *Client) error {
			_, err := c.ActivatePaymentMethod(ctx, 1, "amex")
			return err
		},
	})
}
