package client

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkListTransactions measures one call that decodes a page of 1000
// transactions, the largest answer the provider reads routinely.
func BenchmarkListTransactions(b *testing.B) {
	page := TransactionsResponse{UserID: "user-1001-big", MerchantID: 1001, AccountID: "acc-1001-big", PageLimit: 1000, TotalTransactions: 5000}
	for i := range 1000 {
		page.Transactions = append(page.Transactions, Transaction{
			TransactionID: fmt.Sprintf("tx-%05d", i),
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
	body, err := json.Marshal(page)
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
	req := TransactionsRequest{UserID: page.UserID, MerchantID: 1001, AccountID: page.AccountID, PageLimit: 1000}

	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		got, err := c.ListTransactions(b.Context(), req)
		if err != nil {
			b.Fatal(err)
		}
		if len(got.Transactions) != 1000 {
			b.Fatalf("decoded %d transactions", len(got.Transactions))
		}
	}
}
