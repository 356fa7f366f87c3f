// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"fmt"
	"net/http"
	"strings"
)

// Payment methods: a merchant's card brands and wallets, listed and
// activated one by one; only the admin surface deactivates one.

// The routes of payment methods.
const (
	// RouteListPaymentMethods lists a merchant's payment methods.
	RouteListPaymentMethods = "GET " + merchantRoutePrefix + "/card-payments/payment-methods"
	// RouteActivatePaymentMethod activates one payment method.
	RouteActivatePaymentMethod = "POST " + merchantRoutePrefix + "/card-payments/payment-methods/{method}/activate"
)

func init() { registerArea("paymentmethods", (*Server).paymentMethodRoutes) }

// paymentMethodRoutes registers the routes of payment methods and the
// admin operation that deactivates one.
func (s *Server) paymentMethodRoutes() {
	s.api(RouteListPaymentMethods, s.partner(s.listPaymentMethods))
	s.api(RouteActivatePaymentMethod, s.partner(s.activatePaymentMethod))
	s.admin("POST /_sandbox/merchants/{merchantId}/payment-methods/{method}/deactivate", func(r *http.Request) (int, any, error) {
		id, err := parseMerchantID(r.PathValue("merchantId"))
		if err != nil {
			return 0, nil, err
		}
		pm, err := s.deactivate(id, r.PathValue("method"))
		return http.StatusOK, pm, err
	})
}

// PaymentMethod is one entry of the payment-method list. ActivatedAt is
// present for active methods only.
type PaymentMethod struct {
	Method      string `json:"method"`
	Status      string `json:"status"`
	ActivatedAt string `json:"activatedAt,omitempty"`
}

// MerchantPaymentMethod is a payment-method entry together with its merchant.
type MerchantPaymentMethod struct {
	MerchantID int64 `json:"merchantId"`
	PaymentMethod
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

func (m *merchantState) method(name string) *PaymentMethod {
	for _, pm := range m.methods {
		if pm.Method == name {
			return pm
		}
	}
	return nil
}

func (m *merchantState) methodNames() []string {
	names := make([]string, len(m.methods))
	for i, pm := range m.methods {
		names[i] = pm.Method
	}
	return names
}

// DeactivatePaymentMethod turns an active method inactive behind the
// provider's back, to simulate drift.
func (s *Server) DeactivatePaymentMethod(merchantID int64, method string) error {
	_, err := s.deactivate(merchantID, method)
	return err
}

func (s *Server) deactivate(merchantID int64, method string) (PaymentMethod, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.st.merchants[merchantID]
	if !ok {
		return PaymentMethod{}, fmt.Errorf("merchant %d: %w", merchantID, ErrNotFound)
	}
	pm := m.method(strings.ToLower(method))
	if pm == nil {
		return PaymentMethod{}, fmt.Errorf("payment method %q of merchant %d: %w", method, merchantID, ErrNotFound)
	}
	pm.Status, pm.ActivatedAt = statusInactive, ""
	return *pm, nil
}
