// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import "net/http"

// consentAccount is one account a consent covers, in the published shape:
// the data of POST /v1/ais/accounts, isActive, and accountDetails reduced
// to accountType and accountFeatures.
type consentAccount struct {
	AccountID         string                `json:"accountId"`
	IBAN              string                `json:"iban"`
	AccountHolderName string                `json:"accountHolderName"`
	BankID            string                `json:"bankId"`
	Currency          string                `json:"currency"`
	IsActive          bool                  `json:"isActive"`
	AccountDetails    consentAccountDetails `json:"accountDetails"`
	CreatedAt         string                `json:"createdAt"`
	UpdatedAt         string                `json:"updatedAt"`
}

// The routes of the accounts a consent covers.
const (
	// RouteListConsentAccounts lists the accounts a consent covers.
	RouteListConsentAccounts = "GET /v1/ais/consents/{consentId}/accounts"
)

func init() { registerArea("consentaccounts", (*Server).consentAccountRoutes) }

// consentAccountRoutes registers the route of the accounts a consent
// covers.
func (s *Server) consentAccountRoutes() {
	s.api(RouteListConsentAccounts, s.ais(s.listConsentAccounts))
}

type consentAccountDetails struct {
	AccountType     string   `json:"accountType"`
	AccountFeatures []string `json:"accountFeatures"`
}

// accountFeatures are the published example's "payments" for a current
// account; the sandbox knows no feature of other account types.
func accountFeatures(accountType string) []string {
	if accountType == "CURRENT" {
		return []string{"payments"}
	}
	return []string{}
}

// listConsentAccounts answers the accounts a consent covers, named like
// the consent read (consent ID, or the sandbox's request ID), with a token
// of the consent's user and merchant (any permission, as for the other
// consent calls). An authorized consent covers every account of its user
// (none for a user without bank data), linked when it was authorized
// (createdAt and updatedAt); a pending consent covers none yet ([]); an
// expired, revoked or failed one no longer gives access (403). The accounts
// are part of the consent, so no consent permission is needed.
func (s *Server) listConsentAccounts(c *aisCall) (int, any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec, err := s.pathConsent(c)
	if err != nil {
		return 0, nil, err
	}
	switch rec.Status {
	case consentPending:
		return http.StatusOK, []consentAccount{}, nil
	case consentAuthorized:
	default:
		return 0, nil, errorf(http.StatusForbidden, "consent %s is %s: its accounts can no longer be read", rec.RequestID, rec.Status)
	}
	out := []consentAccount{}
	if u := s.bank[userKey{rec.MerchantID, rec.UserID}]; u != nil {
		for _, a := range u.accounts {
			out = append(out, consentAccount{
				AccountID: a.AccountID, IBAN: a.IBAN, AccountHolderName: a.AccountHolderName, BankID: a.BankID,
				Currency: a.Currency, IsActive: true,
				AccountDetails: consentAccountDetails{AccountType: a.AccountType, AccountFeatures: accountFeatures(a.AccountType)},
				// An authorized consent's updatedAt is its authorization.
				CreatedAt: rec.UpdatedAt, UpdatedAt: rec.UpdatedAt,
			})
		}
	}
	return http.StatusOK, out, nil
}
