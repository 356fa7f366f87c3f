// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"net/http"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// The benchmarks drive the hottest handlers through ServeHTTP (routing,
// auth, decoding, locking, encoding) with an in-memory recorder, so they
// measure the sandbox and not the network. Compare runs with benchstat.

const paymentMethodsPath = merchantPath + "/card-payments/payment-methods"

func BenchmarkListPaymentMethods(b *testing.B) {
	srv := New(Config{Now: testclock.New(testclock.Start).Now})
	b.ReportAllocs()
	for b.Loop() {
		expectBench(b, serveRaw(b, srv, http.MethodGet, paymentMethodsPath, "", nil).Code, http.StatusOK)
	}
}

// BenchmarkActivatePaymentMethod measures activating an active method (the
// idempotent re-apply) and an inactive one; state=inactive includes the
// admin deactivation that precedes each activation.
func BenchmarkActivatePaymentMethod(b *testing.B) {
	for _, inactive := range []bool{false, true} {
		name := "state=active"
		if inactive {
			name = "state=inactive"
		}
		b.Run(name, func(b *testing.B) {
			srv := New(Config{Now: testclock.New(testclock.Start).Now})
			b.ReportAllocs()
			for b.Loop() {
				if inactive {
					if err := srv.DeactivatePaymentMethod(1001, "visa"); err != nil {
						b.Fatal(err)
					}
				}
				rec := serveRaw(b, srv, http.MethodPost, paymentMethodsPath+"/visa/activate", "", nil)
				expectBench(b, rec.Code, http.StatusOK)
			}
		})
	}
}

func BenchmarkCreateOrder(b *testing.B) {
	srv := New(Config{Now: testclock.New(testclock.Start).Now})
	body := []byte(`{"amount":1000,"currency":"DKK","reference":"bench-1","description":"benchmark order"}`)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		if n++; n%10000 == 0 {
			// Keep the order list from growing without bound.
			b.StopTimer()
			srv.Reset()
			b.StartTimer()
		}
		expectBench(b, serveRaw(b, srv, http.MethodPost, ordersPath, "application/json", body).Code, http.StatusCreated)
	}
}

// BenchmarkListTransactions measures the transactions endpoint on the
// 5000-transaction account of user-1001-big.
func BenchmarkListTransactions(b *testing.B) {
	for _, tc := range []struct{ name, body string }{
		{"query=default-page", `{"userId":"user-1001-big","merchantId":1001,"accountId":"acc-1001-big"}`},
		{"query=max-page", `{"userId":"user-1001-big","merchantId":1001,"accountId":"acc-1001-big","pageLimit":1000}`},
		{"query=date-filter", `{"userId":"user-1001-big","merchantId":1001,"accountId":"acc-1001-big","fromDate":"2025-06-01","toDate":"2025-12-31"}`},
	} {
		b.Run(tc.name, func(b *testing.B) {
			srv := New(Config{Now: testclock.New(testclock.Start).Now})
			consent := `{"merchantId":1001,"userId":"user-1001-big","permissions":["ReadTransactionsDetail"],` +
				`"expirationDateTime":"2026-12-31T00:00:00Z","transactionFromDateTime":"2025-01-01T00:00:00Z"}`
			rec := serveRaw(b, srv, http.MethodPost, "/v1/ais/consents", "application/json", []byte(consent))
			expectBench(b, rec.Code, http.StatusCreated)
			if err := srv.AuthorizeConsent(srv.Snapshot().Consents[0].RequestID); err != nil {
				b.Fatal(err)
			}
			body := []byte(tc.body)
			b.ReportAllocs()
			for b.Loop() {
				rec := serveRaw(b, srv, http.MethodPost, "/v1/ais/accounts/transactions", "application/json", body)
				expectBench(b, rec.Code, http.StatusOK)
			}
		})
	}
}

func expectBench(b *testing.B, got, want int) {
	b.Helper()
	if got != want {
		b.Fatalf("status = %d, want %d", got, want)
	}
}
