// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"net/url"
	"strconv"
)

// Account-to-account payments, the only paginated list of the partner API.

// Payment is an account-to-account payment. Amount is in major units, as
// the service sends it.
type Payment struct {
	ID               FlexibleID `json:"id"`
	ReferenceNumber  string     `json:"referenceNumber"`
	Amount           Decimal    `json:"amount"`
	Currency         string     `json:"currency"`
	Status           string     `json:"status"`
	MerchantClientID string     `json:"merchantClientId"`
	MerchantName     string     `json:"merchantName"`
	Description      string     `json:"description"`
	CreatedAt        string     `json:"createdAt"`
}

// PaymentFilter narrows a payment list; empty fields filter nothing.
type PaymentFilter struct {
	MerchantClientID string
	Status           string
}

// PaymentPage is one page of the payment list.
type PaymentPage struct {
	Payments []Payment `json:"payments"`
	Total    int64     `json:"total"`
	Page     int64     `json:"page"`
	Limit    int64     `json:"limit"`
}

func (p *PaymentPage) validate() error {
	if p.Payments == nil {
		return errors.New(`no "payments" array`)
	}
	return nil
}

// ListPayments reads one page (from 1) of at most limit payments.
func (c *Client) ListPayments(ctx context.Context, filter PaymentFilter, page, limit int64) (*PaymentPage, error) {
	q := url.Values{"page": {strconv.FormatInt(page, 10)}, "limit": {strconv.FormatInt(limit, 10)}}
	if filter.MerchantClientID != "" {
		q.Set("merchantClientId", filter.MerchantClientID)
	}
	if filter.Status != "" {
		q.Set("status", filter.Status)
	}
	return doDecoded[PaymentPage](ctx, c, partnerRead("list payments", "/v1/partner/payments?"+q.Encode()), nil)
}
