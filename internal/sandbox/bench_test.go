package sandbox

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkTransactions measures the transactions endpoint on the
// 5000-transaction account, through the full handler stack.
func BenchmarkTransactions(b *testing.B) {
	for _, tc := range []struct{ name, body string }{
		{"default-page", `{"userId":"user-1001-big","merchantId":1001,"accountId":"acc-1001-big"}`},
		{"max-page", `{"userId":"user-1001-big","merchantId":1001,"accountId":"acc-1001-big","pageLimit":1000}`},
		{"date-filter", `{"userId":"user-1001-big","merchantId":1001,"accountId":"acc-1001-big","fromDate":"2025-06-01","toDate":"2025-12-31"}`},
	} {
		b.Run(tc.name, func(b *testing.B) {
			srv := New(Config{Now: newFakeClock().Now})
			consent := `{"merchantId":1001,"userId":"user-1001-big","permissions":["ReadTransactionsDetail"],` +
				`"expirationDateTime":"2026-12-31T00:00:00Z","transactionFromDateTime":"2025-01-01T00:00:00Z"}`
			rec := serveBench(srv, "/v1/ais/consents", consent)
			if rec.Code != http.StatusCreated {
				b.Fatalf("consent: %d %s", rec.Code, rec.Body)
			}
			if err := srv.AuthorizeConsent(srv.Snapshot().Consents[0].RequestID); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if rec := serveBench(srv, "/v1/ais/accounts/transactions", tc.body); rec.Code != http.StatusOK {
					b.Fatalf("transactions: %d %s", rec.Code, rec.Body)
				}
			}
		})
	}
}

func serveBench(srv *Server, path, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+DemoAccessToken)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	return rec
}
