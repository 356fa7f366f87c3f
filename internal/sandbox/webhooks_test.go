// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

const webhooksPath = "/v1/partner/webhooks"

func webhookBody(url string, events ...string) map[string]any {
	return map[string]any{"url": url, "events": events}
}

// The secret comes only with the create answer; lists and updates show the
// partner's own endpoints without it.
func TestWebhookEndpoints(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodPost, webhooksPath, webhookBody("https://hooks.example/a", "payment.completed"))
	expectStatus(t, r, http.StatusCreated)
	created := r.obj(t)
	expectKeys(t, created, "id", "url", "events", "status", "secret", "lastTriggeredAt", "createdAt")
	if created["id"] != float64(firstWebhookID) || created["status"] != "active" || created["lastTriggeredAt"] != nil ||
		!strings.HasPrefix(get[string](t, created, "secret"), "whsec_") || created["createdAt"] != "2026-01-15T12:00:00Z" {
		t.Errorf("create answer = %v", created)
	}
	path := webhooksPath + "/" + strconv.Itoa(firstWebhookID)

	r = e.partner(http.MethodPut, path, webhookBody("https://hooks.example/b", "payment.failed", "merchant.activated"))
	expectStatus(t, r, http.StatusOK)
	updated := r.obj(t)
	expectKeys(t, updated, "id", "url", "events", "status", "lastTriggeredAt", "createdAt")
	if updated["url"] != "https://hooks.example/b" || len(get[[]any](t, updated, "events")) != 2 {
		t.Errorf("update answer = %v", updated)
	}

	r = e.partner(http.MethodGet, webhooksPath, nil)
	expectStatus(t, r, http.StatusOK)
	var list []map[string]any
	mustUnmarshal(t, r.raw, &list)
	if len(list) != 1 || list[0]["url"] != "https://hooks.example/b" {
		t.Errorf("list = %s", r.raw)
	}
	if _, leaked := list[0]["secret"]; leaked {
		t.Error("the list shows the secret")
	}

	// Another partner sees none of it and cannot change it.
	r = e.do(http.MethodGet, webhooksPath, nil, otherPartnerAuth())
	if expectStatus(t, r, http.StatusOK); string(r.raw) != "[]\n" {
		t.Errorf("other partner's list = %s", r.raw)
	}
	expectMessage(t, e.do(http.MethodPut, path, webhookBody("https://evil.example/", "payment.failed"), otherPartnerAuth()),
		http.StatusNotFound, "webhook 9001 not found")
	expectMessage(t, e.partner(http.MethodPut, webhooksPath+"/abc", webhookBody("https://hooks.example/a", "payment.failed")),
		http.StatusBadRequest, "positive integer")
	expectMessage(t, e.do(http.MethodGet, webhooksPath, nil, nil), http.StatusUnauthorized, "missing header X-Partner-Client-Id")
}

func TestWebhookValidation(t *testing.T) {
	e := newEnv(t)
	const allEvents = "must be one of merchant.activated, merchant.deactivated, payment.completed, payment.failed, " +
		"payment.created, payment.processing, payment.expired"
	for name, tc := range map[string]struct {
		body map[string]any
		want string
	}{
		"plain http":        {webhookBody("http://hooks.example/a", "payment.failed"), "absolute https URL"},
		"relative":          {webhookBody("/hooks", "payment.failed"), "absolute https URL"},
		"no host name":      {webhookBody("https://:443/a", "payment.failed"), "absolute https URL"},
		"port out of range": {webhookBody("https://hooks.example:70000/a", "payment.failed"), "absolute https URL"},
		"user info":         {webhookBody("https://u:p@hooks.example/a", "payment.failed"), "without user name"},
		"fragment":          {webhookBody("https://hooks.example/a#top", "payment.failed"), "fragment"},
		"empty fragment":    {webhookBody("https://hooks.example/a#", "payment.failed"), "fragment"},
		"unknown event":     {webhookBody("https://hooks.example/a", "payment.done"), allEvents},
		"no events":         {webhookBody("https://hooks.example/a"), `field "events" is required: a non-empty array of merchant.activated,`},
		"events null":       {map[string]any{"url": "https://hooks.example/a", "events": nil}, `field "events" is required`},
		"duplicate event":   {webhookBody("https://hooks.example/a", "payment.failed", "payment.failed"), "lists payment.failed twice"},
		"missing url":       {map[string]any{"events": []string{"payment.failed"}}, `field "url" is required: an absolute https URL`},
		"unknown field":     {map[string]any{"url": "https://hooks.example/a", "events": []string{"payment.failed"}, "secret": "x"}, `unknown field "secret"`},
		"no body":           {nil, "request body is required"},
	} {
		t.Run(name, func(t *testing.T) {
			var body any
			if tc.body != nil {
				body = tc.body
			}
			expectMessage(t, e.partner(http.MethodPost, webhooksPath, body), http.StatusBadRequest, tc.want)
		})
	}
	if n := len(e.srv.Snapshot().Webhooks); n != 0 {
		t.Fatalf("sandbox holds %d endpoints after refused requests", n)
	}
	// Loopback receivers may use plain http, as the tests' own do.
	for _, u := range []string{"http://127.0.0.1:9/hook", "http://127.8.9.10/hook", "http://[::1]:8080/hook", "http://LocalHost:1/hook"} {
		expectStatus(t, e.partner(http.MethodPost, webhooksPath, webhookBody(u, "payment.failed")), http.StatusCreated)
	}
}

// capturedDelivery is what a test receiver got.
type capturedDelivery struct {
	header http.Header
	body   []byte
}

// newCapturingReceiver answers every delivery with status and hands it to
// the returned channel.
func newCapturingReceiver(t *testing.T, status int) (*httptest.Server, <-chan capturedDelivery) {
	t.Helper()
	got := make(chan capturedDelivery, 4)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		got <- capturedDelivery{r.Header.Clone(), body}
		w.WriteHeader(status)
	}))
	t.Cleanup(receiver.Close)
	return receiver, got
}

// A delivery is the published envelope, carries both published signature
// schemes over the exact body and stamps lastTriggeredAt.
func TestWebhookDelivery(t *testing.T) {
	receiver, got := newCapturingReceiver(t, http.StatusAccepted)
	e := newEnv(t)
	r := e.partner(http.MethodPost, webhooksPath, webhookBody(receiver.URL+"/events", "payment.completed", "payment.failed"))
	expectStatus(t, r, http.StatusCreated)
	secret := get[string](t, r.obj(t), "secret")
	e.clock.Advance(1234 * time.Millisecond) // the envelope keeps milliseconds, the header whole seconds

	d, err := e.srv.DeliverWebhookEvent(firstWebhookID, "payment.failed")
	if err != nil || d.StatusCode != http.StatusAccepted || d.Event != "payment.failed" || d.Timestamp != "2026-01-15T12:00:01.234Z" {
		t.Fatalf("DeliverWebhookEvent = %+v, %v", d, err)
	}
	del := <-got
	var evt map[string]any
	mustUnmarshal(t, del.body, &evt)
	expectKeys(t, evt, "event", "timestamp", "data")
	if evt["event"] != "payment.failed" || evt["timestamp"] != "2026-01-15T12:00:01.234Z" {
		t.Errorf("event = %s", del.body)
	}
	if !strings.Contains(string(del.body), `"data":`+string(d.Data)) {
		t.Errorf("delivered body %s, answer's data %s", del.body, d.Data)
	}
	if del.header.Get("Content-Type") != "application/json" || del.header.Get("User-Agent") != "cardpay-sandbox" {
		t.Errorf("delivery headers = %v", del.header)
	}
	mac := func(msg []byte) string {
		h := hmac.New(sha256.New, []byte(secret))
		h.Write(msg)
		return hex.EncodeToString(h.Sum(nil))
	}
	ts := del.header.Get("X-AcountPay-Timestamp")
	if ts != strconv.FormatInt(e.clock.Now().Unix(), 10) {
		t.Errorf("timestamp %q, want the clock's %d", ts, e.clock.Now().Unix())
	}
	if del.header.Get("X-Webhook-Signature") != mac(del.body) {
		t.Error("X-Webhook-Signature is not the HMAC of the body")
	}
	if del.header.Get("X-AcountPay-Signature") != mac(append([]byte(ts+"."), del.body...)) {
		t.Error("X-AcountPay-Signature is not the HMAC of timestamp.body")
	}

	var list []map[string]any
	mustUnmarshal(t, e.partner(http.MethodGet, webhooksPath, nil).raw, &list)
	if list[0]["lastTriggeredAt"] != "2026-01-15T12:00:01Z" {
		t.Errorf("lastTriggeredAt = %v", list[0]["lastTriggeredAt"])
	}

	if _, err := e.srv.DeliverWebhookEvent(firstWebhookID, "merchant.activated"); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("an event the endpoint does not subscribe to: %v, want ErrInvalidInput", err)
	}
	if _, err := e.srv.DeliverWebhookEvent(1, ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown endpoint: %v, want ErrNotFound", err)
	}

	// Over HTTP, with the endpoint's first event by default.
	r = e.do(http.MethodPost, "/_sandbox/webhooks/9001/deliver", nil, nil)
	expectStatus(t, r, http.StatusOK)
	<-got
	expectKeys(t, r.obj(t), "event", "timestamp", "data", "statusCode")
	if r.obj(t)["event"] != "payment.completed" || r.obj(t)["statusCode"] != float64(http.StatusAccepted) {
		t.Errorf("admin delivery = %s", r.raw)
	}
}

// Payment events carry a new payment of the partner's first merchant, with
// the status the event stands for; merchant events that merchant's IDs.
func TestWebhookEventData(t *testing.T) {
	receiver, got := newCapturingReceiver(t, http.StatusOK)
	e := newEnv(t)
	expectStatus(t, e.partner(http.MethodPost, webhooksPath, webhookBody(receiver.URL, webhookEvents...)), http.StatusCreated)
	wantStatus := map[string]string{
		"payment.created": "pending", "payment.processing": "processing", "payment.completed": "paid",
		"payment.failed": "failed", "payment.expired": "expired",
	}
	paymentID := float64(firstTestPaymentID)
	for _, event := range webhookEvents {
		t.Run(event, func(t *testing.T) {
			if _, err := e.srv.DeliverWebhookEvent(firstWebhookID, event); err != nil {
				t.Fatal(err)
			}
			var evt map[string]any
			mustUnmarshal(t, (<-got).body, &evt)
			data := get[map[string]any](t, evt, "data")
			if status, isPayment := wantStatus[event]; isPayment {
				expectKeys(t, data, "paymentId", "status", "amount", "currency", "referenceNumber", "merchantId")
				if data["paymentId"] != paymentID || data["status"] != status || data["amount"] != 149.5 || data["currency"] != "DKK" ||
					data["referenceNumber"] != "SANDBOX-"+strconv.Itoa(int(paymentID)) || data["merchantId"] != float64(1001) {
					t.Errorf("data = %v, want payment %v %s of merchant 1001", data, paymentID, status)
				}
				paymentID++ // every delivery is a new payment
				return
			}
			expectKeys(t, data, "merchantId", "clientId")
			if data["merchantId"] != float64(1001) || data["clientId"] != merchantClientID(1001) {
				t.Errorf("data = %v, want merchant 1001 and its client ID %s", data, merchantClientID(1001))
			}
		})
	}
	// Reset numbers the payments again.
	e.srv.Reset()
	expectStatus(t, e.partner(http.MethodPost, webhooksPath, webhookBody(receiver.URL, "payment.completed")), http.StatusCreated)
	d, err := e.srv.DeliverWebhookEvent(firstWebhookID, "")
	<-got
	if err != nil || !strings.Contains(string(d.Data), `"paymentId":70001,`) {
		t.Errorf("first delivery after reset = %s, %v", d.Data, err)
	}
}

// The admin call's data replaces or adds fields, JSON values kept as
// written, so a test can send one payment twice.
func TestWebhookDeliveryDataOverrides(t *testing.T) {
	receiver, got := newCapturingReceiver(t, http.StatusOK)
	e := newEnv(t)
	expectStatus(t, e.partner(http.MethodPost, webhooksPath, webhookBody(receiver.URL, "payment.failed", "merchant.deactivated")), http.StatusCreated)
	for range 2 {
		r := e.do(http.MethodPost, "/_sandbox/webhooks/9001/deliver",
			`{"event":"payment.failed","data":{"paymentId":12345678901234567890,"reason":"card declined","currency":null}}`, nil)
		expectStatus(t, r, http.StatusOK)
		body := string((<-got).body)
		for _, want := range []string{`"event":"payment.failed"`, `"paymentId":12345678901234567890,`, `"reason":"card declined"`,
			`"currency":null`, `"status":"failed"`, `"merchantId":1001`} {
			if !strings.Contains(body, want) {
				t.Errorf("delivered %s, lacks %s", body, want)
			}
		}
		if !strings.Contains(string(r.raw), `"paymentId":12345678901234567890,`) {
			t.Errorf("admin answer %s does not show the data sent", r.raw)
		}
	}
	d, err := e.srv.DeliverTestEvent(firstWebhookID, TestEvent{Event: "merchant.deactivated",
		Data: map[string]json.RawMessage{"clientId": json.RawMessage(`"9b2c0c7e-0000-4000-8000-000000000000"`)}})
	<-got
	if err != nil || d.Data == nil || !strings.Contains(string(d.Data), `"clientId":"9b2c0c7e-0000-4000-8000-000000000000"`) {
		t.Errorf("DeliverTestEvent = %s, %v", d.Data, err)
	}
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/webhooks/9001/deliver", `{"data":[1]}`, nil),
		http.StatusBadRequest, `field "data" must be`)
}

// lastTriggeredAt records the attempt, not the receiver's success.
func TestWebhookLastTriggeredAtWhateverTheReceiverAnswers(t *testing.T) {
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
	}))
	defer receiver.Close()
	e := newEnv(t)
	r := e.do(http.MethodPost, webhooksPath, webhookBody(receiver.URL, "merchant.activated"), otherPartnerAuth())
	expectStatus(t, r, http.StatusCreated)
	id := int64(get[float64](t, r.obj(t), "id"))

	for _, at := range []string{"2026-01-15T13:00:00Z", "2026-01-15T14:00:00Z"} {
		e.clock.Advance(time.Hour)
		r = e.do(http.MethodPost, "/_sandbox/webhooks/"+strconv.FormatInt(id, 10)+"/deliver", `{"event":"merchant.activated"}`, nil)
		expectStatus(t, r, http.StatusOK)
		expectKeys(t, r.obj(t), "event", "timestamp", "data", "statusCode")
		if r.obj(t)["statusCode"] != float64(http.StatusInternalServerError) {
			t.Errorf("delivery = %s, want the receiver's 500", r.raw)
		}
		var list []map[string]any
		mustUnmarshal(t, e.do(http.MethodGet, webhooksPath, nil, otherPartnerAuth()).raw, &list)
		if len(list) != 1 || list[0]["lastTriggeredAt"] != at {
			t.Errorf("list after a delivery at %s = %v", at, list)
		}
		if _, leaked := list[0]["secret"]; leaked {
			t.Error("the list shows the secret after a delivery")
		}
	}
}

func TestWebhookDeliveryAdminErrors(t *testing.T) {
	e := newEnv(t)
	expectStatus(t, e.partner(http.MethodPost, webhooksPath, webhookBody("https://hooks.example/a", "payment.failed")), http.StatusCreated)
	for _, tc := range []struct {
		name, path string
		body       any
		status     int
		message    string
	}{
		{"unsubscribed event", "/_sandbox/webhooks/9001/deliver", `{"event":"payment.completed"}`, 400, `does not subscribe to "payment.completed" (it has payment.failed)`},
		{"unknown field", "/_sandbox/webhooks/9001/deliver", `{"type":"payment.failed"}`, 400, `unknown field "type"; allowed fields: event, data`},
		{"unknown id", "/_sandbox/webhooks/9002/deliver", nil, 404, "webhook 9002"},
		{"id syntax", "/_sandbox/webhooks/x/deliver", nil, 400, "positive integer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expectMessage(t, e.do(http.MethodPost, tc.path, tc.body, nil), tc.status, tc.message)
		})
	}
	if w := e.srv.Snapshot().Webhooks[0]; w.LastTriggeredAt != "" {
		t.Errorf("refused deliveries stamped lastTriggeredAt %q", w.LastTriggeredAt)
	}
}

func TestWebhookDeliveryToUnreachableReceiver(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	url := dead.URL
	dead.Close()
	e := newEnv(t)
	expectStatus(t, e.partner(http.MethodPost, webhooksPath, webhookBody(url, "payment.failed")), http.StatusCreated)
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/webhooks/9001/deliver", nil, nil), http.StatusBadGateway, "delivery to "+url)
	if _, err := e.srv.DeliverWebhookEvent(firstWebhookID, ""); err == nil || errors.Is(err, ErrNotFound) || errors.Is(err, ErrInvalidInput) {
		t.Errorf("DeliverWebhookEvent to a closed port: %v, want a transport error", err)
	}
	if w := e.srv.Snapshot().Webhooks[0]; w.LastTriggeredAt != "2026-01-15T12:00:00Z" {
		t.Errorf("lastTriggeredAt = %q, want the attempt's time", w.LastTriggeredAt)
	}
}

// The world outside Terraform: an endpoint changed or removed by others.
func TestWebhookAdminChanges(t *testing.T) {
	e := newEnv(t)
	expectStatus(t, e.partner(http.MethodPost, webhooksPath, webhookBody("https://hooks.example/a", "payment.failed")), http.StatusCreated)

	r := e.do(http.MethodPatch, "/_sandbox/webhooks/9001", `{"url":"https://elsewhere.example/","status":"inactive"}`, nil)
	expectStatus(t, r, http.StatusOK)
	if w := e.srv.Snapshot().Webhooks[0]; w.URL != "https://elsewhere.example/" || w.Status != "inactive" || w.Events[0] != "payment.failed" {
		t.Errorf("changed endpoint = %+v", w)
	}
	expectMessage(t, e.do(http.MethodPatch, "/_sandbox/webhooks/9001", `{"events":["nope"]}`, nil), http.StatusBadRequest, "must be one of")
	expectMessage(t, e.do(http.MethodPatch, "/_sandbox/webhooks/9001", `{"status":"paused"}`, nil), http.StatusBadRequest, "status must be")
	expectMessage(t, e.do(http.MethodPatch, "/_sandbox/webhooks/42", `{}`, nil), http.StatusNotFound, "webhook 42")
	expectMessage(t, e.do(http.MethodPatch, "/_sandbox/webhooks/9001", `{"secret":"x"}`, nil), http.StatusBadRequest, `unknown field "secret"`)
	expectMessage(t, e.do(http.MethodPatch, "/_sandbox/webhooks/9001", `{"url":""}`, nil), http.StatusBadRequest, `field "url" is required`)
	expectMessage(t, e.do(http.MethodPatch, "/_sandbox/webhooks/9001", `{"events":[]}`, nil), http.StatusBadRequest, `field "events" is required`)
	if _, err := e.srv.ChangeWebhook(firstWebhookID, WebhookChange{Events: []string{"payment.failed", "payment.failed"}}); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("ChangeWebhook with a duplicate event: %v, want ErrInvalidInput", err)
	}
	// The provider sees the change on its next read.
	var list []map[string]any
	mustUnmarshal(t, e.partner(http.MethodGet, webhooksPath, nil).raw, &list)
	if list[0]["status"] != "inactive" || list[0]["url"] != "https://elsewhere.example/" {
		t.Errorf("list after the admin change = %v", list)
	}
	active := "active"
	w, err := e.srv.ChangeWebhook(firstWebhookID, WebhookChange{Status: &active, Events: []string{"merchant.deactivated"}})
	if err != nil || w.Status != "active" || !slices.Equal(w.Events, []string{"merchant.deactivated"}) || w.URL != "https://elsewhere.example/" {
		t.Errorf("ChangeWebhook = %+v, %v", w, err)
	}

	expectStatus(t, e.do(http.MethodDelete, "/_sandbox/webhooks/9001", nil, nil), http.StatusOK)
	if n := len(e.srv.Snapshot().Webhooks); n != 0 {
		t.Errorf("%d endpoints after removal", n)
	}
	expectStatus(t, e.do(http.MethodDelete, "/_sandbox/webhooks/9001", nil, nil), http.StatusNotFound)
}

func TestWebhookRoutesAreCounted(t *testing.T) {
	e := newEnv(t)
	e.partner(http.MethodPost, webhooksPath, webhookBody("https://hooks.example/a", "payment.failed"))
	e.partner(http.MethodGet, webhooksPath, nil)
	e.partner(http.MethodPut, webhooksPath+"/9001", webhookBody("https://hooks.example/a", "payment.failed"))
	counts := e.srv.RequestCounts()
	for _, route := range []string{RouteCreateWebhook, RouteListWebhooks, RouteUpdateWebhook} {
		if counts[route] != 1 {
			t.Errorf("counts = %v, want one request for %s", counts, route)
		}
	}
}

// PUT checks like PUT store: credentials, the id's syntax, the endpoint
// (another partner's is unknown), then the body, which needs url and events.
func TestWebhookUpdateChecksInOrder(t *testing.T) {
	e := newEnv(t)
	expectStatus(t, e.partner(http.MethodPost, webhooksPath, webhookBody("https://hooks.example/a", "payment.failed")), http.StatusCreated)
	const bad = `{"noSuchField":1}`
	for _, tc := range []struct {
		name, id string
		body     any
		headers  map[string]string
		status   int
		message  string
	}{
		{"no credentials", "9001", bad, nil, 401, "missing header X-Partner-Client-Id"},
		{"wrong secret", "9001", bad, map[string]string{"X-Partner-Client-Id": DemoPartnerClientID, "X-Partner-Client-Secret": "nope"}, 401, "invalid partner credentials"},
		{"id syntax", "abc", bad, partnerAuth(), 400, `webhook id must be a positive integer, got "abc"`},
		{"id zero", "0", bad, partnerAuth(), 400, "positive integer"},
		{"unknown id", "9002", bad, partnerAuth(), 404, "webhook 9002 not found"},
		{"other partner's id", "9001", bad, otherPartnerAuth(), 404, "webhook 9001 not found"},
		{"body", "9001", bad, partnerAuth(), 400, `unknown field "noSuchField"; allowed fields: url, events`},
		{"no body", "9001", nil, partnerAuth(), 400, "request body is required"},
		{"url only", "9001", map[string]any{"url": "https://hooks.example/b"}, partnerAuth(), 400, `field "events" is required`},
		{"events only", "9001", map[string]any{"events": []string{"payment.failed"}}, partnerAuth(), 400, `field "url" is required`},
		{"unknown event", "9001", webhookBody("https://hooks.example/b", "order.paid"), partnerAuth(), 400, "must be one of merchant.activated"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expectMessage(t, e.do(http.MethodPut, webhooksPath+"/"+tc.id, tc.body, tc.headers), tc.status, tc.message)
		})
	}
	if w := e.srv.Snapshot().Webhooks[0]; w.URL != "https://hooks.example/a" || !slices.Equal(w.Events, []string{"payment.failed"}) {
		t.Errorf("refused updates changed the endpoint: %+v", w)
	}
}

// IDs are JSON numbers counted across partners; each partner lists only
// its own endpoints, in creation order.
func TestWebhookIDsAcrossPartners(t *testing.T) {
	e := newEnv(t)
	for i, auth := range []map[string]string{partnerAuth(), otherPartnerAuth(), partnerAuth()} {
		r := e.do(http.MethodPost, webhooksPath, webhookBody("https://hooks.example/"+strconv.Itoa(i), "payment.failed"), auth)
		expectStatus(t, r, http.StatusCreated)
		if want := `"id":` + strconv.Itoa(firstWebhookID+i) + `,`; !strings.Contains(string(r.raw), want) {
			t.Errorf("create answer %s lacks %s", r.raw, want)
		}
	}
	var list []map[string]any
	mustUnmarshal(t, e.partner(http.MethodGet, webhooksPath, nil).raw, &list)
	if len(list) != 2 || list[0]["id"] != float64(9001) || list[1]["id"] != float64(9003) {
		t.Errorf("demo partner's list = %v, want 9001 and 9003", list)
	}
	mustUnmarshal(t, e.do(http.MethodGet, webhooksPath, nil, otherPartnerAuth()).raw, &list)
	if len(list) != 1 || list[0]["id"] != float64(9002) {
		t.Errorf("other partner's list = %v, want 9002", list)
	}
	// The snapshot shows every endpoint with its partner and secret.
	for _, w := range e.srv.Snapshot().Webhooks {
		if w.PartnerClientID == "" || !strings.HasPrefix(w.Secret, "whsec_") || w.Secret == "whsec_" {
			t.Errorf("snapshot endpoint = %+v", w)
		}
	}
	// Reset starts the numbering again.
	e.srv.Reset()
	r := e.partner(http.MethodPost, webhooksPath, webhookBody("https://hooks.example/", "payment.failed"))
	if get[float64](t, r.obj(t), "id") != firstWebhookID {
		t.Errorf("first ID after reset = %s", r.raw)
	}
}

func TestWebhookCredentials(t *testing.T) {
	e := newEnv(t)
	wrong := map[string]string{"X-Partner-Client-Id": DemoPartnerClientID, "X-Partner-Client-Secret": "nope"}
	for _, tc := range []struct {
		method  string
		headers map[string]string
		message string
	}{
		{http.MethodPost, nil, "missing header X-Partner-Client-Id"},
		{http.MethodPost, map[string]string{"X-Partner-Client-Id": DemoPartnerClientID}, "missing header X-Partner-Client-Secret"},
		{http.MethodPost, wrong, "invalid partner credentials"},
		{http.MethodGet, wrong, "invalid partner credentials"},
		{http.MethodPost, bearer(DemoAccessToken), "partner calls take X-Partner-Client-Id and X-Partner-Client-Secret"},
	} {
		expectMessage(t, e.do(tc.method, webhooksPath, webhookBody("https://hooks.example/", "payment.failed"), tc.headers),
			http.StatusUnauthorized, tc.message)
	}
	if n := len(e.srv.Snapshot().Webhooks); n != 0 {
		t.Errorf("%d endpoints created without credentials", n)
	}
}

// A create whose answer is lost still made the endpoint, and its secret
// with it: the answer was the only place it was shown.
func TestWebhookCreateAnswerLost(t *testing.T) {
	e := newEnv(t)
	e.srv.InjectFault(Fault{Route: RouteCreateWebhook, Status: http.StatusBadGateway, AfterApply: true, Count: 1})
	expectMessage(t, e.partner(http.MethodPost, webhooksPath, webhookBody("https://hooks.example/", "payment.failed")),
		http.StatusBadGateway, "injected sandbox fault")
	var list []map[string]any
	mustUnmarshal(t, e.partner(http.MethodGet, webhooksPath, nil).raw, &list)
	if len(list) != 1 || list[0]["url"] != "https://hooks.example/" {
		t.Errorf("list after a lost create answer = %v", list)
	}
}

// Creates, updates, deliveries and consent reads in parallel keep IDs
// unique and gap-free; run with -race.
func TestConcurrentWebhooksAndConsentReads(t *testing.T) {
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer receiver.Close()
	e := newEnv(t)
	consent := get[string](t, e.ais("/v1/ais/consents", consentBody()).obj(t), "requestId")
	const workers, perWorker = 6, 8
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range perWorker {
				r := e.partner(http.MethodPost, webhooksPath, webhookBody(receiver.URL+"/"+strconv.Itoa(w), "payment.failed"))
				if r.status != http.StatusCreated {
					t.Errorf("create: %d %s", r.status, r.raw)
					return
				}
				id := strconv.FormatInt(int64(get[float64](t, r.obj(t), "id")), 10)
				for _, c := range []struct {
					method, path string
					body         any
					headers      map[string]string
				}{
					{http.MethodPut, webhooksPath + "/" + id, webhookBody(receiver.URL+"/put", "payment.failed"), partnerAuth()},
					{http.MethodGet, webhooksPath, nil, partnerAuth()},
					{http.MethodPost, "/_sandbox/webhooks/" + id + "/deliver", nil, nil},
					{http.MethodPatch, "/_sandbox/webhooks/" + id, `{"status":"inactive"}`, nil},
					{[]string{http.MethodGet, http.MethodPost}[i%2], "/v1/ais/consents/" + consent + []string{"", "/authorize"}[i%2], nil, bearer(DemoAccessToken)},
				} {
					if r := e.do(c.method, c.path, c.body, c.headers); r.status != http.StatusOK {
						t.Errorf("%s %s: %d %s", c.method, c.path, r.status, r.raw)
					}
				}
			}
		})
	}
	wg.Wait()
	hooks := e.srv.Snapshot().Webhooks
	if len(hooks) != workers*perWorker {
		t.Fatalf("%d endpoints, want %d", len(hooks), workers*perWorker)
	}
	for i, w := range hooks {
		if w.ID != int64(firstWebhookID+i) || w.Status != "inactive" || w.LastTriggeredAt == "" {
			t.Errorf("endpoint %d = %+v", i, w)
		}
	}
}

// robustWebhookID is the endpoint the robustness server holds.
const robustWebhookID = firstWebhookID

// The webhook routes' robustness cases, and the endpoint they change.
func init() {
	endpoint := map[string]any{"url": "https://hooks.example/cardpay", "events": []any{"payment.completed"}}
	addRobustCases(map[string]robustCase{
		RouteCreateWebhook: {body: endpoint},
		RouteListWebhooks:  {},
		RouteUpdateWebhook: {body: endpoint, path: map[string]string{"id": strconv.Itoa(robustWebhookID)}},
	})
	addRobustSeed(func(srv *Server) {
		srv.st.webhooks = append(srv.st.webhooks, &Webhook{
			ID: robustWebhookID, PartnerClientID: DemoPartnerClientID, URL: "https://hooks.example/robust",
			Events: []string{"payment.failed"}, Status: statusActive, Secret: "whsec_robust", CreatedAt: fixtureCreatedAt,
		})
		srv.st.nextWebhookID = robustWebhookID + 1
	})
}
