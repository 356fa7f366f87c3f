// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client_test

import (
	"context"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// ListConsentAccounts reads an authorized consent's accounts with a token
// the client mints for the consent's user, and with a static token.
func TestListConsentAccountsAgainstSandbox(t *testing.T) {
	sb := sandboxtest.Start(t)
	srv, url := sb.Server, sb.URL
	minting := demoClient(t, url)
	static := demoClient(t, url, func(c *client.Config) { c.AccessToken = sandbox.DemoAccessToken })
	ctx := t.Context()
	perms := []string{"ReadAccountsDetail", "ReadBalances"}
	consent, err := minting.CreateConsent(ctx, client.ConsentRequest{
		MerchantID: 1001, UserID: "user-1001", Permissions: perms,
		ExpirationDateTime: time.Now().Add(time.Hour).UTC().Format(time.RFC3339), TransactionFromDateTime: "2025-01-01T00:00:00Z",
	})
	if err != nil {
		t.Fatal(err)
	}
	scope := client.ConsentScope(1001, "user-1001", perms)
	if accounts, err := minting.ListConsentAccounts(ctx, scope, consent.RequestID); err != nil || len(accounts) != 0 {
		t.Fatalf("accounts of a pending consent = %+v, %v", accounts, err)
	}
	if err := srv.AuthorizeConsent(consent.RequestID); err != nil {
		t.Fatal(err)
	}
	read, err := minting.GetConsent(ctx, scope, consent.RequestID)
	if err != nil || read.ConsentID == nil {
		t.Fatalf("GetConsent = %+v, %v", read, err)
	}
	for name, c := range map[string]*client.Client{"minted": minting, "static": static} {
		accounts, err := c.ListConsentAccounts(ctx, scope, *read.ConsentID)
		if err != nil || len(accounts) != 3 || accounts[0].AccountID != "acc-1001-dkk" || !accounts[0].IsActive ||
			string(accounts[0].AccountDetails["accountType"]) != `"CURRENT"` || accounts[0].CreatedAt == "" {
			t.Errorf("%s token: ListConsentAccounts = %+v, %v", name, accounts, err)
		}
	}
	if _, err := minting.ListConsentAccounts(ctx, client.ConsentScope(1001, "user-1001-big", perms), *read.ConsentID); !client.IsUnauthorized(err) {
		t.Errorf("another user's token: %v, want a 401", err)
	}
}

// The area's operations for the published examples' tests (decoders).
func init() {
	client.AddDecoders(map[string]client.Decoder{
		"listConsentAccounts": func(ctx context.Context, c *client.Client) error {
			_, err := c.ListConsentAccounts(ctx, client.ConsentScope(1, "user_35100188", nil), "ta:9bQx2LmN:Fr7kPz1W")
			return err
		},
	})
}
