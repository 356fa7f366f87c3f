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
)

// Consents: a user's account-information consent on the data API (4.8),
// read, authorized again, and the accounts it covers.

// ConsentRequest is the body of POST /v1/ais/consents.
type ConsentRequest struct {
	MerchantID              int64    `json:"merchantId"`
	UserID                  string   `json:"userId"`
	Permissions             []string `json:"permissions"`
	ExpirationDateTime      string   `json:"expirationDateTime"`
	TransactionFromDateTime string   `json:"transactionFromDateTime"`
	CallbackURL             string   `json:"callbackUrl,omitempty"`
}

// Consent is an account-information consent.
type Consent struct {
	RequestID               string   `json:"requestId"`
	MerchantID              int64    `json:"merchantId"`
	UserID                  string   `json:"userId"`
	Permissions             []string `json:"permissions"`
	ExpirationDateTime      string   `json:"expirationDateTime"`
	TransactionFromDateTime string   `json:"transactionFromDateTime"`
	Status                  string   `json:"status"`
	CreatedAt               string   `json:"createdAt"`
	UpdatedAt               string   `json:"updatedAt"`
	ConsentID               *string  `json:"consentId,omitempty"`
	AuthorizationURL        *string  `json:"authorizationUrl,omitempty"`
	ErrorMessage            *string  `json:"errorMessage,omitempty"`
}

// CreateConsent creates an AIS consent (4.8).
func (c *Client) CreateConsent(ctx context.Context, req ConsentRequest) (*Consent, error) {
	scope := ConsentScope(req.MerchantID, req.UserID, req.Permissions)
	ep := endpoint{
		op:           "create AIS consent",
		method:       http.MethodPost,
		path:         "/v1/ais/consents",
		auth:         DataAPI,
		scope:        &scope,
		maybeCreated: fmt.Sprintf("the service may have created a pending consent for user %q of merchant %d; check that user's consents before applying again", req.UserID, req.MerchantID),
	}
	return doDecoded[Consent](ctx, c, ep, req)
}

// GetConsent reads a consent of scope's user. The published path takes
// the data provider's consent ID, which exists once the user has
// authorized; whether the service also answers for a request ID is not
// published, so id may be either and a 404 for a request ID says nothing
// about the consent.
func (c *Client) GetConsent(ctx context.Context, scope DataScope, id string) (*Consent, error) {
	const op = "get AIS consent"
	if err := requireSegment(op, "consent ID", id); err != nil {
		return nil, err
	}
	ep := aisRepeatable(op, http.MethodGet, consentPath(id), scope)
	return doDecoded[Consent](ctx, c, ep, nil)
}

// AuthorizeConsent asks for a fresh bank authorization URL of a pending
// consent of scope's user. Asking twice only yields another URL, so it is
// repeatable.
func (c *Client) AuthorizeConsent(ctx context.Context, scope DataScope, id string) (string, error) {
	const op = "authorize AIS consent"
	if err := requireSegment(op, "consent ID", id); err != nil {
		return "", err
	}
	ep := aisRepeatable(op, http.MethodPost, consentPath(id)+"/authorize", scope)
	var out consentAuthorization
	if err := c.do(ctx, ep, nil, &out); err != nil {
		return "", err
	}
	return out.AuthorizationURL, nil
}

// consentAuthorization is the answer of POST /v1/ais/consents/{id}/authorize.
type consentAuthorization struct {
	AuthorizationURL string `json:"authorizationUrl"`
}

func (a *consentAuthorization) validate() error {
	if a.AuthorizationURL == "" {
		return errors.New(`no "authorizationUrl"`)
	}
	return nil
}

func consentPath(id string) string { return "/v1/ais/consents/" + url.PathEscape(id) }

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
