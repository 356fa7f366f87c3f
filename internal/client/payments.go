// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
)

// Card payments (the online SDK's token and a payment's status) and
// account-to-account payments, the only paginated list of the partner API.

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

// ConsentAccount is one account a consent covers.
type ConsentAccount struct {
	AccountID         string                     `json:"accountId"`
	IBAN              string                     `json:"iban"`
	AccountHolderName string                     `json:"accountHolderName"`
	BankID            string                     `json:"bankId"`
	Currency          string                     `json:"currency"`
	IsActive          bool                       `json:"isActive"`
	AccountDetails    map[string]json.RawMessage `json:"accountDetails,omitempty"`
	CreatedAt         string                     `json:"createdAt"`
	UpdatedAt         string                     `json:"updatedAt"`
}

// ListConsentAccounts lists the accounts a consent covers, with a token of
// scope's user.
func (c *Client) ListConsentAccounts(ctx context.Context, scope DataScope, consentID string) ([]ConsentAccount, error) {
	const op = "list consent accounts"
	if err := requireSegment(op, "consent ID", consentID); err != nil {
		return nil, err
	}
	ep := aisRepeatable(op, http.MethodGet, consentPath(consentID)+"/accounts", scope)
	var out consentAccountList
	if err := c.do(ctx, ep, nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

type consentAccountList []ConsentAccount

func (l *consentAccountList) UnmarshalJSON(data []byte) error {
	return decodeList(data, (*[]ConsentAccount)(l), "accounts", "data")
}

func (l consentAccountList) validate() error {
	for i, a := range l {
		if a.AccountID == "" {
			return fmt.Errorf(`account %d of the list has no "accountId"`, i)
		}
	}
	return nil
}
