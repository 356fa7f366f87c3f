// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// consentOps are the endpoints of consents, for TestEndpoints and the retry tests.
func consentOps() []opCase {
	return []opCase{
		{
			name: "CreateConsent",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.CreateConsent(ctx, ConsentRequest{
					MerchantID: 1001, UserID: "user-1001", Permissions: []string{"ReadAccountsDetail", "ReadBalances"},
					ExpirationDateTime: "2026-12-31T00:00:00Z", TransactionFromDateTime: "2025-01-01T00:00:00Z",
				})
			},
			method:  http.MethodPost,
			path:    "/v1/ais/consents",
			bearer:  true,
			reqBody: `{"merchantId":1001,"userId":"user-1001","permissions":["ReadAccountsDetail","ReadBalances"],"expirationDateTime":"2026-12-31T00:00:00Z","transactionFromDateTime":"2025-01-01T00:00:00Z"}`,
			status:  http.StatusCreated,
			respBody: `{"requestId":"r-1","merchantId":1001,"userId":"user-1001","permissions":["ReadAccountsDetail","ReadBalances"],
				"expirationDateTime":"2026-12-31T00:00:00Z","transactionFromDateTime":"2025-01-01T00:00:00Z","status":"pending",
				"createdAt":"2025-06-01T00:00:00Z","updatedAt":"2025-06-01T00:00:00Z","authorizationUrl":"https://bank.example/auth"}`,
			check: func(t *testing.T, got any) {
				cons, ok := got.(*Consent)
				if !ok || cons.RequestID != "r-1" || cons.MerchantID != 1001 || cons.Status != "pending" || len(cons.Permissions) != 2 {
					t.Fatalf("got %#v", got)
				}
				if cons.AuthorizationURL == nil || *cons.AuthorizationURL != "https://bank.example/auth" {
					t.Errorf("AuthorizationURL = %v", cons.AuthorizationURL)
				}
				if cons.ConsentID != nil || cons.ErrorMessage != nil {
					t.Errorf("ConsentID/ErrorMessage = %v/%v, want nil when absent", cons.ConsentID, cons.ErrorMessage)
				}
			},
		},
		{
			name: "GetConsent",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.GetConsent(ctx, testScope, "ta:6Cpoq:BzQQ")
			},
			method: http.MethodGet,
			path:   "/v1/ais/consents/ta:6Cpoq:BzQQ",
			bearer: true,
			status: http.StatusOK,
			respBody: `{"requestId":"r-1","merchantId":1,"userId":"user_35100188","permissions":["ReadBalances"],
				"expirationDateTime":"2026-12-31T00:00:00Z","transactionFromDateTime":"2025-01-01T00:00:00Z","status":"revoked",
				"createdAt":"2025-06-01T00:00:00Z","updatedAt":"2025-07-01T00:00:00Z","consentId":"ta:6Cpoq:BzQQ"}`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				cons, ok := got.(*Consent)
				if !ok || cons.Status != "revoked" || cons.ConsentID == nil || *cons.ConsentID != "ta:6Cpoq:BzQQ" || cons.UpdatedAt != "2025-07-01T00:00:00Z" {
					t.Errorf("got %#v", got)
				}
			},
		},
		{
			name: "AuthorizeConsent",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.AuthorizeConsent(ctx, testScope, "req_1")
			},
			method:     http.MethodPost,
			path:       "/v1/ais/consents/req_1/authorize",
			bearer:     true,
			reqBody:    `{}`,
			status:     http.StatusOK,
			respBody:   `{"authorizationUrl":"https://bank.example/authorize?session=2"}`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				if got != "https://bank.example/authorize?session=2" {
					t.Errorf("got %#v", got)
				}
			},
		},
	}
}

func TestAuthorizeConsentNeedsURL(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `{}`})
	if _, err := api.client(t).AuthorizeConsent(t.Context(), testScope, "req_1"); err == nil || !strings.Contains(err.Error(), `no "authorizationUrl"`) {
		t.Errorf("err = %v, want the missing URL named", err)
	}
}

// The area's endpoints for TestEndpoints and the retry tests (opCases),
// and its operations for the published examples' tests (decoders).
func init() {
	addOpCases(consentOps)
	addDecoders(map[string]Decoder{
		"createConsent": func(ctx context.Context, c *Client) error {
			_, err := c.CreateConsent(ctx, ConsentRequest{MerchantID: 1, UserID: "user_35100188"})
			return err
		},
		"getConsent": func(ctx context.Context, c *Client) error {
			_, err := c.GetConsent(ctx, ConsentScope(1, "user_35100188", nil), "ta:9bQx2LmN:Fr7kPz1W")
			return err
		},
		"authorizeConsent": func(ctx context.Context, c *Client) error {
			_, err := c.AuthorizeConsent(ctx, ConsentScope(1, "user_35100188", nil), "ta:9bQx2LmN:Fr7kPz1W")
			return err
		},
	})
}
