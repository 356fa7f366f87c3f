// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"encoding/json"
	"slices"
	"time"
)

// Events the sandbox sends on its own, unlike the test deliveries of
// webhooks.go: a merchant activated or deactivated, a payment whose status
// changed. Each goes to every active endpoint of the merchant's partner
// that subscribes to the event, in the published envelope and signed both
// published ways, once: there are no retries.

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
