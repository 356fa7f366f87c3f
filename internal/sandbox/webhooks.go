// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// Webhook endpoints: the partner's, created (the only answer with the
// signing secret), listed and replaced; the admin surface changes or
// removes one behind the provider's back. Deliveries are in events.go.

// The routes of webhook endpoints.
const (
	// RouteCreateWebhook creates a webhook endpoint.
	RouteCreateWebhook = "POST /v1/partner/webhooks"
	// RouteListWebhooks lists the partner's webhook endpoints.
	RouteListWebhooks = "GET /v1/partner/webhooks"
	// RouteUpdateWebhook replaces a webhook endpoint's URL and events.
	RouteUpdateWebhook = "PUT /v1/partner/webhooks/{id}"
)

func init() { registerArea("webhooks", (*Server).webhookRoutes) }

// webhookRoutes registers the routes of webhook endpoints and their admin
// operations.
func (s *Server) webhookRoutes() {
	s.api(RouteCreateWebhook, s.partnerWide(s.createWebhook))
	s.api(RouteListWebhooks, s.partnerWide(s.listWebhooks))
	s.api(RouteUpdateWebhook, s.partnerWide(s.updateWebhook))
	s.admin("POST /_sandbox/webhooks/{id}/deliver", s.adminDeliver)
	s.admin("PATCH /_sandbox/webhooks/{id}", s.adminChangeWebhook)
	s.admin("DELETE /_sandbox/webhooks/{id}", func(r *http.Request) (int, any, error) {
		id, err := adminWebhookID(r)
		if err != nil {
			return 0, nil, err
		}
		return http.StatusOK, okBody, s.RemoveWebhook(id)
	})
}

// webhookEvents are the event names the service's pages publish.
var webhookEvents = []string{
	"merchant.activated", "merchant.deactivated",
	"payment.completed", "payment.failed", "payment.created", "payment.processing", "payment.expired",
}

// firstWebhookID keeps endpoint IDs clear of merchant IDs in examples.
const firstWebhookID = 9001

// Webhook is a webhook endpoint as the sandbox keeps it. The secret is
// returned by the API only when the endpoint is created; the snapshot
// shows it so tests can verify deliveries.
type Webhook struct {
	ID              int64    `json:"id"`
	PartnerClientID string   `json:"partnerClientId"`
	URL             string   `json:"url"`
	Events          []string `json:"events"`
	Status          string   `json:"status"`
	Secret          string   `json:"secret"`
	LastTriggeredAt string   `json:"lastTriggeredAt,omitempty"`
	CreatedAt       string   `json:"createdAt"`
}

// answer is the endpoint as the list and update answers show it.
func (w *Webhook) answer() webhookResponse {
	resp := webhookResponse{ID: w.ID, URL: w.URL, Events: slices.Clone(w.Events), Status: w.Status, CreatedAt: w.CreatedAt}
	if w.LastTriggeredAt != "" {
		resp.LastTriggeredAt = &w.LastTriggeredAt
	}
	return resp
}

type webhookRequest struct {
	URL    string   `json:"url"`
	Events []string `json:"events"`
}

// webhookResponse is an endpoint as the API shows it: lastTriggeredAt is
// null until the first delivery, and the secret is left out.
type webhookResponse struct {
	ID              int64    `json:"id"`
	URL             string   `json:"url"`
	Events          []string `json:"events"`
	Status          string   `json:"status"`
	LastTriggeredAt *string  `json:"lastTriggeredAt"`
	CreatedAt       string   `json:"createdAt"`
}

// createdWebhookResponse is the create answer, the only one with the secret.
type createdWebhookResponse struct {
	webhookResponse
	Secret string `json:"secret"`
}

func (s *Server) createWebhook(p Partner, _ *http.Request, body []byte) (int, any, error) {
	var req webhookRequest
	if err := decodeJSON(body, &req, true); err != nil {
		return 0, nil, err
	}
	if err := validateWebhook(req.URL, req.Events); err != nil {
		return 0, nil, err
	}
	w := &Webhook{
		ID: s.st.nextWebhookID, PartnerClientID: p.ClientID, URL: req.URL, Events: slices.Clone(req.Events),
		Status: statusActive, Secret: "whsec_" + randomToken(24), CreatedAt: timestamp(s.now()),
	}
	s.st.nextWebhookID++
	s.st.webhooks = append(s.st.webhooks, w)
	created := createdWebhookResponse{webhookResponse: w.answer(), Secret: w.Secret}
	return http.StatusCreated, created, nil
}

func (s *Server) listWebhooks(p Partner, _ *http.Request, body []byte) (int, any, error) {
	if err := decodeJSON(body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	out := []webhookResponse{}
	for _, w := range s.st.webhooks {
		if w.PartnerClientID == p.ClientID {
			out = append(out, w.answer())
		}
	}
	return http.StatusOK, out, nil
}

// updateWebhook looks the endpoint up (400, 404) before it reads the body,
// like PUT store: an unknown ID is the more useful answer.
func (s *Server) updateWebhook(p Partner, r *http.Request, body []byte) (int, any, error) {
	w, err := s.st.partnerWebhook(p, r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	var req webhookRequest
	if err := decodeJSON(body, &req, true); err != nil {
		return 0, nil, err
	}
	if err := validateWebhook(req.URL, req.Events); err != nil {
		return 0, nil, err
	}
	w.URL, w.Events = req.URL, slices.Clone(req.Events)
	return http.StatusOK, w.answer(), nil
}

// partnerWebhook finds p's endpoint by its path ID. Another partner's
// endpoint is 404 like an unknown one, so IDs reveal nothing.
func (st *state) partnerWebhook(p Partner, rawID string) (*Webhook, error) {
	id, err := parseWebhookID(rawID)
	if err != nil {
		return nil, err
	}
	w := st.webhook(id)
	if w == nil || w.PartnerClientID != p.ClientID {
		return nil, errorf(http.StatusNotFound, "webhook %d not found", id)
	}
	return w, nil
}

func parseWebhookID(raw string) (int64, error) {
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return 0, badRequest("webhook id must be a positive integer, got %q", raw)
	}
	return id, nil
}

func (st *state) webhook(id int64) *Webhook {
	for _, w := range st.webhooks {
		if w.ID == id {
			return w
		}
	}
	return nil
}

func validateWebhook(rawURL string, events []string) error {
	if err := validWebhookURL(rawURL); err != nil {
		return err
	}
	return validWebhookEvents(events)
}

// validWebhookURL requires an absolute https URL, or http for loopback
// hosts, with a host name and a usable port, without user info or fragment
// (an empty "#" included: the service would sign a URL it cannot call).
func validWebhookURL(raw string) error {
	if raw == "" {
		return badRequest("field %q is required: %s", "url", webhookURLRule)
	}
	u, err := url.Parse(raw)
	ok := err == nil && u.Hostname() != "" && validPort(u.Port()) && u.User == nil && !strings.Contains(raw, "#") &&
		(u.Scheme == "https" || (u.Scheme == "http" && isLoopback(u.Hostname())))
	if !ok {
		return badRequest("field %q must be %s, got %q", "url", webhookURLRule, raw)
	}
	return nil
}

const webhookURLRule = "an absolute https URL (http only for localhost, 127.0.0.0/8 or ::1) " +
	"without user name, password or fragment"

// validPort accepts no port or a TCP port number.
func validPort(port string) bool {
	if port == "" {
		return true
	}
	n, err := strconv.Atoi(port)
	return err == nil && n >= 1 && n <= 65535
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func validWebhookEvents(events []string) error {
	if len(events) == 0 {
		return badRequest("field %q is required: a non-empty array of %s", "events", strings.Join(webhookEvents, ", "))
	}
	for i, e := range events {
		if err := oneOf("events", e, webhookEvents); err != nil {
			return err
		}
		if slices.Contains(events[:i], e) {
			return badRequest("field %q lists %s twice", "events", e)
		}
	}
	return nil
}

// randomToken returns n random bytes as URL-safe base64.
func randomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// WebhookChange changes an endpoint behind the provider's back; nil fields
// stay as they are.
type WebhookChange struct {
	URL    *string  `json:"url"`
	Events []string `json:"events"`
	Status *string  `json:"status"`
}

// ChangeWebhook applies change to an endpoint, with the API's format rules.
func (s *Server) ChangeWebhook(id int64, change WebhookChange) (Webhook, error) {
	if change.URL != nil {
		if err := validWebhookURL(*change.URL); err != nil {
			return Webhook{}, err
		}
	}
	if change.Events != nil {
		if err := validWebhookEvents(change.Events); err != nil {
			return Webhook{}, err
		}
	}
	if change.Status != nil && *change.Status != statusActive && *change.Status != statusInactive {
		return Webhook{}, fmt.Errorf("status must be %q or %q, got %q: %w", statusActive, statusInactive, *change.Status, ErrInvalidInput)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.st.webhook(id)
	if w == nil {
		return Webhook{}, fmt.Errorf("webhook %d: %w", id, ErrNotFound)
	}
	if change.URL != nil {
		w.URL = *change.URL
	}
	if change.Events != nil {
		w.Events = slices.Clone(change.Events)
	}
	if change.Status != nil {
		w.Status = *change.Status
	}
	return w.copy(), nil
}

func (s *Server) adminChangeWebhook(r *http.Request) (int, any, error) {
	id, err := adminWebhookID(r)
	if err != nil {
		return 0, nil, err
	}
	var change WebhookChange
	if err := s.adminBody(r, &change, true); err != nil {
		return 0, nil, err
	}
	w, err := s.ChangeWebhook(id, change)
	return http.StatusOK, w, err
}

func adminWebhookID(r *http.Request) (int64, error) {
	return parseWebhookID(r.PathValue("id"))
}

// RemoveWebhook deletes an endpoint, as cardpay support would: the API has
// no delete endpoint.
func (s *Server) RemoveWebhook(id int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := slices.IndexFunc(s.st.webhooks, func(w *Webhook) bool { return w.ID == id })
	if i < 0 {
		return fmt.Errorf("webhook %d: %w", id, ErrNotFound)
	}
	s.st.webhooks = slices.Delete(s.st.webhooks, i, i+1)
	return nil
}

func (w *Webhook) copy() Webhook {
	c := *w
	c.Events = slices.Clone(w.Events)
	return c
}
