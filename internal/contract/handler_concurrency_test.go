// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// An external test package: it starts the sandbox through sandboxtest,
// which imports this package.
package contract_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// The validator is shared by every test of a process, and servers call it
// from many goroutines at once; run with -race this checks that is safe.
func TestHandlerIsSafeForConcurrentUse(t *testing.T) {
	sb := sandboxtest.Start(t) // behind the contract's Handler
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			method, path, body := http.MethodGet, "/v1/partner/merchants/1001/card-payments/payment-methods", ""
			if i%2 == 1 {
				method, path, body = http.MethodPost, "/v1/partner/merchants/1001/card-payments/orders", `{"amount":100,"currency":"DKK"}`
			}
			req, _ := http.NewRequestWithContext(t.Context(), method, sb.URL+path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			sb.SignPartner(req)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			_ = resp.Body.Close()
		})
	}
	wg.Wait()
}
