// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestCreateOnlineTerminal(t *testing.T) {
	e := newEnv(t)
	path := merchantPath + "/card-payments/online-terminals"

	r := e.partner(http.MethodPost, path, map[string]any{"onlineTerminalMode": "PaymentPage"})
	expectStatus(t, r, http.StatusCreated)
	first := r.obj(t)
	expectKeys(t, first, "terminalId", "terminalPublicKey", "terminalType", "storeId")
	if first["terminalType"] != "PaymentPage" || first["storeId"] != "1001-main" {
		t.Errorf("terminal = %v, want type PaymentPage on default store 1001-main", first)
	}

	r = e.partner(http.MethodPost, path, map[string]any{"onlineTerminalMode": "SelfHostedPage", "storeId": "1001-second"})
	expectStatus(t, r, http.StatusCreated)
	second := r.obj(t)
	if second["storeId"] != "1001-second" || second["terminalId"] == first["terminalId"] || second["terminalPublicKey"] == first["terminalPublicKey"] {
		t.Errorf("second terminal = %v, want its own IDs on 1001-second", second)
	}

	terms := e.srv.Snapshot().Terminals
	if len(terms) != 2 || terms[1].StoreID != "1001-second" || terms[0].MerchantID != 1001 {
		t.Errorf("snapshot terminals = %+v", terms)
	}
}

func TestListPaymentMethods(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodGet, merchantPath+"/card-payments/payment-methods", nil)
	expectStatus(t, r, http.StatusOK)
	var list []map[string]any
	mustUnmarshal(t, r.raw, &list)
	want := map[string]string{"visa": "active", "mastercard": "active", "amex": "inactive", "swish": "inactive", "klarna": "inactive", "vipps": "inactive", "mobilepay": "inactive"}
	if len(list) != len(want) {
		t.Fatalf("got %d methods, want %d: %s", len(list), len(want), r.raw)
	}
	for _, pm := range list {
		name := get[string](t, pm, "method")
		if pm["status"] != want[name] {
			t.Errorf("%s status = %v, want %s", name, pm["status"], want[name])
		}
		_, hasActivatedAt := pm["activatedAt"]
		if hasActivatedAt != (want[name] == "active") {
			t.Errorf("%s: activatedAt present = %v, want only for active methods", name, hasActivatedAt)
		}
	}
}

func TestActivatePaymentMethod(t *testing.T) {
	e := newEnv(t)
	path := merchantPath + "/card-payments/payment-methods/amex/activate"

	r := e.partner(http.MethodPost, path, nil)
	expectStatus(t, r, http.StatusOK)
	got := r.obj(t)
	expectKeys(t, got, "method", "status", "activatedAt")
	if got["status"] != "active" || got["activatedAt"] != "2026-01-15T12:00:00Z" {
		t.Errorf("activated entry = %v", got)
	}

	// Idempotent: a later activation keeps the first activatedAt; "{}" and
	// any case of the name are accepted.
	e.clock.Advance(time.Hour)
	r = e.partner(http.MethodPost, merchantPath+"/card-payments/payment-methods/AMEX/activate", "{}")
	expectStatus(t, r, http.StatusOK)
	if r.obj(t)["activatedAt"] != "2026-01-15T12:00:00Z" {
		t.Errorf("re-activation changed activatedAt: %s", r.raw)
	}

	r = e.partner(http.MethodPost, merchantPath+"/card-payments/payment-methods/bitcoin/activate", nil)
	expectMessage(t, r, http.StatusNotFound, `payment method "bitcoin" not found for merchant 1001`)
}

func TestStartOnboarding(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodPost, merchantPath+"/card-payments/onboard", nil)
	expectStatus(t, r, http.StatusCreated)
	got := r.obj(t)
	expectKeys(t, got, "webKybUrl", "applicationId", "shortLinkUrl", "applicationStatus")
	if got["applicationStatus"] != "PENDING" || !strings.HasPrefix(get[string](t, got, "webKybUrl"), "https://") {
		t.Errorf("application = %v", got)
	}

	// Merchant 1003 follows the guide: it starts at APPLICATION_INITIATED
	// and has no shortLinkUrl.
	r = e.partner(http.MethodPost, "/v1/partner/merchants/1003/card-payments/onboard", "{}")
	expectStatus(t, r, http.StatusCreated)
	guide := r.obj(t)
	expectKeys(t, guide, "webKybUrl", "applicationId", "applicationStatus")
	if guide["applicationStatus"] != "APPLICATION_INITIATED" {
		t.Errorf("guide application = %v, want APPLICATION_INITIATED", guide)
	}

	// The five default merchants start with one application each.
	apps := e.srv.Snapshot().Applications
	if len(apps) != 5+2 || apps[5].ApplicationID != got["applicationId"] || apps[6].MerchantID != 1003 {
		t.Errorf("snapshot applications = %+v", apps)
	}
}

func TestCreateOrder(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodPost, ordersPath, map[string]any{"amount": 1000, "currency": "SEK", "reference": "inv-42", "description": "ten kronor"})
	expectStatus(t, r, http.StatusCreated)
	body := r.obj(t)
	// paymentLink and nonce sit next to the order, not inside it.
	expectKeys(t, body, "order", "paymentLink", "nonce")
	order := get[map[string]any](t, body, "order")
	expectKeys(t, order, "orderId", "status", "amount", "currency", "reference")
	if order["status"] != "CREATED" || order["amount"] != float64(1000) || order["currency"] != "SEK" || order["reference"] != "inv-42" {
		t.Errorf("order = %v", order)
	}
	id := get[string](t, order, "orderId")
	if body["paymentLink"] != "https://pay.sandbox.cardpay.example/orders/"+id || !regexp.MustCompile(`^nonce_[0-9a-f]{16}$`).MatchString(get[string](t, body, "nonce")) {
		t.Errorf("paymentLink %v or nonce %v not as documented", body["paymentLink"], body["nonce"])
	}
	orders := e.srv.Snapshot().Orders
	if len(orders) != 1 || orders[0].Description != "ten kronor" || orders[0].PaymentLink != body["paymentLink"] || orders[0].Nonce != body["nonce"] {
		t.Errorf("snapshot orders = %+v", orders)
	}
}

func TestCreateInterappCode(t *testing.T) {
	e := newEnv(t)
	path := merchantPath + "/card-payments/terminals/interapp"

	r := e.partner(http.MethodPost, path, "{}")
	expectStatus(t, r, http.StatusCreated)
	got := r.obj(t)
	expectKeys(t, got, "registrationCode", "registrationLink")
	code := get[string](t, got, "registrationCode")
	if len(code) != 6 || !strings.HasSuffix(get[string](t, got, "registrationLink"), code) {
		t.Errorf("registration = %v", got)
	}

	r = e.partner(http.MethodPost, path, map[string]any{"storeId": "1001-second"})
	expectStatus(t, r, http.StatusCreated)
	r = e.partner(http.MethodPost, path, nil) // empty body works like {}
	expectStatus(t, r, http.StatusCreated)
	r = e.partner(http.MethodPost, path, map[string]any{"storeId": "2001-main"})
	expectMessage(t, r, http.StatusNotFound, `store "2001-main" not found for merchant 1001`)

	codes := e.srv.Snapshot().InterappCodes
	if len(codes) != 3 || codes[0].StoreID != "1001-main" || codes[1].StoreID != "1001-second" {
		t.Fatalf("snapshot codes = %+v", codes)
	}
}

func TestInterappCodeExpiresAfter120Seconds(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodPost, merchantPath+"/card-payments/terminals/interapp", "{}")
	expectStatus(t, r, http.StatusCreated)

	code := e.srv.Snapshot().InterappCodes[0]
	if code.ExpiresAt != "2026-01-15T12:02:00Z" || code.Expired {
		t.Fatalf("fresh code = %+v, want expiresAt 12:02:00 and not expired", code)
	}
	e.clock.Advance(119 * time.Second)
	if e.srv.Snapshot().InterappCodes[0].Expired {
		t.Fatal("code expired after 119 s")
	}
	e.clock.Advance(time.Second)
	if !e.srv.Snapshot().InterappCodes[0].Expired {
		t.Fatal("code still valid after 120 s")
	}
}

func TestUpdateStorePartial(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodPut, merchantPath+"/stores/1001-second", map[string]any{"name": "Renamed", "phone": "+4511111111"})
	expectStatus(t, r, http.StatusOK)
	got := r.obj(t)
	expectKeys(t, got, "id", "name", "locationId", "streetAddress", "city", "postalCode", "countryCode", "phone", "email", "isDefault", "status", "createdAt")
	want := map[string]any{
		"id": "1001-second", "name": "Renamed", "phone": "+4511111111", // changed
		"city": "Stockholm", "postalCode": "111 21", "countryCode": "SE", "email": "second@merchant1001.example", "isDefault": false, // kept
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
}

func TestUpdateStoreSingleDefault(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodPut, merchantPath+"/stores/1001-second", map[string]any{"isDefault": true})
	expectStatus(t, r, http.StatusOK)
	defaults := map[string]bool{}
	for _, s := range e.srv.Snapshot().Stores {
		if s.MerchantID == 1001 {
			defaults[s.ID] = s.IsDefault
		}
	}
	if !defaults["1001-second"] || defaults["1001-main"] {
		t.Fatalf("defaults = %v, want only 1001-second", defaults)
	}
	// New terminals now land on the new default store.
	r = e.partner(http.MethodPost, merchantPath+"/card-payments/online-terminals", map[string]any{"onlineTerminalMode": "MerchantInitiated"})
	if r.obj(t)["storeId"] != "1001-second" {
		t.Errorf("terminal store = %s, want the new default", r.raw)
	}

	r = e.partner(http.MethodPut, merchantPath+"/stores/1001-second", map[string]any{"isDefault": false})
	expectMessage(t, r, http.StatusBadRequest, "a merchant must keep one default store")
	r = e.partner(http.MethodPut, merchantPath+"/stores/1001-main", map[string]any{"isDefault": false})
	expectStatus(t, r, http.StatusOK) // no-op on a non-default store
}

func TestUpdateStoreInvalidChangesNothing(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodPut, merchantPath+"/stores/1001-main", map[string]any{"name": "New", "email": "not-an-email"})
	expectMessage(t, r, http.StatusBadRequest, `field "email" must be a plain e-mail address`)
	for _, s := range e.srv.Snapshot().Stores {
		if s.ID == "1001-main" && s.Name != "Merchant 1001 Main Store" {
			t.Errorf("invalid update changed the name to %q", s.Name)
		}
	}
	// The API cannot change a store's status; only the admin change can.
	r = e.partner(http.MethodPut, merchantPath+"/stores/1001-main", map[string]any{"status": "inactive"})
	expectStatus(t, r, http.StatusBadRequest)
	const want = `unknown field "status"; allowed fields: name, streetAddress, city, postalCode, countryCode, phone, email, isDefault`
	if msg := r.message(t); msg != want {
		t.Errorf("message = %q, want %q", msg, want)
	}
}

func TestPartnerAuthAndScoping(t *testing.T) {
	e := newEnv(t)
	path := merchantPath + "/card-payments/payment-methods"
	cases := []struct {
		name    string
		path    string
		headers map[string]string
		status  int
		message string
	}{
		{"no headers", path, nil, 401, "missing header X-Partner-Client-Id"},
		{"no secret", path, map[string]string{"X-Partner-Client-Id": DemoPartnerClientID}, 401, "missing header X-Partner-Client-Secret"},
		{"wrong secret", path, map[string]string{"X-Partner-Client-Id": DemoPartnerClientID, "X-Partner-Client-Secret": "guess"}, 401, "invalid partner credentials"},
		{"unknown client", path, map[string]string{"X-Partner-Client-Id": "nobody", "X-Partner-Client-Secret": DemoPartnerClientSecret}, 401, "invalid partner credentials"},
		{"bearer instead of partner headers", path, bearer(DemoAccessToken), 401, "partner calls take X-Partner-Client-Id and X-Partner-Client-Secret"},
		{"other partner's merchant", path, otherPartnerAuth(), 403, "merchant 1001 is not managed by this partner"},
		{"unknown merchant", "/v1/partner/merchants/9999/card-payments/payment-methods", partnerAuth(), 404, "merchant 9999 not found"},
		{"non-numeric merchant", "/v1/partner/merchants/abc/card-payments/payment-methods", partnerAuth(), 400, "merchantId must be a positive integer"},
		{"unknown merchant before bad body", "/v1/partner/merchants/9999/card-payments/orders", partnerAuth(), 404, "merchant 9999 not found"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			method := http.MethodGet
			if strings.HasSuffix(tc.path, "orders") {
				method = http.MethodPost
			}
			r := e.do(method, tc.path, nil, tc.headers)
			expectMessage(t, r, tc.status, tc.message)
			for _, secret := range []string{DemoPartnerClientSecret, DemoAccessToken, "guess"} {
				if strings.Contains(string(r.raw), secret) {
					t.Errorf("response echoes a credential: %s", r.raw)
				}
			}
		})
	}
	// The other partner reaches its own merchants.
	r := e.do(http.MethodGet, "/v1/partner/merchants/2001/card-payments/payment-methods", nil, otherPartnerAuth())
	expectStatus(t, r, http.StatusOK)
}

func TestPartnerValidation(t *testing.T) {
	e := newEnv(t)
	terminals := merchantPath + "/card-payments/online-terminals"
	store := merchantPath + "/stores/1001-main"
	cases := []struct {
		name, method, path string
		body               any
		status             int
		message            string
	}{
		{"malformed JSON", "POST", ordersPath, `{"amount": 10,`, 400, "malformed JSON"},
		{"syntax error", "POST", ordersPath, `{"amount": x}`, 400, "malformed JSON at byte"},
		{"trailing data", "POST", ordersPath, `{"amount":1,"currency":"DKK"} {}`, 400, "exactly one JSON object"},
		{"not an object", "POST", ordersPath, `[1,2]`, 400, "must be a JSON object"},
		{"empty body", "POST", ordersPath, nil, 400, "request body is required"},
		{"amount as string", "POST", ordersPath, `{"amount":"10","currency":"DKK"}`, 400, `field "amount" must be an integer, got string`},
		{"amount fractional", "POST", ordersPath, `{"amount":10.5,"currency":"DKK"}`, 400, `field "amount" must be an integer`},
		{"amount missing", "POST", ordersPath, map[string]any{"currency": "DKK"}, 400, `field "amount" is required`},
		{"amount zero", "POST", ordersPath, map[string]any{"amount": 0, "currency": "DKK"}, 400, "must be a positive integer"},
		{"amount negative", "POST", ordersPath, map[string]any{"amount": -5, "currency": "DKK"}, 400, "must be a positive integer"},
		{"currency missing", "POST", ordersPath, map[string]any{"amount": 5}, 400, `field "currency" is required`},
		{"currency unknown", "POST", ordersPath, map[string]any{"amount": 5, "currency": "USD"}, 400, `field "currency" must be one of DKK, EUR, SEK, got "USD"`},
		{"currency lower case", "POST", ordersPath, map[string]any{"amount": 5, "currency": "dkk"}, 400, `must be one of DKK, EUR, SEK`},
		{"unknown field", "POST", ordersPath, map[string]any{"amount": 5, "currency": "DKK", "amout": 1}, 400, `unknown field "amout"; allowed fields: amount, currency, reference, description`},
		{"terminal mode missing", "POST", terminals, "{}", 400, `field "onlineTerminalMode" is required`},
		{"terminal mode unknown", "POST", terminals, map[string]any{"onlineTerminalMode": "Kiosk"}, 400, `must be one of SelfHostedPage, PaymentPage, MerchantInitiated`},
		{"terminal mode wrong type", "POST", terminals, `{"onlineTerminalMode": 3}`, 400, `field "onlineTerminalMode" must be a string, got number`},
		{"terminal store of other merchant", "POST", terminals, map[string]any{"onlineTerminalMode": "PaymentPage", "storeId": "1002-main"}, 404, `store "1002-main" not found for merchant 1001`},
		{"store not found", "PUT", merchantPath + "/stores/nope", map[string]any{"name": "x"}, 404, `store "nope" not found for merchant 1001`},
		{"store empty name", "PUT", store, map[string]any{"name": " "}, 400, `field "name" is required and must not be empty`},
		{"store bad email", "PUT", store, map[string]any{"email": "a@"}, 400, `field "email" must be a plain e-mail address`},
		{"store display-name email", "PUT", store, map[string]any{"email": "Shop <shop@example.com>"}, 400, `field "email"`},
		{"store bad country", "PUT", store, map[string]any{"countryCode": "Denmark"}, 400, `field "countryCode" must be an ISO 3166-1 alpha-2 code`},
		{"store isDefault as string", "PUT", store, `{"isDefault":"true"}`, 400, `field "isDefault" must be a boolean, got string`},
		{"store unknown field", "PUT", store, map[string]any{"status": "inactive"}, 400, `unknown field "status"`},
		{"onboard with fields", "POST", merchantPath + "/card-payments/onboard", map[string]any{"x": 1}, 400, `unknown field "x"`},
		{"activate with fields", "POST", merchantPath + "/card-payments/payment-methods/amex/activate", map[string]any{"x": 1}, 400, `unknown field "x"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := e.partner(tc.method, tc.path, tc.body)
			expectMessage(t, r, tc.status, tc.message)
		})
	}
	if st := e.srv.Snapshot(); len(st.Orders)+len(st.Terminals) != 0 {
		t.Errorf("invalid requests created objects: %+v", st)
	}
}

func TestBodyLimitsAndContentType(t *testing.T) {
	e := newEnvWith(t, Config{MaxBodyBytes: 100})

	big := `{"amount":5,"currency":"DKK","description":"` + strings.Repeat("x", 200) + `"}`
	r := e.partner(http.MethodPost, ordersPath, big)
	expectMessage(t, r, http.StatusRequestEntityTooLarge, "exceeds the limit of 100 bytes")

	headers := partnerAuth()
	headers["Content-Type"] = "text/plain"
	r = e.do(http.MethodPost, ordersPath, `{"amount":5,"currency":"DKK"}`, headers)
	expectMessage(t, r, http.StatusUnsupportedMediaType, "Content-Type must be application/json")

	headers["Content-Type"] = "application/json; charset=utf-8"
	r = e.do(http.MethodPost, ordersPath, `{"amount":5,"currency":"DKK"}`, headers)
	expectStatus(t, r, http.StatusCreated)
}

func TestDefaultBodyLimitIs64KiB(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodPost, ordersPath, `{"amount":5,"currency":"DKK","description":"`+strings.Repeat("x", 64<<10)+`"}`)
	expectMessage(t, r, http.StatusRequestEntityTooLarge, "65536 bytes")
}

func TestUnknownRouteAndMethod(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodGet, "/v1/partner/merchants/1001/nothing", nil)
	expectMessage(t, r, http.StatusNotFound, "no such endpoint")
	r = e.partner(http.MethodDelete, ordersPath, nil)
	expectMessage(t, r, http.StatusMethodNotAllowed, "use POST")
	if r.header.Get("Allow") != "POST" {
		t.Errorf("Allow = %q", r.header.Get("Allow"))
	}
}

func TestRequestIDHeader(t *testing.T) {
	e := newEnv(t)
	headers := partnerAuth()
	headers["X-Request-Id"] = "trace-123"
	r := e.do(http.MethodGet, merchantPath+"/card-payments/payment-methods", nil, headers)
	if got := r.header.Get("X-Request-Id"); got != "trace-123" {
		t.Errorf("X-Request-Id = %q, want the caller's", got)
	}
	r = e.partner(http.MethodGet, merchantPath+"/card-payments/payment-methods", nil)
	if !strings.HasPrefix(r.header.Get("X-Request-Id"), "req-") {
		t.Errorf("generated X-Request-Id = %q", r.header.Get("X-Request-Id"))
	}
}

// TestEveryPartnerRouteChecksInOrder runs the shared checks on every
// /v1/partner/ route, with a body that is also invalid, so each answer
// proves which check comes first.
func TestEveryPartnerRouteChecksInOrder(t *testing.T) {
	e := newEnv(t)
	for _, route := range e.srv.routeKeys {
		if !strings.Contains(route, merchantRoutePrefix+"/") {
			continue // webhook routes name no merchant: see webhooks_test.go
		}
		method, path := routePath(route)
		other := strings.Replace(path, "/1001/", "/%s/", 1)
		for _, tc := range []struct {
			name, path string
			headers    map[string]string
			status     int
			message    string
		}{
			{"no credentials", path, nil, 401, "missing header X-Partner-Client-Id"},
			{"merchantId syntax", fmt.Sprintf(other, "abc"), partnerAuth(), 400, "merchantId must be a positive integer"},
			{"unknown merchant", fmt.Sprintf(other, "9999"), partnerAuth(), 404, "merchant 9999 not found"},
			{"other partner's merchant", path, otherPartnerAuth(), 403, "merchant 1001 is not managed by this partner"},
		} {
			t.Run(route+"/"+tc.name, func(t *testing.T) {
				expectMessage(t, e.do(method, tc.path, `{"noSuchField":1}`, tc.headers), tc.status, tc.message)
			})
		}
		t.Run(route+"/body", func(t *testing.T) {
			expectMessage(t, e.partner(method, path, `{"noSuchField":1}`), 400, `unknown field "noSuchField"`)
		})
	}
}

func TestReadRoutesAreCountedAndFaultable(t *testing.T) {
	e := newEnv(t)
	order := get[string](t, e.createOrder("1001"), "order", "orderId")
	e.srv.ResetRequestCounts()
	calls := map[string]struct{ method, path string }{
		RouteOnboardingStatus: {http.MethodGet, onboardStatusPath},
		RouteListTerminals:    {http.MethodGet, terminalsPath + "?terminalType=PaymentPage"},
		RouteCreateStore:      {http.MethodPost, storesPath},
		RouteListStores:       {http.MethodGet, storesPath},
		RouteGetStore:         {http.MethodGet, storesPath + "/1001-main"},
		RouteDeactivateStore:  {http.MethodDelete, storesPath + "/1001-second"},
		RouteGetOrder:         {http.MethodGet, ordersPath + "/" + order},
	}
	for _, c := range calls {
		var body any
		if c.method == http.MethodPost {
			body = map[string]any{"name": "Counted"}
		}
		if r := e.partner(c.method, c.path, body); r.status >= 300 {
			t.Fatalf("%s %s: %d %s", c.method, c.path, r.status, r.raw)
		}
	}
	counts := e.srv.RequestCounts()
	for route := range calls {
		if counts[route] != 1 {
			t.Errorf("count of %q = %d, want 1", route, counts[route])
		}
	}
	if len(counts) != len(calls) {
		t.Errorf("counts = %v", counts)
	}

	// A lost answer after the soft delete: the store is inactive anyway.
	e.srv.InjectFault(Fault{Route: RouteDeactivateStore, Status: http.StatusBadGateway, AfterApply: true, Count: 1})
	created := get[string](t, e.partner(http.MethodPost, storesPath, map[string]any{"name": "Doomed"}).obj(t), "id")
	expectStatus(t, e.partner(http.MethodDelete, storesPath+"/"+created, nil), http.StatusBadGateway)
	if s := e.snapshotStore(1001, created); s.Status != "inactive" {
		t.Errorf("store after a 502 after apply = %+v, want inactive", s)
	}
}
