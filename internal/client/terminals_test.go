// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"net/http"
	"testing"
)

// terminalOps are the endpoints of online terminals, the terminal list and in-app registration codes, for TestEndpoints and the retry tests.
func terminalOps() []opCase {
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
			name: "ListTerminals",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.ListTerminals(ctx, 1001, "")
			},
			method: http.MethodGet,
			path:   "/v1/partner/merchants/1001/card-payments/terminals",
			status: http.StatusOK,
			respBody: `{"terminals":[
				{"terminalId":"term_1","terminalType":"PaymentPage","terminalStatus":"ACTIVE","terminalPublicKey":"pk_1"},
				{"terminalId":"term_2","terminalType":"checkoutX","terminalStatus":"REGISTERED","terminalName":"Till 2","firmware":"9.1"}],"total":2}`,
			repeatable: true,
			check: wantEqual([]Terminal{
				{TerminalID: "term_1", TerminalType: "PaymentPage", TerminalStatus: "ACTIVE", TerminalPublicKey: ptr("pk_1")},
				{TerminalID: "term_2", TerminalType: "checkoutX", TerminalStatus: "REGISTERED", TerminalName: ptr("Till 2")},
			}),
		},
		{
			name: "ListTerminalsOfType",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.ListTerminals(ctx, 1001, "checkoutX")
			},
			method:     http.MethodGet,
			path:       "/v1/partner/merchants/1001/card-payments/terminals?terminalType=checkoutX",
			status:     http.StatusOK,
			respBody:   `{"terminals":[],"total":0}`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				if terms, ok := got.([]Terminal); !ok || terms == nil || len(terms) != 0 {
					t.Errorf("got %#v, want an empty, non-nil list", got)
				}
			},
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
	}
}

func TestTerminalWords(t *testing.T) {
	if !(Terminal{TerminalStatus: "inactive"}).Inactive() || (Terminal{TerminalStatus: "REGISTERED"}).Inactive() {
		t.Error("Inactive() must match INACTIVE case-insensitively and nothing else")
	}
	if !(Terminal{TerminalType: "CheckoutX"}).IsCheckoutX() || (Terminal{TerminalType: "PaymentPage"}).IsCheckoutX() {
		t.Error("IsCheckoutX() must match checkoutX case-insensitively and nothing else")
	}
}

// The area's endpoints for TestEndpoints and the retry tests (opCases),
// and its operations for the published examples' tests (decoders).
func init() {
	addOpCases(terminalOps)
	addDecoders(map[string]Decoder{
		"createOnlineTerminal": func(ctx context.Context, c *Client) error {
			_, err := c.CreateOnlineTerminal(ctx, 1, OnlineTerminalRequest{OnlineTerminalMode: "PaymentPage"})
			return err
		},
		"listTerminals": func(ctx context.Context, c *Client) error {
			_, err := c.ListTerminals(ctx, 1, "")
			return err
		},
		"createInterappRegistration": func(ctx context.Context, c *Client) error {
			_, err := c.CreateInterappRegistration(ctx, 1, InterappRegistrationRequest{})
			return err
		},
	})
}
