// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"net/http"
	"reflect"
	"testing"
)

// orderOps are the endpoints of orders, for TestEndpoints and the retry tests.
func orderOps() []opCase {
	return []opCase{
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
			name: "GetOrder",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.GetOrder(ctx, 1001, "ord:7f3:a")
			},
			method: http.MethodGet,
			path:   "/v1/partner/merchants/1001/card-payments/orders/ord:7f3:a",
			status: http.StatusOK,
			respBody: `{"order":{"orderId":"ord:7f3:a","status":"REFUNDED","amount":10000,"currency":"DKK","reference":"r-1",
				"payments":[{"paymentId":"pay_1","status":"REFUNDED"}]}}`,
			repeatable: true,
			check:      wantPointee(Order{OrderID: "ord:7f3:a", Status: "REFUNDED", Amount: "10000", Currency: "DKK", Reference: "r-1"}),
		},
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

// The create answer may carry the payment link and nonce beside the order
// or inside it; either way they end up on the Order.
func TestCreateOrderPaymentLinkAndNonce(t *testing.T) {
	for _, tc := range []struct {
		name, body        string
		wantLink, wantNon *string
	}{
		{"beside the order", `{"order":{"orderId":"o-1","status":"CREATED"},"paymentLink":"https://pay.example/o-1","nonce":"n-1"}`,
			ptr("https://pay.example/o-1"), ptr("n-1")},
		{"inside the order", `{"order":{"orderId":"o-1","status":"CREATED","paymentLink":"https://pay.example/o-1","nonce":"n-1"}}`,
			ptr("https://pay.example/o-1"), ptr("n-1")},
		{"inside wins", `{"order":{"orderId":"o-1","paymentLink":"https://pay.example/in"},"paymentLink":"https://pay.example/out"}`,
			ptr("https://pay.example/in"), nil},
		{"absent", `{"order":{"orderId":"o-1","status":"CREATED"}}`, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, reply{status: http.StatusCreated, body: tc.body})
			o, err := api.client(t).CreateOrder(t.Context(), 1001, OrderRequest{Amount: 1, Currency: "DKK"})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(o.PaymentLink, tc.wantLink) || !reflect.DeepEqual(o.Nonce, tc.wantNon) {
				t.Errorf("link, nonce = %v, %v; want %v, %v", o.PaymentLink, o.Nonce, tc.wantLink, tc.wantNon)
			}
		})
	}
}

// The area's endpoints for TestEndpoints and the retry tests (opCases),
// and its operations for the published examples' tests (decoders).
func init() {
	addOpCases(orderOps)
	addDecoders(map[string]Decoder{
		"createOrder": func(ctx context.Context, c *Client) error {
			_, err := c.CreateOrder(ctx, 1, OrderRequest{Amount: 10000, Currency: "DKK"})
			return err
		},
		"getOrder": func(ctx context.Context, c *Client) error {
			_, err := c.GetOrder(ctx, 1, "ord_abc123")
			return err
		},
	})
}
