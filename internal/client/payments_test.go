// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

func TestCardPaymentsAgainstSandbox(t *testing.T) {
	sb := sandboxtest.Start(t)
	srv, url := sb.Server, sb.URL
	c := demoClient(t, url)
	ctx := t.Context()

	token, err := c.CreateSDKToken(ctx, 1001, "")
	if err != nil || token == "" {
		t.Fatalf("CreateSDKToken = %q, %v", token, err)
	}
	term, err := c.CreateOnlineTerminal(ctx, 1001, client.OnlineTerminalRequest{OnlineTerminalMode: "SelfHostedPage"})
	if err != nil {
		t.Fatal(err)
	}
	if again, err := c.CreateSDKToken(ctx, 1001, term.TerminalID); err != nil || again == token {
		t.Errorf("CreateSDKToken for a terminal = %q, %v; want a fresh token", again, err)
	}
	if _, err := c.CreateSDKToken(ctx, 1001, "term_unknown"); !client.IsNotFound(err) {
		t.Errorf("an unknown terminal: %v, want a 404", err)
	}

	order, err := c.CreateOrder(ctx, 1001, client.OrderRequest{Amount: 2500, Currency: "EUR"})
	if err != nil {
		t.Fatal(err)
	}
	paymentID := "pay_" + strings.TrimPrefix(order.OrderID, "ord_")
	got, err := c.GetCardPayment(ctx, 1001, paymentID)
	if err != nil || string(got.PaymentID) != paymentID || got.Status != "CREATED" || got.Amount != "2500" || got.Currency != "EUR" {
		t.Fatalf("GetCardPayment = %+v, %v", got, err)
	}
	if _, err := srv.SetCardPaymentStatus(paymentID, "CAPTURED"); err != nil {
		t.Fatal(err)
	}
	if got, err = c.GetCardPayment(ctx, 1001, paymentID); err != nil || got.Status != "CAPTURED" {
		t.Errorf("GetCardPayment after capture = %+v, %v", got, err)
	}
	if _, err := c.GetCardPayment(ctx, 1002, paymentID); !client.IsNotFound(err) {
		t.Errorf("another merchant's payment: %v, want a 404", err)
	}
}

// ListPayments pages through one merchant's 45 fixture payments.
func TestListPaymentsAgainstSandbox(t *testing.T) {
	// Page 0 breaks the contract on purpose.
	sb := sandboxtest.Start(t, sandboxtest.ContractExempt(func(r *http.Request) bool { return r.URL.Query().Get("page") == "0" }))
	srv, url := sb.Server, sb.URL
	c := demoClient(t, url, withOAuth2)
	ctx := t.Context()
	clientID := srv.Snapshot().Merchants[0].ClientID
	filter := client.PaymentFilter{MerchantClientID: clientID}

	seen := map[client.FlexibleID]bool{}
	for page := int64(1); ; page++ {
		got, err := c.ListPayments(ctx, filter, page, 20)
		if err != nil || got.Total != 45 || got.Page != page || got.Limit != 20 {
			t.Fatalf("ListPayments page %d = %+v, %v", page, got, err)
		}
		if len(got.Payments) == 0 {
			break
		}
		for _, p := range got.Payments {
			if p.MerchantClientID != clientID || p.Amount == "" || p.Status == "" {
				t.Errorf("payment %+v", p)
			}
			seen[p.ID] = true
		}
	}
	if len(seen) != 45 {
		t.Errorf("the pages held %d different payments, want 45", len(seen))
	}
	paid, err := c.ListPayments(ctx, client.PaymentFilter{MerchantClientID: clientID, Status: "paid"}, 1, 100)
	if err != nil || paid.Total != 20 {
		t.Errorf("paid payments = %+v, %v", paid, err)
	}
	if _, err := c.ListPayments(ctx, client.PaymentFilter{}, 0, 20); err == nil {
		t.Error("page 0 was accepted")
	}
	if _, err := c.ListPayments(ctx, client.PaymentFilter{}, 1, 101); err == nil {
		t.Error("limit 101 was accepted")
	}
}

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
