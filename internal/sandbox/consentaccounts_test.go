// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"net/http"
	"net/url"
	"testing"
	"time"
)

func consentAccountsPath(id string) string {
	return "/v1/ais/consents/" + url.PathEscape(id) + "/accounts"
}

// An authorized consent covers its user's accounts, in the published
// shape, linked when it was authorized; a pending one none yet; one that
// ended none any more (403).
func TestConsentAccounts(t *testing.T) {
	e := newEnv(t)
	r := e.ais("/v1/ais/consents", consentBody())
	requestID := get[string](t, r.obj(t), "requestId")
	r = e.do(http.MethodGet, consentAccountsPath(requestID), nil, bearer(DemoAccessToken))
	if expectStatus(t, r, http.StatusOK); string(r.raw) != "[]\n" {
		t.Errorf("accounts of a pending consent = %s", r.raw)
	}

	e.clock.Advance(90 * time.Second)
	if err := e.srv.AuthorizeConsent(requestID); err != nil {
		t.Fatal(err)
	}
	consent := e.do(http.MethodGet, "/v1/ais/consents/"+requestID, nil, bearer(DemoAccessToken)).obj(t)
	consentID := get[string](t, consent, "consentId")
	r = e.do(http.MethodGet, consentAccountsPath(consentID), nil, bearer(DemoAccessToken))
	expectStatus(t, r, http.StatusOK)
	var accounts []map[string]any
	mustUnmarshal(t, r.raw, &accounts)
	if len(accounts) != 3 {
		t.Fatalf("accounts = %s", r.raw)
	}
	expectKeys(t, accounts[0], "accountId", "iban", "accountHolderName", "bankId", "currency", "isActive", "accountDetails", "createdAt", "updatedAt")
	if accounts[0]["accountId"] != "acc-1001-dkk" || accounts[0]["iban"] != "DK5000400440116243" || accounts[0]["isActive"] != true ||
		accounts[0]["createdAt"] != "2026-01-15T12:01:30Z" || accounts[0]["updatedAt"] != consent["updatedAt"] {
		t.Errorf("first account = %v", accounts[0])
	}
	details := get[map[string]any](t, accounts[0], "accountDetails")
	expectKeys(t, details, "accountType", "accountFeatures")
	if details["accountType"] != "CURRENT" || len(get[[]any](t, details, "accountFeatures")) != 1 {
		t.Errorf("accountDetails = %v", details)
	}
	if features := get[[]any](t, accounts[2], "accountDetails", "accountFeatures"); accounts[2]["accountId"] != "acc-1001-sek" || len(features) != 0 {
		t.Errorf("savings account = %v", accounts[2])
	}

	// A minted token of the consent's user reads it with any permission;
	// another user's token does not.
	expectStatus(t, e.do(http.MethodGet, consentAccountsPath(consentID), nil, bearer(e.mintToken("user-1001", "ais:balance:read"))), http.StatusOK)
	expectMessage(t, e.do(http.MethodGet, consentAccountsPath(consentID), nil, bearer(e.mintToken("user-1001-big", "ais:accounts:read"))),
		http.StatusUnauthorized, "not user user-1001")
	expectMessage(t, e.do(http.MethodGet, consentAccountsPath(consentID), nil, bearer(OtherAccessToken)), http.StatusNotFound, "not found")
	expectMessage(t, e.do(http.MethodGet, consentAccountsPath("ta:nope"), nil, bearer(DemoAccessToken)), http.StatusNotFound, "not found")
	expectStatus(t, e.do(http.MethodGet, consentAccountsPath(consentID), nil, nil), http.StatusUnauthorized)

	if err := e.srv.RevokeConsent(requestID); err != nil {
		t.Fatal(err)
	}
	expectMessage(t, e.do(http.MethodGet, consentAccountsPath(consentID), nil, bearer(DemoAccessToken)), http.StatusForbidden, "is revoked")
}

// A user without bank data has an authorized consent that covers nothing.
func TestConsentAccountsOfUserWithoutBankData(t *testing.T) {
	e := newEnv(t)
	body := consentBody()
	body["userId"] = "user-without-bank"
	id := e.authorizedConsent(body)
	r := e.do(http.MethodGet, consentAccountsPath(id), nil, bearer(DemoAccessToken))
	if expectStatus(t, r, http.StatusOK); string(r.raw) != "[]\n" {
		t.Errorf("accounts = %s", r.raw)
	}
}

// The consent accounts route's robustness case: the pending consent of
// consents_test.go.
func init() {
	addRobustCases(map[string]robustCase{RouteListConsentAccounts: {path: map[string]string{"consentId": robustConsentID}}})
}
