// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/google/uuid"
)

// opCase is one endpoint with a typical call, the request it must produce
// and a valid answer.
type opCase struct {
	name       string
	call       func(ctx context.Context, c *Client) (any, error)
	method     string
	path       string
	bearer     bool   // AIS auth instead of partner headers
	reqBody    string // expected JSON body
	status     int    // success status of the real service
	respBody   string
	repeatable bool
	check      func(t *testing.T, got any)
}

// wantPointee is the check of an endpoint answering *T: the value pointed
// to must equal want.
func wantPointee[T any](want T) func(t *testing.T, got any) {
	return func(t *testing.T, got any) {
		t.Helper()
		if p, ok := got.(*T); !ok || !reflect.DeepEqual(*p, want) {
			t.Errorf("got %#v, want %#v", got, want)
		}
	}
}

// wantEqual is the check of an endpoint answering a value (a list): it must
// equal want, type included.
func wantEqual(want any) func(t *testing.T, got any) {
	return func(t *testing.T, got any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got %#v, want %#v", got, want)
		}
	}
}

// opCaseSets are the areas' endpoints, each added by its area's test file
// (such as storeOps in stores_test.go) with addOpCases. The partner book's
// areas are tested against a sandbox instead (merchants_test.go, ...).
var opCaseSets []func() []opCase

func addOpCases(ops func() []opCase) { opCaseSets = append(opCaseSets, ops) }

// opCases covers every endpoint of the API reference and the reads the
// service's pages add, area by area.
func opCases() []opCase {
	var all []opCase
	for _, ops := range opCaseSets {
		all = append(all, ops()...)
	}
	return all
}

func TestEndpoints(t *testing.T) {
	for _, tc := range opCases() {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, reply{status: tc.status, body: tc.respBody})
			got, err := tc.call(t.Context(), api.client(t))
			if err != nil {
				t.Fatalf("call failed: %v", err)
			}
			reqs := api.requests()
			if len(reqs) != 1 {
				t.Fatalf("sent %d requests, want 1", len(reqs))
			}
			r := reqs[0]
			if r.method != tc.method || r.path != tc.path {
				t.Errorf("request = %s %s, want %s %s", r.method, r.path, tc.method, tc.path)
			}
			assertCommonHeaders(t, r.header)
			assertAuthHeaders(t, r.header, tc.bearer)
			if tc.reqBody == "" {
				if len(r.body) != 0 {
					t.Errorf("body = %q, want none", r.body)
				}
			} else {
				assertJSONEqual(t, r.body, tc.reqBody)
			}
			if tc.check != nil {
				tc.check(t, got)
			}
		})
	}
}

func assertCommonHeaders(t *testing.T, h http.Header) {
	t.Helper()
	for name, want := range map[string]string{
		"Content-Type": "application/json",
		"Accept":       "application/json",
		"User-Agent":   testUserAgent,
	} {
		if got := h.Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if _, err := uuid.Parse(h.Get("X-Request-Id")); err != nil {
		t.Errorf("x-request-id %q is not a UUID: %v", h.Get("X-Request-Id"), err)
	}
}

func assertAuthHeaders(t *testing.T, h http.Header, bearer bool) {
	t.Helper()
	if bearer {
		if got := h.Get("Authorization"); got != "Bearer "+testAccessToken {
			t.Errorf("Authorization = %q", got)
		}
		if h.Get("X-Partner-Client-Id") != "" || h.Get("X-Partner-Client-Secret") != "" {
			t.Error("AIS call sent partner headers")
		}
		return
	}
	if h.Get("X-Partner-Client-Id") != testPartnerID || h.Get("X-Partner-Client-Secret") != testPartnerSecret {
		t.Errorf("partner headers = %q / %q", h.Get("X-Partner-Client-Id"), h.Get("X-Partner-Client-Secret"))
	}
	if h.Get("Authorization") != "" {
		t.Error("partner call sent an Authorization header")
	}
}

func TestRequestIDIsFreshPerCall(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`})
	c := api.client(t)
	for range 2 {
		if _, err := c.ListPaymentMethods(t.Context(), 1001); err != nil {
			t.Fatal(err)
		}
	}
	reqs := api.requests()
	if a, b := reqs[0].header.Get("X-Request-Id"), reqs[1].header.Get("X-Request-Id"); a == b {
		t.Errorf("two calls shared request ID %q", a)
	}
}

func TestPathSegmentsAreEscaped(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `{"id":"x"}`})
	c := api.client(t)
	if _, err := c.UpdateStore(t.Context(), 1001, "main store/2?x", StoreUpdate{}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ActivatePaymentMethod(t.Context(), 1001, "mobile pay"); err != nil {
		t.Fatal(err)
	}
	reqs := api.requests()
	for i, want := range []string{
		"/v1/partner/merchants/1001/stores/main%20store%2F2%3Fx",
		"/v1/partner/merchants/1001/card-payments/payment-methods/mobile%20pay/activate",
	} {
		if reqs[i].path != want {
			t.Errorf("path = %s, want %s", reqs[i].path, want)
		}
	}
}

func TestEmptyPathSegmentRejected(t *testing.T) {
	api := newFakeAPI(t)
	c := api.client(t)
	if _, err := c.UpdateStore(t.Context(), 1001, " ", StoreUpdate{}); err == nil || !strings.Contains(err.Error(), "store ID") {
		t.Errorf("UpdateStore with empty ID: err = %v", err)
	}
	if _, err := c.ActivatePaymentMethod(t.Context(), 1001, ""); err == nil || !strings.Contains(err.Error(), "payment method") {
		t.Errorf("ActivatePaymentMethod with empty method: err = %v", err)
	}
	if n := len(api.requests()); n != 0 {
		t.Errorf("sent %d requests, want none", n)
	}
}

// Every published form of a base URL names the host's root: the endpoint
// paths, which start with /v1/, are appended to it once.
func TestPublishedBaseURLForms(t *testing.T) {
	for _, suffix := range []string{"", "/", "/v1", "/v1/", "/v1/partner", "/v1/partner/"} {
		t.Run(suffix, func(t *testing.T) {
			api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`})
			c := newTestClient(t, api.srv.URL+suffix)
			if _, err := c.ListPaymentMethods(t.Context(), 7); err != nil {
				t.Fatal(err)
			}
			if got, want := api.requests()[0].path, "/v1/partner/merchants/7/card-payments/payment-methods"; got != want {
				t.Errorf("path = %s, want %s", got, want)
			}
		})
	}
}

func TestResponseDecodingErrors(t *testing.T) {
	tests := []struct {
		name        string
		reply       reply
		call        func(ctx context.Context, c *Client) error
		wantText    []string
		wantMaybeCr bool
	}{
		{
			name:     "html page",
			reply:    reply{status: http.StatusOK, body: "<html><body>Gateway login</body></html>", header: map[string]string{"Content-Type": "text/html"}},
			call:     listMethods,
			wantText: []string{"list payment methods", "text/html", "not JSON", "Gateway login"},
		},
		{
			name:     "invalid json",
			reply:    reply{status: http.StatusOK, body: `{"method": "visa"`},
			call:     listMethods,
			wantText: []string{"list payment methods", "GET /v1/partner/merchants/1001/card-payments/payment-methods", "invalid JSON"},
		},
		{
			name:     "wrong json type",
			reply:    reply{status: http.StatusOK, body: `{"method":"visa"}`},
			call:     listMethods,
			wantText: []string{"list payment methods", "cannot unmarshal"},
		},
		{
			name:     "empty body",
			reply:    reply{status: http.StatusOK},
			call:     listMethods,
			wantText: []string{"list payment methods", "empty body"},
		},
		{
			name:  "order missing",
			reply: reply{status: http.StatusCreated, body: `{"status":"CREATED","paymentLink":"https://pay.example/x"}`},
			call: func(ctx context.Context, c *Client) error {
				_, err := c.CreateOrder(ctx, 1001, OrderRequest{Amount: 1, Currency: "EUR", Reference: "r-9"})
				return err
			},
			wantText:    []string{"create order", `neither an "order" object nor an "orderId"`, `reference "r-9"`},
			wantMaybeCr: true,
		},
		{
			name:     "body too large",
			reply:    reply{status: http.StatusOK, body: `[` + strings.Repeat(`{"method":"visa"},`, (maxResponseBytes/18)+1) + `{}]`},
			call:     listMethods,
			wantText: []string{"exceeds 10 MiB"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, tc.reply)
			err := tc.call(t.Context(), api.client(t))
			if err == nil {
				t.Fatal("want an error")
			}
			for _, want := range tc.wantText {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not contain %q", err, want)
				}
			}
			var maybe *MaybeCreatedError
			if got := errors.As(err, &maybe); got != tc.wantMaybeCr {
				t.Errorf("MaybeCreatedError = %v, want %v (%v)", got, tc.wantMaybeCr, err)
			}
		})
	}
}

func listMethods(ctx context.Context, c *Client) error {
	_, err := c.ListPaymentMethods(ctx, 1001)
	return err
}

func TestConcurrentCalls(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`})
	c := api.client(t)
	errs := make(chan error, 20)
	for range cap(errs) {
		go func() { errs <- listMethods(t.Context(), c) }()
	}
	for range cap(errs) {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	ids := map[string]bool{}
	for _, r := range api.requests() {
		ids[r.header.Get("X-Request-Id")] = true
	}
	if len(ids) != cap(errs) {
		t.Errorf("%d distinct request IDs for %d calls", len(ids), cap(errs))
	}
}

// Every call that may change a list tells Config.OnChange which as it
// begins, and ends what OnChange returned once it has ended, whatever its
// outcome, so a caller's copy of the list cannot outlive the change and a
// reader can wait for the calls under way.
func TestWritesReportTheListsTheyChange(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusInternalServerError, body: `{"message":"boom"}`})
	var got []Change
	underWay := 0
	c := api.client(t, withMaxRetries(0), func(cfg *Config) {
		cfg.OnChange = func(ch Change) func() {
			got = append(got, ch)
			if len(api.requests()) != len(got)-1 {
				t.Errorf("the change to %v was reported after its request was sent", ch)
			}
			underWay++
			return func() { underWay-- }
		}
	})
	ctx := t.Context()
	_, _ = c.CreateOnlineTerminal(ctx, 1, OnlineTerminalRequest{OnlineTerminalMode: "PaymentPage"})
	_, _ = c.ActivatePaymentMethod(ctx, 2, "amex")
	_, _ = c.CreateStore(ctx, 3, StoreCreate{Name: "x"})
	_, _ = c.UpdateStore(ctx, 3, "s", StoreUpdate{})
	_ = c.DeactivateStore(ctx, 3, "s")
	_, _ = c.CreateWebhook(ctx, WebhookRequest{URL: "https://x.example", Events: []string{"payment.failed"}})
	_, _ = c.UpdateWebhook(ctx, "7", WebhookRequest{URL: "https://x.example", Events: []string{"payment.failed"}})
	_, _ = c.CreateMerchant(ctx, MerchantRequest{CompanyName: "x", ContactEmail: "x@x.example"})
	_, _ = c.ListStores(ctx, 3) // a read changes nothing
	want := []Change{{TerminalList, 1}, {PaymentMethodList, 2}, {StoreList, 3}, {StoreList, 3}, {StoreList, 3}, {WebhookList, 0}, {WebhookList, 0}, {MerchantList, 0}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changes %v, want %v", got, want)
	}
	if underWay != 0 {
		t.Errorf("%d calls are still under way after they returned", underWay)
	}
}

// An answer that would read as "nothing there" without saying so is an
// error, never an empty list: a refresh would otherwise drop every object
// from state.
func TestListAnswersMustSayWhatTheyList(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		call       func(ctx context.Context, c *Client) error
		wantText   string
	}{
		{"terminals key missing", `{"total":0}`, listTerminals, `no "terminals" array`},
		{"terminal without ID", `{"terminals":[{"terminalType":"PaymentPage"}]}`, listTerminals, `no "terminalId"`},
		{"stores key missing", `{"items":[]}`, listStores, `"stores" array`},
		{"store without ID", `[{"name":"Main"}]`, listStores, `neither "id" nor "storeId"`},
		{"stores not a list", `"none"`, listStores, "cannot unmarshal"},
		{"onboarding without status", `{"applicationId":"a-1"}`, getOnboardingStatus, `no "applicationStatus"`},
		{"webhooks key missing", `{"items":[]}`, listWebhooks, `"webhooks" array`},
		{"webhook without ID", `[{"url":"https://hooks.example/a"}]`, listWebhooks, `no "id"`},
		{"webhook ID of another type", `[{"id":true}]`, listWebhooks, `JSON number or string`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, reply{status: http.StatusOK, body: tc.body})
			err := tc.call(t.Context(), api.client(t))
			if err == nil || !strings.Contains(err.Error(), tc.wantText) {
				t.Errorf("err = %v, want it to contain %q", err, tc.wantText)
			}
		})
	}
}

func listTerminals(ctx context.Context, c *Client) error {
	_, err := c.ListTerminals(ctx, 1001, "")
	return err
}

func listStores(ctx context.Context, c *Client) error {
	_, err := c.ListStores(ctx, 1001)
	return err
}

func listWebhooks(ctx context.Context, c *Client) error {
	_, err := c.ListWebhooks(ctx)
	return err
}

func getOnboardingStatus(ctx context.Context, c *Client) error {
	_, err := c.GetOnboardingStatus(ctx, 1001)
	return err
}

func TestNewReadsRejectEmptySegments(t *testing.T) {
	api := newFakeAPI(t)
	c := api.client(t)
	for name, err := range map[string]error{
		"GetStore":        func() error { _, err := c.GetStore(t.Context(), 1001, ""); return err }(),
		"DeactivateStore": c.DeactivateStore(t.Context(), 1001, " "),
		"GetOrder":        func() error { _, err := c.GetOrder(t.Context(), 1001, ""); return err }(),
		"GetConsent":      func() error { _, err := c.GetConsent(t.Context(), testScope, ""); return err }(),
		"UpdateWebhook":   func() error { _, err := c.UpdateWebhook(t.Context(), " ", WebhookRequest{}); return err }(),
	} {
		if err == nil || !strings.Contains(err.Error(), "must not be empty") {
			t.Errorf("%s with an empty ID: err = %v", name, err)
		}
	}
	if n := len(api.requests()); n != 0 {
		t.Errorf("sent %d requests, want none", n)
	}
}
