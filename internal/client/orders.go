// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
)

// Orders: card-payment orders, created (4.5) and read.

// OrderRequest is the body of POST .../orders.
type OrderRequest struct {
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference,omitempty"`
	Description string `json:"description,omitempty"`
}

// Order is the object under the "order" key of the create-order and
// get-order answers. Status is CREATED on creation and later PAID,
// CANCELLED or REFUNDED; any other word is kept as sent.
type Order struct {
	OrderID string `json:"orderId"`
	Status  string `json:"status"`
	// Amount is as the service sent it: a whole number of minor units on
	// the published pages, a decimal or a string accepted without loss.
	Amount    Decimal `json:"amount"`
	Currency  string  `json:"currency"`
	Reference string  `json:"reference"`
	// PaymentLink (payment-page terminals) and Nonce (online SDK) may come
	// with the create answer, next to the order or inside it; reads do not
	// carry them.
	PaymentLink *string `json:"paymentLink,omitempty"`
	Nonce       *string `json:"nonce,omitempty"`
}

// CreateOrder creates a card-payment order (4.5). The service wraps the
// order in an "order" object; the order itself is returned.
func (c *Client) CreateOrder(ctx context.Context, merchantID int64, req OrderRequest) (*Order, error) {
	ep := partnerCreate("create order", merchantPath(merchantID, "/card-payments/orders"), orderAdvice(merchantID, req.Reference))
	var out orderEnvelope
	if err := c.do(ctx, ep, req, &out); err != nil {
		return nil, err
	}
	return out.Order, nil
}

func orderAdvice(merchantID int64, reference string) string {
	if reference == "" {
		return fmt.Sprintf("the service may have created the order; check merchant %d's orders before applying again", merchantID)
	}
	return fmt.Sprintf("the service may have created the order; check merchant %d's orders for reference %q before applying again", merchantID, reference)
}

// GetOrder reads an order.
func (c *Client) GetOrder(ctx context.Context, merchantID int64, orderID string) (*Order, error) {
	const op = "get order"
	if err := requireSegment(op, "order ID", orderID); err != nil {
		return nil, err
	}
	var out orderEnvelope
	if err := c.do(ctx, partnerRead(op, merchantPath(merchantID, "/card-payments/orders/"+url.PathEscape(orderID))), nil, &out); err != nil {
		return nil, err
	}
	return out.Order, nil
}

// orderEnvelope is the answer of the order endpoints. The API reference
// wraps the order in "order", with a payment link and nonce perhaps beside
// it; the service's guide sends orderId, paymentLink and nonce at the top
// level. Either way the order ends up in Order, with the link and nonce.
type orderEnvelope struct {
	Order *Order
}

func (e *orderEnvelope) UnmarshalJSON(data []byte) error {
	var wrapped struct {
		Order *Order `json:"order"`
	}
	if err := json.Unmarshal(data, &wrapped); err != nil {
		return err
	}
	var top Order // the top level read as an order: flat answers, and the link and nonce beside a wrapped one
	if err := json.Unmarshal(data, &top); err != nil {
		return err
	}
	switch {
	case wrapped.Order != nil:
		e.Order = wrapped.Order
		e.Order.PaymentLink = cmp.Or(e.Order.PaymentLink, top.PaymentLink)
		e.Order.Nonce = cmp.Or(e.Order.Nonce, top.Nonce)
	case top.OrderID != "":
		e.Order = &top
	}
	return nil
}

func (e *orderEnvelope) validate() error {
	if e.Order == nil {
		return errors.New(`neither an "order" object nor an "orderId"`)
	}
	return nil
}
