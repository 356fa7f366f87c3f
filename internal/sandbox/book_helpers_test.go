// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
)

// Helpers of the partner book's tests.

const (
	merchantsPath   = "/v1/partner/merchants"
	credentialsPath = "/v1/partner/credentials"
	paymentsPath    = "/v1/partner/payments"
)

// receivedEvent is one delivery an eventSink received.
type receivedEvent struct {
	header http.Header
	body   []byte
	Event  string         `json:"event"`
	Data   map[string]any `json:"data"`
}

// eventSink is a webhook receiver that keeps every delivery.
type eventSink struct {
	url string

	mu  sync.Mutex
	got []receivedEvent
}

func newEventSink(t *testing.T) *eventSink {
	t.Helper()
	sink := &eventSink{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		ev := receivedEvent{header: r.Header.Clone(), body: body}
		if err := json.Unmarshal(body, &ev); err != nil {
			t.Errorf("delivery is not JSON: %v: %s", err, body)
		}
		sink.mu.Lock()
		sink.got = append(sink.got, ev)
		sink.mu.Unlock()
	}))
	t.Cleanup(srv.Close)
	sink.url = srv.URL + "/events"
	return sink
}

func (s *eventSink) events() []receivedEvent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]receivedEvent(nil), s.got...)
}

// subscribe creates an endpoint of the demo partner for url and events and
// returns its ID and secret.
func (e *env) subscribe(url string, events ...string) (int64, string) {
	e.t.Helper()
	r := e.partner(http.MethodPost, "/v1/partner/webhooks", map[string]any{"url": url, "events": events})
	expectStatus(e.t, r, http.StatusCreated)
	obj := r.obj(e.t)
	return int64(get[float64](e.t, obj, "id")), get[string](e.t, obj, "secret")
}

// verifySignatures fails unless ev carries both published signatures of
// its body with secret.
func verifySignatures(t *testing.T, ev receivedEvent, secret string) {
	t.Helper()
	mac := func(msg []byte) string {
		h := hmac.New(sha256.New, []byte(secret))
		h.Write(msg)
		return hex.EncodeToString(h.Sum(nil))
	}
	ts := ev.header.Get("X-AcountPay-Timestamp")
	if _, err := strconv.ParseInt(ts, 10, 64); err != nil {
		t.Errorf("X-AcountPay-Timestamp %q is not Unix seconds", ts)
	}
	if ev.header.Get("X-Webhook-Signature") != mac(ev.body) || ev.header.Get("X-AcountPay-Signature") != mac(append([]byte(ts+"."), ev.body...)) {
		t.Errorf("signatures of %s do not verify with the endpoint's secret", ev.body)
	}
}

// createMerchantAs creates a merchant through the API with headers and
// returns the create answer.
func (e *env) createMerchantAs(path string, body any, headers map[string]string) map[string]any {
	e.t.Helper()
	r := e.do(http.MethodPost, path, body, headers)
	expectStatus(e.t, r, http.StatusCreated)
	return r.obj(e.t)
}

func contactBody(company string) map[string]any {
	return map[string]any{"companyName": company, "contactEmail": "owner@harbour.example"}
}
