// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/webhooksig"
)

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

// partnerWide wraps a handler of a partner route without a merchant in its
// path: credentials (401), body size and type (413/415), then the handler
// under the lock.
func (s *Server) partnerWide(h func(p Partner, r *http.Request, body []byte) (int, any, error)) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, body, err := s.partnerRequest(w, r)
		if err != nil {
			return err
		}
		s.mu.Lock()
		status, resp, err := h(p, r, body)
		s.mu.Unlock()
		if err != nil {
			return err
		}
		return writeJSON(w, status, resp)
	}
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

// Test deliveries invent a payment for payment events, numbered from
// firstTestPaymentID (clear of merchant and endpoint IDs), so each delivery
// is a new payment to a receiver that deduplicates on the payment ID. The
// payment's other fields are fixed: an amount in major units as a JSON
// number, as the payments pages publish it.
const (
	firstTestPaymentID  = 70001
	testPaymentAmount   = 149.5
	testPaymentCurrency = "DKK"
)

// paymentEventStatus is the payment status each payment event reports in
// data.status. The pages publish the events and a payment's statuses
// (pending, paid, ...) but not which goes with which: the sandbox's choice.
var paymentEventStatus = map[string]string{
	"payment.created":    "pending",
	"payment.processing": "processing",
	"payment.completed":  "paid",
	"payment.failed":     "failed",
	"payment.expired":    "expired",
}

// webhookTimestampLayout is the envelope's timestamp as published
// ("2026-01-18T14:35:00.000Z"): UTC with milliseconds.
const webhookTimestampLayout = "2006-01-02T15:04:05.000Z"

// TestEvent chooses what a test delivery carries. Event "" means the
// endpoint's first event. Data's fields replace or add to the generated
// data, as JSON values (json.RawMessage(`42`)), for tests of a receiver.
type TestEvent struct {
	Event string                     `json:"event"`
	Data  map[string]json.RawMessage `json:"data"`
}

// WebhookDelivery is the outcome of a test delivery: the event as sent and
// the receiver's status.
type WebhookDelivery struct {
	Event      string          `json:"event"`
	Timestamp  string          `json:"timestamp"`
	Data       json.RawMessage `json:"data"`
	StatusCode int             `json:"statusCode"`
}

// DeliverWebhookEvent sends a signed test event with generated data to an
// endpoint's URL, as the service would: event is one the endpoint
// subscribes to ("" means its first).
func (s *Server) DeliverWebhookEvent(id int64, event string) (WebhookDelivery, error) {
	return s.DeliverTestEvent(id, TestEvent{Event: event})
}

// DeliverTestEvent sends e, signed, to an endpoint's URL. Both published
// signing schemes are sent, so a receiver written for either verifies it.
// A receiver that cannot be reached is an error; any status it answers is
// not.
func (s *Server) DeliverTestEvent(id int64, e TestEvent) (WebhookDelivery, error) {
	d, err := s.prepareDelivery(id, e)
	if err != nil {
		return WebhookDelivery{}, err
	}
	status, err := s.post(d)
	if err != nil {
		return WebhookDelivery{}, fmt.Errorf("delivery to %s: %w", d.url, err)
	}
	return WebhookDelivery{Event: d.event.Event, Timestamp: d.event.Timestamp, Data: d.event.Data, StatusCode: status}, nil
}

// delivery is an event ready to send. Its timestamp, the signature's
// timestamp and the endpoint's lastTriggeredAt share one instant.
type delivery struct {
	url, secret string
	event       webhookEvent
	body        []byte
	at          time.Time
}

// prepareDelivery builds the event and stamps lastTriggeredAt under the
// lock; the delivery itself runs unlocked, so a slow receiver (or one that
// calls the sandbox back) blocks nobody.
func (s *Server) prepareDelivery(id int64, e TestEvent) (delivery, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.st.webhook(id)
	if w == nil {
		return delivery{}, fmt.Errorf("webhook %d: %w", id, ErrNotFound)
	}
	if e.Event == "" {
		e.Event = w.Events[0]
	}
	if !slices.Contains(w.Events, e.Event) {
		return delivery{}, fmt.Errorf("webhook %d does not subscribe to %q (it has %s): %w",
			id, e.Event, strings.Join(w.Events, ", "), ErrInvalidInput)
	}
	data := s.st.eventData(w.PartnerClientID, e.Event)
	for name, value := range e.Data {
		data[name] = value
	}
	d := delivery{url: w.URL, secret: w.Secret, at: s.now()}
	d.event = webhookEvent{Event: e.Event, Timestamp: d.at.UTC().Format(webhookTimestampLayout)}
	d.event.Data, _ = json.Marshal(data)
	d.body, _ = json.Marshal(d.event)
	w.LastTriggeredAt = timestamp(d.at)
	return d, nil
}

// eventData is the generated data of a test event of the partner: a new
// payment of its first merchant for payment events, that merchant's IDs
// for merchant events.
func (st *state) eventData(partner, event string) map[string]any {
	merchantID, clientID := st.firstMerchantOf(partner)
	status, isPayment := paymentEventStatus[event]
	if !isPayment {
		return map[string]any{"merchantId": merchantID, "clientId": clientID}
	}
	paymentID := st.nextPaymentID
	st.nextPaymentID++
	return map[string]any{
		"paymentId": paymentID, "status": status, "amount": testPaymentAmount, "currency": testPaymentCurrency,
		"referenceNumber": fmt.Sprintf("SANDBOX-%d", paymentID), "merchantId": merchantID,
	}
}

// firstMerchantOf names a merchant of the partner, by ID and client ID, in
// test events; 0 and "" when it has none.
func (st *state) firstMerchantOf(partner string) (int64, string) {
	for _, id := range st.merchantIDs {
		if m := st.merchants[id]; m.partner == partner {
			return id, m.clientID
		}
	}
	return 0, ""
}

// post sends d with both signature schemes and returns the receiver's
// status.
func (s *Server) post(d delivery) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), callbackTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.url, bytes.NewReader(d.body))
	if err != nil {
		return 0, err
	}
	ts := strconv.FormatInt(d.at.Unix(), 10)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "cardpay-sandbox")
	req.Header.Set(webhooksig.HeaderSignature, webhooksig.Sign(d.secret, webhooksig.Message("", d.body)))
	req.Header.Set(webhooksig.HeaderTimestamp, ts)
	req.Header.Set(webhooksig.HeaderTimestampedSignature, webhooksig.Sign(d.secret, webhooksig.Message(ts, d.body)))
	resp, err := s.callback.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // lets the connection be reused
	_ = resp.Body.Close()
	return resp.StatusCode, nil
}
