// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

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

// The area's operations for the published examples' tests (decoders).
func init() {
	client.AddDecoders(map[string]client.Decoder{
		"listPayments": func(ctx context.Context, c *client.Client) error {
			_, err := c.ListPayments(ctx, client.PaymentFilter{}, 1, 20)
			return err
		},
	})
}
