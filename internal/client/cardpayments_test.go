// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client_test

import (
	"context"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
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

// The area's operations for the published examples' tests (decoders).
func init() {
	client.AddDecoders(map[string]client.Decoder{
		"createSDKToken": func(ctx context.Context, c *client.Client) error {
			_, err := c.CreateSDKToken(ctx, 1001, "")
			return err
		},
		"getCardPaymentStatus": func(ctx context.Context, c *client.Client) error {
			_, err := c.GetCardPayment(ctx, 1001, "pay_7f3a9c2e")
			return err
		},
	})
}
