// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox_test

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// TestClientAgainstSandbox runs the real client against the sandbox for all
// eleven endpoints, so the two independent implementations of the contract
// are checked against each other.
func TestClientAgainstSandbox(t *testing.T) {
	srv := sandboxtest.Start(t)
	c := newClient(t, srv, sandbox.DemoPartnerClientSecret)
	ctx := context.Background()

	term, err := c.CreateOnlineTerminal(ctx, 1001, client.OnlineTerminalRequest{OnlineTerminalMode: "PaymentPage"})
	if err != nil || term.StoreID != "1001-main" || term.TerminalType != "PaymentPage" || term.TerminalID == "" {
		t.Fatalf("CreateOnlineTerminal = %+v, %v", term, err)
	}

	activated, err := c.ActivatePaymentMethod(ctx, 1001, "amex")
	if err != nil || activated == nil {
		t.Fatalf("ActivatePaymentMethod = %+v, %v; want the entry the sandbox answers", activated, err)
	}
	methods, err := c.ListPaymentMethods(ctx, 1001)
	if err != nil || len(methods) != 7 {
		t.Fatalf("ListPaymentMethods = %+v, %v", methods, err)
	}
	for _, m := range methods {
		if client.SameMethod(m.Method, "AMEX") && (m.Status != "active" || m.ActivatedAt == nil || !reflect.DeepEqual(m, *activated)) {
			t.Errorf("amex after activation = %+v, activation answered %+v", m, *activated)
		}
	}

	app, err := c.StartOnboarding(ctx, 1003)
	if err != nil || app.ApplicationStatus != "APPLICATION_INITIATED" || app.ShortLinkURL != nil {
		t.Fatalf("StartOnboarding(1003) = %+v, %v; want the guide's APPLICATION_INITIATED without shortLinkUrl", app, err)
	}

	order, err := c.CreateOrder(ctx, 1001, client.OrderRequest{Amount: 1000, Currency: "SEK", Reference: "inv-1"})
	if err != nil || order.Status != "CREATED" || order.Amount != "1000" || order.Reference != "inv-1" {
		t.Fatalf("CreateOrder = %+v, %v", order, err)
	}

	reg, err := c.CreateInterappRegistration(ctx, 1001, client.InterappRegistrationRequest{StoreID: "1001-second"})
	if err != nil || reg.RegistrationCode == "" || reg.RegistrationLink == nil {
		t.Fatalf("CreateInterappRegistration = %+v, %v", reg, err)
	}

	name, isDefault := "Renamed", true
	store, err := c.UpdateStore(ctx, 1001, "1001-second", client.StoreUpdate{Name: &name, IsDefault: &isDefault})
	if err != nil || store.Name != "Renamed" || !store.IsDefault || store.City != "Stockholm" {
		t.Fatalf("UpdateStore = %+v, %v", store, err)
	}

	consent, err := c.CreateConsent(ctx, client.ConsentRequest{
		MerchantID: 1001, UserID: "user-1001-big",
		Permissions:             []string{"ReadAccountsDetail", "ReadBalances", "ReadTransactionsDetail"},
		ExpirationDateTime:      time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339),
		TransactionFromDateTime: "2025-01-01T00:00:00Z",
	})
	if err != nil || consent.Status != "pending" || consent.ConsentID != nil || consent.AuthorizationURL == nil {
		t.Fatalf("CreateConsent = %+v, %v", consent, err)
	}
	if err := srv.AuthorizeConsent(consent.RequestID); err != nil {
		t.Fatal(err)
	}

	accounts, err := c.ListAccounts(ctx, client.AccountsRequest{UserID: "user-1001-big", MerchantID: 1001})
	if err != nil || accounts.TotalAccounts != 1 || accounts.ClientID != sandbox.DemoAISClientID || accounts.ConsentID == "" {
		t.Fatalf("ListAccounts = %+v, %v", accounts, err)
	}
	if _, ok := accounts.Accounts[0].AccountDetails["isPrimary"]; !ok {
		t.Errorf("accountDetails lost a boolean field: %v", accounts.Accounts[0].AccountDetails)
	}

	bal, err := c.GetAccountBalance(ctx, client.BalanceRequest{UserID: "user-1001-big", MerchantID: 1001, AccountID: "acc-1001-big"})
	if err != nil || bal.Balance.Value != "500000.00" || bal.AccountDetails.BankID == "" {
		t.Fatalf("GetAccountBalance = %+v, %v", bal, err)
	}

	txs, err := c.ListTransactions(ctx, client.TransactionsRequest{UserID: "user-1001-big", MerchantID: 1001, AccountID: "acc-1001-big", PageLimit: 50})
	if err != nil || txs.PageLimit != 50 || len(txs.Transactions) != 50 || txs.TotalTransactions < 50 {
		t.Fatalf("ListTransactions = %d items, total %d, limit %d, %v", len(txs.Transactions), txs.TotalTransactions, txs.PageLimit, err)
	}

	if got := len(srv.RequestCounts()); got != 11 {
		t.Errorf("the client reached %d of the 11 routes: %v", got, srv.RequestCounts())
	}
}

// TestClientReadsAgainstSandbox runs the client's reads, lists and store
// lifecycle against the sandbox, in both of the service's answer shapes:
// merchant 1001 answers like the API reference, 1003 like the guide.
func TestClientReadsAgainstSandbox(t *testing.T) {
	srv := sandboxtest.Start(t)
	c := newClient(t, srv, sandbox.DemoPartnerClientSecret)
	ctx := context.Background()

	for _, merchant := range []int64{1001, 1003} {
		status, err := c.GetOnboardingStatus(ctx, merchant)
		if err != nil || client.OnboardingStageOf(status.ApplicationStatus) != client.OnboardingMerchantCreated || status.WebKybURL != nil {
			t.Fatalf("GetOnboardingStatus(%d) = %+v, %v; want a created merchant without a KYB link", merchant, status, err)
		}

		created, err := c.CreateStore(ctx, merchant, client.StoreCreate{Name: "Pop-up", City: "Odense"})
		if err != nil || created.ID == "" || created.Status != client.StoreStatusActive || created.CountryCode != "DK" {
			t.Fatalf("CreateStore(%d) = %+v, %v", merchant, created, err)
		}
		if (created.UpdatedAt != nil) != (merchant == 1003) {
			t.Errorf("CreateStore(%d).UpdatedAt = %v; only the guide's shape carries it", merchant, created.UpdatedAt)
		}
		stores, err := c.ListStores(ctx, merchant)
		if err != nil || len(stores) != 3 || stores[2].ID != created.ID {
			t.Fatalf("ListStores(%d) = %+v, %v", merchant, stores, err)
		}
		if err := c.DeactivateStore(ctx, merchant, created.ID); err != nil {
			t.Fatalf("DeactivateStore(%d): %v", merchant, err)
		}
		got, err := c.GetStore(ctx, merchant, created.ID)
		if err != nil || got.Active() || got.Status != client.StoreStatusInactive {
			t.Fatalf("GetStore(%d) after deactivation = %+v, %v", merchant, got, err)
		}

		order, err := c.CreateOrder(ctx, merchant, client.OrderRequest{Amount: 250, Currency: "EUR"})
		if err != nil || (order.PaymentLink != nil) != (merchant == 1001) || (order.Nonce != nil) != (merchant == 1001) {
			t.Fatalf("CreateOrder(%d) = %+v, %v; only the reference shape carries a link and nonce", merchant, order, err)
		}
		if _, err := srv.SetOrderStatus(order.OrderID, "PAID"); err != nil {
			t.Fatal(err)
		}
		read, err := c.GetOrder(ctx, merchant, order.OrderID)
		if err != nil || read.Status != "PAID" || read.Amount != "250" || read.PaymentLink != nil {
			t.Fatalf("GetOrder(%d) = %+v, %v", merchant, read, err)
		}
	}

	term, err := c.CreateOnlineTerminal(ctx, 1001, client.OnlineTerminalRequest{OnlineTerminalMode: "SelfHostedPage"})
	if err != nil {
		t.Fatal(err)
	}
	reg, err := c.CreateInterappRegistration(ctx, 1001, client.InterappRegistrationRequest{})
	if err != nil {
		t.Fatal(err)
	}
	device, err := srv.PairDevice(reg.RegistrationCode, "Till 1")
	if err != nil {
		t.Fatal(err)
	}
	all, err := c.ListTerminals(ctx, 1001, "")
	if err != nil || len(all) != 2 || all[0].TerminalID != term.TerminalID || all[0].TerminalStatus != "ACTIVE" ||
		all[0].TerminalPublicKey == nil || !all[1].IsCheckoutX() || all[1].TerminalName == nil || *all[1].TerminalName != "Till 1" {
		t.Fatalf("ListTerminals = %+v, %v", all, err)
	}
	devices, err := c.ListTerminals(ctx, 1001, client.TerminalTypeCheckoutX)
	if err != nil || len(devices) != 1 || devices[0].TerminalID != device.TerminalID || devices[0].TerminalPublicKey != nil {
		t.Fatalf("ListTerminals(checkoutX) = %+v, %v", devices, err)
	}

	if _, err := c.GetStore(ctx, 1001, "no-such-store"); !client.IsNotFound(err) {
		t.Errorf("GetStore of an unknown store: %v, want a 404", err)
	}
	if _, err := c.GetOrder(ctx, 2001, "ord_x"); !client.IsForbidden(err) {
		t.Errorf("GetOrder of another partner's merchant: %v, want a 403", err)
	}
}

func TestClientSeesSandboxErrors(t *testing.T) {
	srv := sandboxtest.Start(t)
	ctx := context.Background()

	_, err := newClient(t, srv, "wrong-secret").ListPaymentMethods(ctx, 1001)
	var apiErr *client.APIError
	if !client.IsUnauthorized(err) || !errors.As(err, &apiErr) || apiErr.Message == "" {
		t.Fatalf("wrong secret: %v, want a 401 APIError with the service's message", err)
	}

	_, err = newClient(t, srv, sandbox.DemoPartnerClientSecret).CreateOrder(ctx, 1001, client.OrderRequest{Amount: 100, Currency: "USD"})
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest || apiErr.Message == "" {
		t.Fatalf("bad currency: %v, want a 400 APIError", err)
	}
	t.Logf("400 as the client reports it: %v", err)

	// A 502 after the order was stored is ambiguous for the client.
	srv.InjectFault(sandbox.Fault{Route: sandbox.RouteCreateOrder, Status: 502, AfterApply: true, Count: 1})
	_, err = newClient(t, srv, sandbox.DemoPartnerClientSecret).CreateOrder(ctx, 1001, client.OrderRequest{Amount: 100, Currency: "DKK"})
	var maybe *client.MaybeCreatedError
	if !errors.As(err, &maybe) || len(srv.Snapshot().Orders) != 1 {
		t.Fatalf("502 after apply: %v with %d orders stored, want MaybeCreatedError and 1 order", err, len(srv.Snapshot().Orders))
	}
}

// newClient is a client of srv with the given partner secret, which
// retries quickly.
func newClient(t *testing.T, srv *sandboxtest.Sandbox, secret string) *client.Client {
	t.Helper()
	return srv.Client(t, func(cfg *client.Config) {
		cfg.PartnerClientSecret = secret
		cfg.RetryWaitMin, cfg.RetryWaitMax = time.Millisecond, 10*time.Millisecond
	})
}
