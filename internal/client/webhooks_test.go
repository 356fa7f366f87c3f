// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
)

// webhookOps are the endpoints of webhooks, for TestEndpoints and the retry tests.
func webhookOps() []opCase {
	return []opCase{
		{
			name: "CreateWebhook",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.CreateWebhook(ctx, WebhookRequest{URL: "https://hooks.example/cardpay", Events: []string{"payment.completed", "payment.failed"}})
			},
			method:  http.MethodPost,
			path:    "/v1/partner/webhooks",
			reqBody: `{"url":"https://hooks.example/cardpay","events":["payment.completed","payment.failed"]}`,
			status:  http.StatusCreated,
			respBody: `{"id":9001,"url":"https://hooks.example/cardpay","events":["payment.completed","payment.failed"],"status":"active",
				"secret":"whsec_abc","lastTriggeredAt":null,"createdAt":"2026-03-19T10:00:00Z"}`,
			check: wantPointee(Webhook{ID: "9001", URL: "https://hooks.example/cardpay", Events: []string{"payment.completed", "payment.failed"},
				Status: "active", Secret: ptr("whsec_abc"), CreatedAt: "2026-03-19T10:00:00Z"}),
		},
		{
			name: "ListWebhooks",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.ListWebhooks(ctx)
			},
			method: http.MethodGet,
			path:   "/v1/partner/webhooks",
			status: http.StatusOK,
			respBody: `[{"id":9001,"url":"https://hooks.example/a","events":["merchant.activated"],"status":"inactive",
				"lastTriggeredAt":"2026-03-20T08:00:00Z","createdAt":"2026-03-19T10:00:00Z"},{"id":"wh:7:b","url":"https://hooks.example/b","events":[],"status":"active"}]`,
			repeatable: true,
			check: wantEqual([]Webhook{
				{ID: "9001", URL: "https://hooks.example/a", Events: []string{"merchant.activated"}, Status: "inactive",
					LastTriggeredAt: ptr("2026-03-20T08:00:00Z"), CreatedAt: "2026-03-19T10:00:00Z"},
				{ID: "wh:7:b", URL: "https://hooks.example/b", Events: []string{}, Status: "active"},
			}),
		},
		{
			name: "UpdateWebhook",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.UpdateWebhook(ctx, "9001", WebhookRequest{URL: "https://hooks.example/new", Events: []string{"payment.failed"}})
			},
			method:     http.MethodPut,
			path:       "/v1/partner/webhooks/9001",
			reqBody:    `{"url":"https://hooks.example/new","events":["payment.failed"]}`,
			status:     http.StatusOK,
			respBody:   `{"id":9001,"url":"https://hooks.example/new","events":["payment.failed"],"status":"active"}`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				if w, ok := got.(*Webhook); !ok || w.ID != "9001" || w.URL != "https://hooks.example/new" || w.Secret != nil {
					t.Errorf("got %#v", got)
				}
			},
		},
	}
}

// The webhook list may come wrapped; an answer to a create without an ID
// leaves the endpoint untrackable, so it is reported as maybe created.
func TestWebhookShapes(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `{"webhooks":[{"id":"12","url":"https://hooks.example/a","events":["payment.failed"]}]}`})
	got, err := api.client(t).ListWebhooks(t.Context())
	if err != nil || len(got) != 1 || got[0].ID != "12" {
		t.Fatalf("WebhookList = %+v, %v", got, err)
	}

	api = newFakeAPI(t, reply{status: http.StatusCreated, body: `{"url":"https://hooks.example/a","secret":"whsec_x"}`})
	_, err = api.client(t).CreateWebhook(t.Context(), WebhookRequest{URL: "https://hooks.example/a", Events: []string{"payment.failed"}})
	var maybe *MaybeCreatedError
	if !errors.As(err, &maybe) || !strings.Contains(err.Error(), `webhook endpoint for "https://hooks.example/a"`) {
		t.Errorf("err = %v, want a MaybeCreatedError naming the URL", err)
	}
}

// The area's endpoints for TestEndpoints and the retry tests (opCases),
// and its operations for the published examples' tests (decoders).
func init() {
	addOpCases(webhookOps)
	addDecoders(map[string]Decoder{
		"createWebhook": func(ctx context.Context, c *Client) error {
			_, err := c.CreateWebhook(ctx, WebhookRequest{URL: "https://example.com/hook", Events: []string{"payment.completed"}})
			return err
		},
		"listWebhooks": func(ctx context.Context, c *Client) error {
			_, err := c.ListWebhooks(ctx)
			return err
		},
		"updateWebhook": func(ctx context.Context, c *Client) error {
			_, err := c.UpdateWebhook(ctx, "1", WebhookRequest{URL: "https://example.com/hook", Events: []string{"payment.completed"}})
			return err
		},
	})
}
