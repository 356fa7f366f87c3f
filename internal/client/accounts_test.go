// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
)

// accountOps are the endpoints of the data API's account reads, for TestEndpoints and the retry tests.
func accountOps() []opCase {
	return []opCase{
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

// Transactions keep what the service sends: the published example's
// timestamps and string amounts, and plain dates and JSON-number amounts
// that other answers may carry, without reinterpreting either.
func TestTransactionDatesAndAmounts(t *testing.T) {
	for _, tc := range []struct {
		body                   string
		amount, booking, value string
	}{
		{
			body:   `{"amount": "100.50", "type": "DEBIT", "status": "BOOKED", "bookingDate": "2024-01-15T10:30:00Z", "valueDate": "2024-01-16T00:00:00.000+01:00"}`,
			amount: "100.50", booking: "2024-01-15T10:30:00Z", value: "2024-01-16T00:00:00.000+01:00",
		},
		{
			body:   `{"amount": 100.50, "type": "CREDIT", "bookingDate": "2024-01-15", "valueDate": "2024-01-16"}`,
			amount: "100.50", booking: "2024-01-15", value: "2024-01-16",
		},
	} {
		var tx Transaction
		if err := json.Unmarshal([]byte(tc.body), &tx); err != nil {
			t.Fatalf("%s: %v", tc.body, err)
		}
		if tx.Amount.String() != tc.amount || tx.BookingDate != tc.booking || tx.ValueDate != tc.value {
			t.Errorf("%s: amount %q, bookingDate %q, valueDate %q; want %q, %q, %q",
				tc.body, tx.Amount, tx.BookingDate, tx.ValueDate, tc.amount, tc.booking, tc.value)
		}
	}
}

// The area's endpoints for TestEndpoints and the retry tests (opCases),
// and its operations for the published examples' tests (decoders).
func init() {
	addOpCases(accountOps)
	addDecoders(map[string]Decoder{
		"listAccounts": func(ctx context.Context, c *Client) error {
			_, err := c.ListAccounts(ctx, AccountsRequest{UserID: "user_35100188", MerchantID: 1})
			return err
		},
		"getAccountBalance": func(ctx context.Context, c *Client) error {
			_, err := c.GetAccountBalance(ctx, BalanceRequest{UserID: "user_35100188", MerchantID: 1, AccountID: "a:1:2"})
			return err
		},
		"listTransactions": func(ctx context.Context, c *Client) error {
			_, err := c.ListTransactions(ctx, TransactionsRequest{UserID: "user_35100188", MerchantID: 1, AccountID: "a:1:2"})
			return err
		},
	})
}
