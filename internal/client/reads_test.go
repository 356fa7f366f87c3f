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
)

// readOpCases are the endpoints the service's published documentation adds
// to the API reference: reads, lists and the store lifecycle.
func readOpCases() []opCase {
	return []opCase{
		{
			name: "GetOnboardingStatus",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.GetOnboardingStatus(ctx, 1003)
			},
			method:     http.MethodGet,
			path:       "/v1/partner/merchants/1003/card-payments/onboard/status",
			status:     http.StatusOK,
			respBody:   `{"applicationId":"5f1c0a","applicationStatus":"IN_REVIEW","webKybUrl":"https://kyb.example/5f1c0a","extra":{"ignored":true}}`,
			repeatable: true,
			check:      wantPointee(OnboardingStatus{ApplicationID: "5f1c0a", ApplicationStatus: "IN_REVIEW", WebKybURL: ptr("https://kyb.example/5f1c0a")}),
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
			name: "CreateStore",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.CreateStore(ctx, 1001, StoreCreate{Name: "Harbour", City: "Aarhus", CountryCode: "DK", IsDefault: true})
			},
			method:   http.MethodPost,
			path:     "/v1/partner/merchants/1001/stores",
			reqBody:  `{"name":"Harbour","city":"Aarhus","countryCode":"DK","isDefault":true}`,
			status:   http.StatusCreated,
			respBody: `{"id":"loc_abc123","name":"Harbour","locationId":"LOC-20260319-A1B2","city":"Aarhus","countryCode":"DK","isDefault":true,"status":"active","createdAt":"2026-03-19T10:00:00Z"}`,
			check: wantPointee(Store{ID: "loc_abc123", Name: "Harbour", LocationID: "LOC-20260319-A1B2", City: "Aarhus", CountryCode: "DK",
				IsDefault: true, Status: "active", CreatedAt: "2026-03-19T10:00:00Z"}),
		},
		{
			name: "ListStores",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.ListStores(ctx, 1001)
			},
			method:     http.MethodGet,
			path:       "/v1/partner/merchants/1001/stores",
			status:     http.StatusOK,
			respBody:   `[{"id":"loc_abc123","name":"Harbour","status":"inactive"},{"id":"sbs_def456","name":"Main","isDefault":true,"status":"active"}]`,
			repeatable: true,
			check:      wantEqual([]Store{{ID: "loc_abc123", Name: "Harbour", Status: "inactive"}, {ID: "sbs_def456", Name: "Main", IsDefault: true, Status: "active"}}),
		},
		{
			name: "GetStore",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.GetStore(ctx, 1001, "3fa85f64-5717-4562-b3fc-2c963f66afa6")
			},
			method:     http.MethodGet,
			path:       "/v1/partner/merchants/1001/stores/3fa85f64-5717-4562-b3fc-2c963f66afa6",
			status:     http.StatusOK,
			respBody:   `{"storeId":"3fa85f64-5717-4562-b3fc-2c963f66afa6","name":"Main","isActive":false,"createdAt":"2026-03-19T10:00:00Z","updatedAt":"2026-03-20T08:00:00Z"}`,
			repeatable: true,
			check: wantPointee(Store{ID: "3fa85f64-5717-4562-b3fc-2c963f66afa6", Name: "Main", Status: "inactive",
				CreatedAt: "2026-03-19T10:00:00Z", UpdatedAt: ptr("2026-03-20T08:00:00Z")}),
		},
		{
			name: "DeactivateStore",
			call: func(ctx context.Context, c *Client) (any, error) {
				return nil, c.DeactivateStore(ctx, 1001, "loc_abc123")
			},
			method:     http.MethodDelete,
			path:       "/v1/partner/merchants/1001/stores/loc_abc123",
			status:     http.StatusOK,
			respBody:   `{"id":"loc_abc123","status":"inactive"}`,
			repeatable: true,
		},
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
		{
			name: "GetConsent",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.GetConsent(ctx, testScope, "ta:6Cpoq:BzQQ")
			},
			method: http.MethodGet,
			path:   "/v1/ais/consents/ta:6Cpoq:BzQQ",
			bearer: true,
			status: http.StatusOK,
			respBody: `{"requestId":"r-1","merchantId":1,"userId":"user_35100188","permissions":["ReadBalances"],
				"expirationDateTime":"2026-12-31T00:00:00Z","transactionFromDateTime":"2025-01-01T00:00:00Z","status":"revoked",
				"createdAt":"2025-06-01T00:00:00Z","updatedAt":"2025-07-01T00:00:00Z","consentId":"ta:6Cpoq:BzQQ"}`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				cons, ok := got.(*Consent)
				if !ok || cons.Status != "revoked" || cons.ConsentID == nil || *cons.ConsentID != "ta:6Cpoq:BzQQ" || cons.UpdatedAt != "2025-07-01T00:00:00Z" {
					t.Errorf("got %#v", got)
				}
			},
		},
		{
			name: "AuthorizeConsent",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.AuthorizeConsent(ctx, testScope, "req_1")
			},
			method:     http.MethodPost,
			path:       "/v1/ais/consents/req_1/authorize",
			bearer:     true,
			reqBody:    `{}`,
			status:     http.StatusOK,
			respBody:   `{"authorizationUrl":"https://bank.example/authorize?session=2"}`,
			repeatable: true,
			check: func(t *testing.T, got any) {
				if got != "https://bank.example/authorize?session=2" {
					t.Errorf("got %#v", got)
				}
			},
		},
		{
			name: "GetOrder",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.GetOrder(ctx, 1001, "ord:7f3:a")
			},
			method: http.MethodGet,
			path:   "/v1/partner/merchants/1001/card-payments/orders/ord:7f3:a",
			status: http.StatusOK,
			respBody: `{"order":{"orderId":"ord:7f3:a","status":"REFUNDED","amount":10000,"currency":"DKK","reference":"r-1",
				"payments":[{"paymentId":"pay_1","status":"REFUNDED"}]}}`,
			repeatable: true,
			check:      wantPointee(Order{OrderID: "ord:7f3:a", Status: "REFUNDED", Amount: "10000", Currency: "DKK", Reference: "r-1"}),
		},
	}
}

// Both published store shapes decode to the same Store.
func TestStoreShapes(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       Store
	}{
		{"reference, active", `{"id":"loc_1","status":"active"}`, Store{ID: "loc_1", Status: "active"}},
		{"reference, status word kept as sent", `{"id":"loc_1","status":"ARCHIVED"}`, Store{ID: "loc_1", Status: "ARCHIVED"}},
		{"guide, active", `{"storeId":"u-1","isActive":true}`, Store{ID: "u-1", Status: "active"}},
		{"guide, inactive", `{"storeId":"u-1","isActive":false,"updatedAt":"2026-01-01T00:00:00Z"}`,
			Store{ID: "u-1", Status: "inactive", UpdatedAt: ptr("2026-01-01T00:00:00Z")}},
		{"both names: id wins", `{"id":"a","storeId":"b","status":"inactive","isActive":true}`, Store{ID: "a", Status: "inactive"}},
		{"no status at all", `{"id":"loc_1"}`, Store{ID: "loc_1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, reply{status: http.StatusOK, body: tc.body})
			got, err := api.client(t).GetStore(t.Context(), 1001, "x")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*got, tc.want) {
				t.Errorf("got %#v, want %#v", *got, tc.want)
			}
		})
	}
}

func TestStoreActive(t *testing.T) {
	for status, want := range map[string]bool{"active": true, "ACTIVE": true, "": true, "inactive": false, "ARCHIVED": false} {
		if got := (Store{Status: status}).Active(); got != want {
			t.Errorf("Active() with status %q = %v, want %v", status, got, want)
		}
	}
}

// The guide's list shape {"stores": [...]} decodes like the bare array.
func TestListStoresGuideShape(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK,
		body: `{"stores":[{"storeId":"u-1","name":"Main","isActive":true,"isDefault":true}],"count":1}`})
	got, err := api.client(t).ListStores(t.Context(), 1001)
	if err != nil {
		t.Fatal(err)
	}
	want := []Store{{ID: "u-1", Name: "Main", IsDefault: true, Status: "active"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, want %#v", got, want)
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

// A store create answered without an ID leaves Terraform unable to track
// the store the service made: the outcome is reported as unknown.
func TestCreateStoreWithoutIDMayHaveCreated(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusCreated, body: `{"name":"Harbour","status":"active"}`})
	_, err := api.client(t).CreateStore(t.Context(), 1001, StoreCreate{Name: "Harbour"})
	var maybe *MaybeCreatedError
	if !errors.As(err, &maybe) || !strings.Contains(err.Error(), `neither "id" nor "storeId"`) ||
		!strings.Contains(err.Error(), `may have created the store "Harbour"`) {
		t.Errorf("err = %v, want a MaybeCreatedError naming the store", err)
	}
}

// The create answer may carry the payment link and nonce beside the order
// or inside it; either way they end up on the Order.
func TestCreateOrderPaymentLinkAndNonce(t *testing.T) {
	for _, tc := range []struct {
		name, body        string
		wantLink, wantNon *string
	}{
		{"beside the order", `{"order":{"orderId":"o-1","status":"CREATED"},"paymentLink":"https://pay.example/o-1","nonce":"n-1"}`,
			ptr("https://pay.example/o-1"), ptr("n-1")},
		{"inside the order", `{"order":{"orderId":"o-1","status":"CREATED","paymentLink":"https://pay.example/o-1","nonce":"n-1"}}`,
			ptr("https://pay.example/o-1"), ptr("n-1")},
		{"inside wins", `{"order":{"orderId":"o-1","paymentLink":"https://pay.example/in"},"paymentLink":"https://pay.example/out"}`,
			ptr("https://pay.example/in"), nil},
		{"absent", `{"order":{"orderId":"o-1","status":"CREATED"}}`, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, reply{status: http.StatusCreated, body: tc.body})
			o, err := api.client(t).CreateOrder(t.Context(), 1001, OrderRequest{Amount: 1, Currency: "DKK"})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(o.PaymentLink, tc.wantLink) || !reflect.DeepEqual(o.Nonce, tc.wantNon) {
				t.Errorf("link, nonce = %v, %v; want %v, %v", o.PaymentLink, o.Nonce, tc.wantLink, tc.wantNon)
			}
		})
	}
}

// Both published vocabularies, lower-case spellings and unknown words.
func TestOnboardingStageOf(t *testing.T) {
	for status, want := range map[string]OnboardingStage{
		"PENDING": OnboardingInProgress, "IN_REVIEW": OnboardingInProgress, "MERCHANT_CREATED": OnboardingMerchantCreated,
		"REJECTED": OnboardingRejected, "APPLICATION_INITIATED": OnboardingInProgress, "APPLICATION_SUBMITTED": OnboardingInProgress,
		"APPLICATION_SIGNED": OnboardingInProgress, "APPLICATION_COMPLETED": OnboardingInProgress,
		"merchant_created": OnboardingMerchantCreated, " REJECTED ": OnboardingRejected,
		"PENDING_INFORMATION": OnboardingInProgress, "EXPIRED": OnboardingInProgress, "": OnboardingInProgress,
	} {
		if got := OnboardingStageOf(status); got != want {
			t.Errorf("OnboardingStageOf(%q) = %v, want %v", status, got, want)
		}
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

// The webhook list may come wrapped; an answer to a create without an ID
// leaves the endpoint untrackable, so it is reported as maybe created.
func TestWebhookShapes(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `{"webhooks":[{"id":"12","url":"https://hooks.example/a","events":["payment.failed"]}]}`})
	got, err := api.client(t).ListWebhooks(t.Context())
	if err != nil || len(got) != 1 || got[0].ID != "12" {
		t.Fatalf("ListWebhooks = %+v, %v", got, err)
	}

	api = newFakeAPI(t, reply{status: http.StatusCreated, body: `{"url":"https://hooks.example/a","secret":"whsec_x"}`})
	_, err = api.client(t).CreateWebhook(t.Context(), WebhookRequest{URL: "https://hooks.example/a", Events: []string{"payment.failed"}})
	var maybe *MaybeCreatedError
	if !errors.As(err, &maybe) || !strings.Contains(err.Error(), `webhook endpoint for "https://hooks.example/a"`) {
		t.Errorf("err = %v, want a MaybeCreatedError naming the URL", err)
	}
}

func TestAuthorizeConsentNeedsURL(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `{}`})
	if _, err := api.client(t).AuthorizeConsent(t.Context(), testScope, "req_1"); err == nil || !strings.Contains(err.Error(), `no "authorizationUrl"`) {
		t.Errorf("err = %v, want the missing URL named", err)
	}
}
