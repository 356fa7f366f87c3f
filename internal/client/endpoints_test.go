// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/google/uuid"
)

// opCase is one endpoint with a typical call, the request it must produce
// and a valid answer.
type opCase struct {
	name       string
	call       func(ctx context.Context, c *Client) (any, error)
	method     string
	path       string
	bearer     bool   // AIS auth instead of partner headers
	reqBody    string // expected JSON body
	status     int    // success status of the real service
	respBody   string
	repeatable bool
	check      func(t *testing.T, got any)
}

// wantPointee is the check of an endpoint answering *T: the value pointed
// to must equal want.
func wantPointee[T any](want T) func(t *testing.T, got any) {
	return func(t *testing.T, got any) {
		t.Helper()
		if p, ok := got.(*T); !ok || !reflect.DeepEqual(*p, want) {
			t.Errorf("got %#v, want %#v", got, want)
		}
	}
}

// wantEqual is the check of an endpoint answering a value (a list): it must
// equal want, type included.
func wantEqual(want any) func(t *testing.T, got any) {
	return func(t *testing.T, got any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got %#v, want %#v", got, want)
		}
	}
}

// opCases covers every endpoint: the API reference's, then the reads.
func opCases() []opCase {
	return append(coreOpCases(), readOpCases()...)
}

func coreOpCases() []opCase {
	return []opCase{
		{
			name: "CreateOnlineTerminal",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.CreateOnlineTerminal(ctx, 1001, OnlineTerminalRequest{OnlineTerminalMode: "PaymentPage", StoreID: "1001-main"})
			},
			method:   http.MethodPost,
			path:     "/v1/partner/merchants/1001/card-payments/online-terminals",
			reqBody:  `{"onlineTerminalMode":"PaymentPage","storeId":"1001-main"}`,
			status:   http.StatusCreated,
			respBody: `{"terminalId":"t-1","terminalPublicKey":"pk-1","terminalType":"PaymentPage","storeId":"1001-main"}`,
			check:    wantPointee(OnlineTerminal{TerminalID: "t-1", TerminalPublicKey: "pk-1", TerminalType: "PaymentPage", StoreID: "1001-main"}),
		},
		{
			name: "ListPaymentMethods",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.ListPaymentMethods(ctx, 1002)
			},
			method:     http.MethodGet,
			path:       "/v1/partner/merchants/1002/card-payments/payment-methods",
			status:     http.StatusOK,
			respBody:   `[{"method":"visa","status":"active","activatedAt":"2025-01-02T03:04:05Z"},{"method":"amex","status":"inactive"}]`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				methods, ok := got.([]PaymentMethod)
				if !ok || len(methods) != 2 {
					t.Fatalf("got %#v, want two methods", got)
				}
				if m := methods[0]; m.Method != "visa" || m.Status != "active" || m.ActivatedAt == nil || *m.ActivatedAt != "2025-01-02T03:04:05Z" {
					t.Errorf("first method = %+v", m)
				}
				if m := methods[1]; m.Method != "amex" || m.Status != "inactive" || m.ActivatedAt != nil {
					t.Errorf("second method = %+v, want activatedAt nil", m)
				}
			},
		},
		{
			name: "ActivatePaymentMethod",
			call: func(ctx context.Context, c *Client) (any, error) {
				return nil, c.ActivatePaymentMethod(ctx, 1001, "amex")
			},
			method:     http.MethodPost,
			path:       "/v1/partner/merchants/1001/card-payments/payment-methods/amex/activate",
			reqBody:    `{}`,
			status:     http.StatusOK,
			respBody:   `{"status":"OK"}`,
			repeatable: true,
		},
		{
			name: "StartOnboarding",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.StartOnboarding(ctx, 1003)
			},
			method:   http.MethodPost,
			path:     "/v1/partner/merchants/1003/card-payments/onboard",
			reqBody:  `{}`,
			status:   http.StatusCreated,
			respBody: `{"webKybUrl":"https://kyb.example/a-1","applicationId":"a-1","applicationStatus":"PENDING"}`,
			check: func(t *testing.T, got any) {
				app, ok := got.(*OnboardingApplication)
				if !ok || app.WebKybURL != "https://kyb.example/a-1" || app.ApplicationID != "a-1" || app.ApplicationStatus != "PENDING" {
					t.Fatalf("got %#v", got)
				}
				if app.ShortLinkURL != nil {
					t.Errorf("ShortLinkURL = %q, want nil when absent", *app.ShortLinkURL)
				}
			},
		},
		{
			name: "CreateOrder",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.CreateOrder(ctx, 1001, OrderRequest{Amount: 1000, Currency: "SEK", Reference: "ref-1", Description: "coffee"})
			},
			method:   http.MethodPost,
			path:     "/v1/partner/merchants/1001/card-payments/orders",
			reqBody:  `{"amount":1000,"currency":"SEK","reference":"ref-1","description":"coffee"}`,
			status:   http.StatusCreated,
			respBody: `{"order":{"orderId":"o-1","status":"CREATED","amount":1000,"currency":"SEK","reference":"ref-1"}}`,
			check:    wantPointee(Order{OrderID: "o-1", Status: "CREATED", Amount: "1000", Currency: "SEK", Reference: "ref-1"}),
		},
		{
			name: "CreateInterappRegistration",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.CreateInterappRegistration(ctx, 1001, InterappRegistrationRequest{})
			},
			method:   http.MethodPost,
			path:     "/v1/partner/merchants/1001/card-payments/terminals/interapp",
			reqBody:  `{}`,
			status:   http.StatusCreated,
			respBody: `{"registrationCode":"123456"}`,
			check: func(t *testing.T, got any) {
				reg, ok := got.(*InterappRegistration)
				if !ok || reg.RegistrationCode != "123456" || reg.RegistrationLink != nil {
					t.Errorf("got %#v, want code 123456 and no link", got)
				}
			},
		},
		{
			name: "UpdateStore",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.UpdateStore(ctx, 1001, "1001-main", StoreUpdate{Name: ptr("Main"), IsDefault: ptr(false)})
			},
			method:     http.MethodPut,
			path:       "/v1/partner/merchants/1001/stores/1001-main",
			reqBody:    `{"name":"Main","isDefault":false}`,
			status:     http.StatusOK,
			respBody:   `{"id":"1001-main","name":"Main","locationId":"L1","city":"Oslo","isDefault":false,"status":"active","createdAt":"2025-01-01T00:00:00Z"}`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				s, ok := got.(*Store)
				if !ok || s.ID != "1001-main" || s.Name != "Main" || s.City != "Oslo" || s.IsDefault || s.Status != "active" {
					t.Errorf("got %#v", got)
				}
			},
		},
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
			name: "ListAccounts",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.ListAccounts(ctx, AccountsRequest{UserID: "user-1001", MerchantID: 1001})
			},
			method:  http.MethodPost,
			path:    "/v1/ais/accounts",
			bearer:  true,
			reqBody: `{"userId":"user-1001","merchantId":1001}`,
			status:  http.StatusOK,
			respBody: `{"userId":"user-1001","merchantId":1001,"clientId":"demo-ais-client","consentId":"c-1","totalAccounts":2,"accounts":[
				{"accountId":"acc-1001-dkk","bankId":"b","accountHolderName":"A","iban":"DK50","currency":"DKK","balance":"1234567.89","accountType":"CURRENT","accountDetails":{"bic":"DABADKKK"}},
				{"accountId":"acc-1001-eur","currency":"EUR","balance":"-0.10","accountType":"CURRENT"}]}`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				resp, ok := got.(*AccountsResponse)
				if !ok || resp.ClientID != "demo-ais-client" || resp.ConsentID != "c-1" || resp.TotalAccounts != 2 || len(resp.Accounts) != 2 {
					t.Fatalf("got %#v", got)
				}
				if b := resp.Accounts[0].Balance; b != "1234567.89" {
					t.Errorf("balance = %q, want exactly 1234567.89", b)
				}
				if b := resp.Accounts[1].Balance; b.String() != "-0.10" {
					t.Errorf("balance = %q, want exactly -0.10", b)
				}
				if d := string(resp.Accounts[0].AccountDetails["bic"]); d != `"DABADKKK"` {
					t.Errorf("accountDetails.bic = %s", d)
				}
			},
		},
		{
			name: "GetAccountBalance",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.GetAccountBalance(ctx, BalanceRequest{UserID: "user-1001", MerchantID: 1001, AccountID: "acc-1001-dkk"})
			},
			method:  http.MethodPost,
			path:    "/v1/ais/accounts/balance",
			bearer:  true,
			reqBody: `{"userId":"user-1001","merchantId":1001,"accountId":"acc-1001-dkk"}`,
			status:  http.StatusOK,
			// A JSON number must keep its digits: no float64 round trip.
			respBody: `{"userId":"user-1001","merchantId":1001,"accountId":"acc-1001-dkk",
				"balance":{"value":1234567.89,"currency":"DKK","lastUpdated":"2026-01-01T00:00:00Z"},
				"accountDetails":{"iban":"DK50","accountHolderName":"A","bankId":"b"}}`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				resp, ok := got.(*BalanceResponse)
				if !ok || resp.AccountID != "acc-1001-dkk" || resp.AccountDetails.IBAN != "DK50" || resp.Balance.Currency != "DKK" {
					t.Fatalf("got %#v", got)
				}
				if v := resp.Balance.Value; v != "1234567.89" {
					t.Errorf("balance value = %q, want exactly 1234567.89", v)
				}
			},
		},
		{
			name: "ListTransactions",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.ListTransactions(ctx, TransactionsRequest{UserID: "user-1001", MerchantID: 1001, AccountID: "acc-1001-eur", PageLimit: 50, FromDate: "2025-01-01"})
			},
			method:  http.MethodPost,
			path:    "/v1/ais/accounts/transactions",
			bearer:  true,
			reqBody: `{"userId":"user-1001","merchantId":1001,"accountId":"acc-1001-eur","pageLimit":50,"fromDate":"2025-01-01"}`,
			status:  http.StatusOK,
			respBody: `{"userId":"user-1001","merchantId":1001,"accountId":"acc-1001-eur","totalTransactions":2,"pageLimit":50,"transactions":[
				{"transactionId":"tx-1","amount":"-0.10","currency":"EUR","description":"fee","bookingDate":"2025-02-01","valueDate":"2025-02-01",
				 "counterparty":{"name":"Bank","iban":"DE89"},"reference":"r","type":"DEBIT","status":"BOOKED"},
				{"transactionId":"tx-2","amount":-0.10,"currency":"EUR"}]}`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				resp, ok := got.(*TransactionsResponse)
				if !ok || resp.TotalTransactions != 2 || resp.PageLimit != 50 || len(resp.Transactions) != 2 {
					t.Fatalf("got %#v", got)
				}
				tx := resp.Transactions[0]
				if tx.Amount != "-0.10" || tx.Counterparty.Name != "Bank" || tx.Type != "DEBIT" || tx.Status != "BOOKED" {
					t.Errorf("first transaction = %+v", tx)
				}
				if amt := resp.Transactions[1].Amount; amt != "-0.10" {
					t.Errorf("numeric amount = %q, want exactly -0.10", amt)
				}
			},
		},
	}
}

func TestEndpoints(t *testing.T) {
	for _, tc := range opCases() {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, reply{status: tc.status, body: tc.respBody})
			got, err := tc.call(t.Context(), api.client(t))
			if err != nil {
				t.Fatalf("call failed: %v", err)
			}
			reqs := api.requests()
			if len(reqs) != 1 {
				t.Fatalf("sent %d requests, want 1", len(reqs))
			}
			r := reqs[0]
			if r.method != tc.method || r.path != tc.path {
				t.Errorf("request = %s %s, want %s %s", r.method, r.path, tc.method, tc.path)
			}
			assertCommonHeaders(t, r.header)
			assertAuthHeaders(t, r.header, tc.bearer)
			if tc.reqBody == "" {
				if len(r.body) != 0 {
					t.Errorf("body = %q, want none", r.body)
				}
			} else {
				assertJSONEqual(t, r.body, tc.reqBody)
			}
			if tc.check != nil {
				tc.check(t, got)
			}
		})
	}
}

func assertCommonHeaders(t *testing.T, h http.Header) {
	t.Helper()
	for name, want := range map[string]string{
		"Content-Type": "application/json",
		"Accept":       "application/json",
		"User-Agent":   testUserAgent,
	} {
		if got := h.Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if _, err := uuid.Parse(h.Get("X-Request-Id")); err != nil {
		t.Errorf("x-request-id %q is not a UUID: %v", h.Get("X-Request-Id"), err)
	}
}

func assertAuthHeaders(t *testing.T, h http.Header, bearer bool) {
	t.Helper()
	if bearer {
		if got := h.Get("Authorization"); got != "Bearer "+testAccessToken {
			t.Errorf("Authorization = %q", got)
		}
		if h.Get("X-Partner-Client-Id") != "" || h.Get("X-Partner-Client-Secret") != "" {
			t.Error("AIS call sent partner headers")
		}
		return
	}
	if h.Get("X-Partner-Client-Id") != testPartnerID || h.Get("X-Partner-Client-Secret") != testPartnerSecret {
		t.Errorf("partner headers = %q / %q", h.Get("X-Partner-Client-Id"), h.Get("X-Partner-Client-Secret"))
	}
	if h.Get("Authorization") != "" {
		t.Error("partner call sent an Authorization header")
	}
}

func TestRequestIDIsFreshPerCall(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`})
	c := api.client(t)
	for range 2 {
		if _, err := c.ListPaymentMethods(t.Context(), 1001); err != nil {
			t.Fatal(err)
		}
	}
	reqs := api.requests()
	if a, b := reqs[0].header.Get("X-Request-Id"), reqs[1].header.Get("X-Request-Id"); a == b {
		t.Errorf("two calls shared request ID %q", a)
	}
}

func TestPathSegmentsAreEscaped(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `{"id":"x"}`})
	c := api.client(t)
	if _, err := c.UpdateStore(t.Context(), 1001, "main store/2?x", StoreUpdate{}); err != nil {
		t.Fatal(err)
	}
	if err := c.ActivatePaymentMethod(t.Context(), 1001, "mobile pay"); err != nil {
		t.Fatal(err)
	}
	reqs := api.requests()
	for i, want := range []string{
		"/v1/partner/merchants/1001/stores/main%20store%2F2%3Fx",
		"/v1/partner/merchants/1001/card-payments/payment-methods/mobile%20pay/activate",
	} {
		if reqs[i].path != want {
			t.Errorf("path = %s, want %s", reqs[i].path, want)
		}
	}
}

func TestEmptyPathSegmentRejected(t *testing.T) {
	api := newFakeAPI(t)
	c := api.client(t)
	if _, err := c.UpdateStore(t.Context(), 1001, " ", StoreUpdate{}); err == nil || !strings.Contains(err.Error(), "store ID") {
		t.Errorf("UpdateStore with empty ID: err = %v", err)
	}
	if err := c.ActivatePaymentMethod(t.Context(), 1001, ""); err == nil || !strings.Contains(err.Error(), "payment method") {
		t.Errorf("ActivatePaymentMethod with empty method: err = %v", err)
	}
	if n := len(api.requests()); n != 0 {
		t.Errorf("sent %d requests, want none", n)
	}
}

// Every published form of a base URL names the host's root: the endpoint
// paths, which start with /v1/, are appended to it once.
func TestPublishedBaseURLForms(t *testing.T) {
	for _, suffix := range []string{"", "/", "/v1", "/v1/", "/v1/partner", "/v1/partner/"} {
		t.Run(suffix, func(t *testing.T) {
			api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`})
			c := newTestClient(t, api.srv.URL+suffix)
			if _, err := c.ListPaymentMethods(t.Context(), 7); err != nil {
				t.Fatal(err)
			}
			if got, want := api.requests()[0].path, "/v1/partner/merchants/7/card-payments/payment-methods"; got != want {
				t.Errorf("path = %s, want %s", got, want)
			}
		})
	}
}

func TestActivateIgnoresResponseBody(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusNoContent, header: map[string]string{"Content-Type": "text/plain"}})
	if err := api.client(t).ActivatePaymentMethod(t.Context(), 1001, "amex"); err != nil {
		t.Errorf("ActivatePaymentMethod: %v", err)
	}
}

func TestSameMethod(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"visa", "VISA", true},
		{"MobilePay", "mobilepay", true},
		{"visa", "mastercard", false},
		{"amex", "amex ", true},
	} {
		if got := SameMethod(tc.a, tc.b); got != tc.want {
			t.Errorf("SameMethod(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestResponseDecodingErrors(t *testing.T) {
	tests := []struct {
		name        string
		reply       reply
		call        func(ctx context.Context, c *Client) error
		wantText    []string
		wantMaybeCr bool
	}{
		{
			name:     "html page",
			reply:    reply{status: http.StatusOK, body: "<html><body>Gateway login</body></html>", header: map[string]string{"Content-Type": "text/html"}},
			call:     listMethods,
			wantText: []string{"list payment methods", "text/html", "not JSON", "Gateway login"},
		},
		{
			name:     "invalid json",
			reply:    reply{status: http.StatusOK, body: `{"method": "visa"`},
			call:     listMethods,
			wantText: []string{"list payment methods", "GET /v1/partner/merchants/1001/card-payments/payment-methods", "invalid JSON"},
		},
		{
			name:     "wrong json type",
			reply:    reply{status: http.StatusOK, body: `{"method":"visa"}`},
			call:     listMethods,
			wantText: []string{"list payment methods", "cannot unmarshal"},
		},
		{
			name:     "empty body",
			reply:    reply{status: http.StatusOK},
			call:     listMethods,
			wantText: []string{"list payment methods", "empty body"},
		},
		{
			name:  "order missing",
			reply: reply{status: http.StatusCreated, body: `{"status":"CREATED","paymentLink":"https://pay.example/x"}`},
			call: func(ctx context.Context, c *Client) error {
				_, err := c.CreateOrder(ctx, 1001, OrderRequest{Amount: 1, Currency: "EUR", Reference: "r-9"})
				return err
			},
			wantText:    []string{"create order", `neither an "order" object nor an "orderId"`, `reference "r-9"`},
			wantMaybeCr: true,
		},
		{
			name:     "body too large",
			reply:    reply{status: http.StatusOK, body: `[` + strings.Repeat(`{"method":"visa"},`, (maxResponseBytes/18)+1) + `{}]`},
			call:     listMethods,
			wantText: []string{"exceeds 10 MiB"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, tc.reply)
			err := tc.call(t.Context(), api.client(t))
			if err == nil {
				t.Fatal("want an error")
			}
			for _, want := range tc.wantText {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not contain %q", err, want)
				}
			}
			var maybe *MaybeCreatedError
			if got := errors.As(err, &maybe); got != tc.wantMaybeCr {
				t.Errorf("MaybeCreatedError = %v, want %v (%v)", got, tc.wantMaybeCr, err)
			}
		})
	}
}

func listMethods(ctx context.Context, c *Client) error {
	_, err := c.ListPaymentMethods(ctx, 1001)
	return err
}

func TestConcurrentCalls(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`})
	c := api.client(t)
	errs := make(chan error, 20)
	for range cap(errs) {
		go func() { errs <- listMethods(t.Context(), c) }()
	}
	for range cap(errs) {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	ids := map[string]bool{}
	for _, r := range api.requests() {
		ids[r.header.Get("X-Request-Id")] = true
	}
	if len(ids) != cap(errs) {
		t.Errorf("%d distinct request IDs for %d calls", len(ids), cap(errs))
	}
}

// The order-create answer is published with the order under "order" and,
// in the guide, with orderId, paymentLink and nonce at the top level; both
// decode to the same order, amounts as integers, decimals or strings.
func TestOrderAnswerShapes(t *testing.T) {
	link, nonce := "https://pay.example/o-1", "n-1"
	want := Order{OrderID: "o-1", Status: "CREATED", Amount: "10000", Currency: "DKK", Reference: "r", PaymentLink: &link, Nonce: &nonce}
	for name, body := range map[string]string{
		"wrapped, link and nonce beside": `{"order":{"orderId":"o-1","status":"CREATED","amount":10000,"currency":"DKK","reference":"r"},"paymentLink":"https://pay.example/o-1","nonce":"n-1"}`,
		"wrapped, link and nonce inside": `{"order":{"orderId":"o-1","status":"CREATED","amount":10000,"currency":"DKK","reference":"r","paymentLink":"https://pay.example/o-1","nonce":"n-1"}}`,
		"flat, as the guide shows":       `{"orderId":"o-1","status":"CREATED","amount":10000,"currency":"DKK","reference":"r","paymentLink":"https://pay.example/o-1","nonce":"n-1"}`,
		"amount as a string":             `{"orderId":"o-1","status":"CREATED","amount":"10000","currency":"DKK","reference":"r","paymentLink":"https://pay.example/o-1","nonce":"n-1"}`,
	} {
		t.Run(name, func(t *testing.T) {
			api := newFakeAPI(t, reply{status: http.StatusCreated, body: body})
			got, err := api.client(t).CreateOrder(t.Context(), 1001, OrderRequest{Amount: 10000, Currency: "DKK", Reference: "r"})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*got, want) {
				t.Errorf("got %+v, want %+v", *got, want)
			}
		})
	}
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `{"order":{"orderId":"o-2","amount":149.50}}`})
	got, err := api.client(t).GetOrder(t.Context(), 1001, "o-2")
	if err != nil || got.Amount != "149.50" {
		t.Errorf("GetOrder = %+v, %v; want the decimal amount digit for digit", got, err)
	}
}

// Every call that may change a list tells Config.OnChange which, whatever
// its outcome, so a caller's copy of the list cannot outlive the change.
func TestWritesReportTheListsTheyChange(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusInternalServerError, body: `{"message":"boom"}`})
	var got []Change
	c := api.client(t, withMaxRetries(0), func(cfg *Config) { cfg.OnChange = func(ch Change) { got = append(got, ch) } })
	ctx := t.Context()
	_, _ = c.CreateOnlineTerminal(ctx, 1, OnlineTerminalRequest{OnlineTerminalMode: "PaymentPage"})
	_ = c.ActivatePaymentMethod(ctx, 2, "amex")
	_, _ = c.CreateStore(ctx, 3, StoreCreate{Name: "x"})
	_, _ = c.UpdateStore(ctx, 3, "s", StoreUpdate{})
	_ = c.DeactivateStore(ctx, 3, "s")
	_, _ = c.CreateWebhook(ctx, WebhookRequest{URL: "https://x.example", Events: []string{"payment.failed"}})
	_, _ = c.UpdateWebhook(ctx, "7", WebhookRequest{URL: "https://x.example", Events: []string{"payment.failed"}})
	_, _ = c.CreateMerchant(ctx, MerchantRequest{CompanyName: "x", ContactEmail: "x@x.example"})
	_, _ = c.ListStores(ctx, 3) // a read changes nothing
	want := []Change{{ListTerminals, 1}, {ListPaymentMethods, 2}, {ListStores, 3}, {ListStores, 3}, {ListStores, 3}, {ListWebhooks, 0}, {ListWebhooks, 0}, {ListMerchants, 0}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changes %v, want %v", got, want)
	}
}
