// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// The benchmarks measure whole calls against a local server whose answer is
// built once, so they time request, transport and decoding. Compare runs
// with benchstat, e.g. go test -run '^$' -bench . -count 10.

func BenchmarkListTransactions1k(b *testing.B)  { benchListTransactions(b, 1_000) }
func BenchmarkListTransactions10k(b *testing.B) { benchListTransactions(b, 10_000) }

// benchListTransactions decodes a page of n transactions per call.
func benchListTransactions(b *testing.B, n int) {
	page := TransactionsResponse{UserID: "user-1001-big", MerchantID: 1001, AccountID: "acc-1001-big", PageLimit: int64(n), TotalTransactions: int64(5 * n)}
	for i := range n {
		page.Transactions = append(page.Transactions, Transaction{
			TransactionID: fmt.Sprintf("tx-%06d", i),
			Amount:        Decimal(fmt.Sprintf("-%d.%02d", i, i%100)),
			Currency:      "DKK",
			Description:   "Card purchase",
			BookingDate:   "2025-06-01T10:00:00Z",
			ValueDate:     "2025-06-02T00:00:00Z",
			Counterparty:  Counterparty{Name: "Coffee Shop", IBAN: "DK5000400440116243"},
			Reference:     fmt.Sprintf("ref-%d", i),
			Type:          "DEBIT",
			Status:        "BOOKED",
		})
	}
	c, size := benchClient(b, page)
	req := TransactionsRequest{UserID: page.UserID, MerchantID: 1001, AccountID: page.AccountID, PageLimit: int64(n)}

	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		got, err := c.ListTransactions(b.Context(), req)
		if err != nil {
			b.Fatal(err)
		}
		if len(got.Transactions) != n {
			b.Fatalf("decoded %d transactions, want %d", len(got.Transactions), n)
		}
	}
}

// BenchmarkListPaymentMethods measures the smallest routine read: the
// seven payment methods of the conventions.
func BenchmarkListPaymentMethods(b *testing.B) {
	activated := "2025-01-02T03:04:05Z"
	var methods []PaymentMethod
	for _, m := range []string{"visa", "mastercard", "amex", "swish", "klarna", "vipps", "mobilepay"} {
		methods = append(methods, PaymentMethod{Method: m, Status: "active", ActivatedAt: &activated})
	}
	c, size := benchClient(b, methods)

	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		got, err := c.ListPaymentMethods(b.Context(), 1001)
		if err != nil {
			b.Fatal(err)
		}
		if len(got) != len(methods) {
			b.Fatalf("decoded %d methods, want %d", len(got), len(methods))
		}
	}
}

// benchClient serves answer, encoded once, to every request and returns a
// client for it and the body size.
func benchClient(b *testing.B, answer any) (*Client, int64) {
	b.Helper()
	body, err := json.Marshal(answer)
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	b.Cleanup(srv.Close)
	c, err := New(testConfig(srv.URL))
	if err != nil {
		b.Fatal(err)
	}
	return c, int64(len(body))
}
