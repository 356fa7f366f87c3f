// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// Orders: card-payment orders, created and read; only the admin surface
// moves their status.

// The routes of orders.
const (
	// RouteCreateOrder creates a payment order.
	RouteCreateOrder = "POST " + merchantRoutePrefix + "/card-payments/orders"
	// RouteGetOrder reads one order.
	RouteGetOrder = "GET " + merchantRoutePrefix + "/card-payments/orders/{orderId}"
)

func init() { registerArea("orders", (*Server).orderRoutes) }

// orderRoutes registers the routes of orders and the admin operation that
// moves an order.
func (s *Server) orderRoutes() {
	s.api(RouteCreateOrder, s.partner(s.createOrder))
	s.api(RouteGetOrder, s.partner(s.getOrder))
	s.admin("POST /_sandbox/orders/{orderId}/status", s.adminOrderStatus)
}

// Order statuses, and the hosted payment page of an order.
const (
	orderCreated   = "CREATED"
	orderPaid      = "PAID"
	orderCancelled = "CANCELLED"
	orderRefunded  = "REFUNDED"

	paymentLinkPrefix = "https://pay.sandbox.cardpay.example/orders/"
)

// currencies are the order currencies the sandbox accepts.
var currencies = []string{"DKK", "EUR", "SEK"}

// Order is a card-payment order, including the description the API does
// not return. PaymentLink and Nonce are what the create answer carried
// next to the order (reference-variant merchants only).
type Order struct {
	MerchantID  int64  `json:"merchantId"`
	OrderID     string `json:"orderId"`
	Status      string `json:"status"`
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference"`
	Description string `json:"description,omitempty"`
	CreatedAt   string `json:"createdAt"`
	PaymentLink string `json:"paymentLink,omitempty"`
	Nonce       string `json:"nonce,omitempty"`
}

type orderRequest struct {
	Amount      *int64 `json:"amount"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference"`
	Description string `json:"description"`
}

type orderBody struct {
	OrderID   string `json:"orderId"`
	Status    string `json:"status"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Reference string `json:"reference"`
}

// orderCreateResponse carries paymentLink and nonce next to the order, as
// the service "may"; they are empty (left out) for guide merchants.
type orderCreateResponse struct {
	Order       orderBody `json:"order"`
	PaymentLink string    `json:"paymentLink,omitempty"`
	Nonce       string    `json:"nonce,omitempty"`
}

// orderDetail is the order read: the create fields plus its payments.
type orderDetail struct {
	orderBody
	Payments []any `json:"payments"`
}

type orderDetailResponse struct {
	Order orderDetail `json:"order"`
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

func (st *state) order(id string) *Order {
	for i := range st.orders {
		if st.orders[i].OrderID == id {
			return &st.orders[i]
		}
	}
	return nil
}

// Order statuses the admin surface can set. An order is paid or cancelled
// once, and only a paid order can be refunded.
var orderTransitions = map[string][]string{
	orderCreated: {orderPaid, orderCancelled},
	orderPaid:    {orderRefunded},
}

var settableOrderStatuses = []string{orderPaid, orderCancelled, orderRefunded}

// SetOrderStatus moves an order to PAID, CANCELLED or REFUNDED
// (ErrInvalidInput for other words); setting the current status again
// changes nothing, other moves than CREATED -> PAID | CANCELLED and
// PAID -> REFUNDED are ErrInvalidTransition.
func (s *Server) SetOrderStatus(orderID, status string) (Order, error) {
	if !slices.Contains(settableOrderStatuses, status) {
		return Order{}, badRequest("status must be one of %s, got %q", strings.Join(settableOrderStatuses, ", "), status)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	o := s.st.order(orderID)
	switch {
	case o == nil:
		return Order{}, fmt.Errorf("order %s: %w", orderID, ErrNotFound)
	case o.Status != status && !slices.Contains(orderTransitions[o.Status], status):
		return Order{}, fmt.Errorf("order %s is %s and cannot become %s: %w", orderID, o.Status, status, ErrInvalidTransition)
	}
	o.Status = status
	return *o, nil
}

func (s *Server) adminOrderStatus(r *http.Request) (int, any, error) {
	var req struct {
		Status string `json:"status"`
	}
	if err := s.adminBody(r, &req, true); err != nil {
		return 0, nil, err
	}
	o, err := s.SetOrderStatus(r.PathValue("orderId"), req.Status)
	return http.StatusOK, o, err
}
