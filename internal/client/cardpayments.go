// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"net/http"
	"net/url"
)

// Card payments: the online SDK's token and a payment's status.

// CreateSDKToken issues a short-lived token for the online payment SDK on
// the merchant's web page, for terminalID when not empty. Each payment
// session needs a fresh one, so asking again is harmless: repeatable.
func (c *Client) CreateSDKToken(ctx context.Context, merchantID int64, terminalID string) (string, error) {
	ep := partnerRepeatable("create online SDK token", http.MethodPost, merchantPath(merchantID, "/card-payments/auth-token"))
	var out tokenAnswer
	if err := c.do(ctx, ep, struct {
		TerminalID string `json:"terminalId,omitempty"`
	}{terminalID}, &out); err != nil {
		return "", err
	}
	return out.Token, nil
}

// CardPayment is the status of a card payment. Amount is as the service
// sent it; its unit is not published.
type CardPayment struct {
	PaymentID FlexibleID `json:"paymentId"`
	Status    string     `json:"status"`
	Amount    Decimal    `json:"amount"`
	Currency  string     `json:"currency"`
}

func (p *CardPayment) validate() error {
	if p.Status == "" {
		return errors.New(`no "status"`)
	}
	return nil
}

// GetCardPayment reads a card payment's status.
func (c *Client) GetCardPayment(ctx context.Context, merchantID int64, paymentID string) (*CardPayment, error) {
	const op = "get card payment status"
	if err := requireSegment(op, "payment ID", paymentID); err != nil {
		return nil, err
	}
	path := merchantPath(merchantID, "/card-payments/payments/"+url.PathEscape(paymentID)+"/status")
	return doDecoded[CardPayment](ctx, c, partnerRead(op, path), nil)
}
