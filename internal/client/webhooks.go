// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
)

// Webhooks: the partner's event endpoints, created (the only answer with
// the signing secret), listed and replaced.

// WebhookRequest is the body of POST and PUT /v1/partner/webhooks: both
// fields are required, and a PUT replaces both.
type WebhookRequest struct {
	URL    string   `json:"url"`
	Events []string `json:"events"`
}

// Webhook is an endpoint that receives the partner's event notifications.
// Secret, the signing key, comes only with the create answer.
type Webhook struct {
	// ID is a JSON number on the published pages; a string is accepted
	// too, and either is kept as text.
	ID              FlexibleID `json:"id"`
	URL             string     `json:"url"`
	Events          []string   `json:"events"`
	Status          string     `json:"status"`
	Secret          *string    `json:"secret,omitempty"`
	LastTriggeredAt *string    `json:"lastTriggeredAt,omitempty"`
	CreatedAt       string     `json:"createdAt"`
}

// CreateWebhook creates a webhook endpoint. The answer is the only one that
// carries the signing secret.
func (c *Client) CreateWebhook(ctx context.Context, req WebhookRequest) (*Webhook, error) {
	ep := partnerCreate("create webhook", "/v1/partner/webhooks",
		fmt.Sprintf("the service may have created a webhook endpoint for %q; check the partner's webhooks before applying again", req.URL),
	).changing(WebhookList, 0)
	var out createdWebhook
	if err := c.do(ctx, ep, req, &out); err != nil {
		return nil, err
	}
	return (*Webhook)(&out), nil
}

// createdWebhook is a create answer, which must name the endpoint.
type createdWebhook Webhook

func (w *createdWebhook) validate() error {
	if w.ID == "" {
		return errors.New(`the new webhook endpoint has no "id"`)
	}
	return nil
}

// WebhookList is the partner's webhook endpoints, as ListWebhooks answers
// them.
const WebhookList ListKind = "webhooks"

// ListWebhooks lists the partner's webhook endpoints, without secrets.
func (c *Client) ListWebhooks(ctx context.Context) ([]Webhook, error) {
	var out webhookList
	if err := c.do(ctx, partnerRead("list webhooks", "/v1/partner/webhooks"), nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// webhookList is a webhook list as a bare JSON array or an object
// {"webhooks": [...]}; the pages show the fields, not the wrapping.
type webhookList []Webhook

func (l *webhookList) UnmarshalJSON(data []byte) error {
	return decodeList(data, (*[]Webhook)(l), "webhooks")
}

func (l webhookList) validate() error {
	for i, w := range l {
		if w.ID == "" {
			return fmt.Errorf(`webhook %d of the list has no "id"`, i)
		}
	}
	return nil
}

// UpdateWebhook replaces an endpoint's URL and events. A PUT of the same
// values leaves the same endpoint, so the call is repeatable.
func (c *Client) UpdateWebhook(ctx context.Context, id string, req WebhookRequest) (*Webhook, error) {
	const op = "update webhook"
	if err := requireSegment(op, "webhook ID", id); err != nil {
		return nil, err
	}
	ep := partnerRepeatable(op, http.MethodPut, "/v1/partner/webhooks/"+url.PathEscape(id)).changing(WebhookList, 0)
	return doDecoded[Webhook](ctx, c, ep, req)
}
