// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/webhooksig"
)

// Events sent to webhook endpoints, in the published envelope and signed
// both published ways, once: there are no retries. A test event goes to one
// endpoint when the admin surface asks (DeliverTestEvent), active or not.
// The sandbox also sends events on its own (deliverEvents): a merchant
// activated or deactivated, a payment whose status changed, each to every
// active endpoint of the merchant's partner that subscribes to the event.

// webhookEvent is the body of a delivery, the envelope both docs sites
// publish.
type webhookEvent struct {
	Event     string          `json:"event"`
	Timestamp string          `json:"timestamp"`
	Data      json.RawMessage `json:"data"`
}

// webhookTimestampLayout is the envelope's timestamp as published
// ("2026-01-18T14:35:00.000Z"): UTC with milliseconds.
const webhookTimestampLayout = "2006-01-02T15:04:05.000Z"

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

func (s *Server) adminDeliver(r *http.Request) (int, any, error) {
	id, err := adminWebhookID(r)
	if err != nil {
		return 0, nil, err
	}
	var req TestEvent
	if err := s.adminBody(r, &req, false); err != nil {
		return 0, nil, err
	}
	d, err := s.DeliverTestEvent(id, req)
	if err != nil && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrInvalidInput) {
		return 0, nil, errorf(http.StatusBadGateway, "%v", err) // the receiver could not be reached
	}
	return http.StatusOK, d, err
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

// EventDelivery is the outcome of one event sent to one endpoint: the
// receiver's status, or the error that kept it from answering.
type EventDelivery struct {
	WebhookID  int64           `json:"webhookId"`
	URL        string          `json:"url"`
	Event      string          `json:"event"`
	Timestamp  string          `json:"timestamp"`
	Data       json.RawMessage `json:"data"`
	StatusCode int             `json:"statusCode,omitempty"`
	Error      string          `json:"error,omitempty"`
}

// eventDelivery is an event ready to send to one endpoint.
type eventDelivery struct {
	webhookID int64
	delivery
}

// eventDeliveries prepares event with data for every active endpoint of
// partner that subscribes to it and stamps their lastTriggeredAt. The
// caller holds the lock and sends them with deliverEvents after unlocking,
// so a slow receiver (or one that calls the sandbox back) blocks nobody.
func (st *state) eventDeliveries(partner, event string, data map[string]any, at time.Time) []eventDelivery {
	var out []eventDelivery
	for _, w := range st.webhooks {
		if w.PartnerClientID != partner || w.Status != statusActive || !slices.Contains(w.Events, event) {
			continue
		}
		d := delivery{url: w.URL, secret: w.Secret, at: at}
		d.event = webhookEvent{Event: event, Timestamp: at.UTC().Format(webhookTimestampLayout)}
		d.event.Data, _ = json.Marshal(data) // maps of JSON values always encode
		d.body, _ = json.Marshal(d.event)
		w.LastTriggeredAt = timestamp(at)
		out = append(out, eventDelivery{webhookID: w.ID, delivery: d})
	}
	return out
}

// deliverEvents sends the deliveries one after the other and reports each
// outcome. A receiver that cannot be reached is logged, not an error: the
// change that fired the event stands.
func (s *Server) deliverEvents(events []eventDelivery) []EventDelivery {
	out := make([]EventDelivery, 0, len(events))
	for _, e := range events {
		res := EventDelivery{WebhookID: e.webhookID, URL: e.url, Event: e.event.Event, Timestamp: e.event.Timestamp, Data: e.event.Data}
		status, err := s.post(e.delivery)
		if err != nil {
			res.Error = err.Error()
			s.logger.Printf("webhook %d: %s to %s failed: %v", e.webhookID, e.event.Event, e.url, err)
		}
		res.StatusCode = status
		out = append(out, res)
	}
	return out
}
