// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A new merchant is pending, with an onboarding link; it is read and
// listed in the read's shape and is the partner's merchant on every
// merchant-scoped route.
func TestCreateMerchant(t *testing.T) {
	e := newEnv(t)
	body := contactBody("Harbour Coffee ApS")
	body["partnerRefId"] = "crm-42"
	created := e.createMerchantAs(merchantsPath, body, partnerAuth())
	expectKeys(t, created, "merchantId", "clientId", "companyName", "contactEmail", "onboardingUrl", "onboardingToken", "status", "expiresAt")
	token := get[string](t, created, "onboardingToken")
	if created["merchantId"] != float64(firstNewMerchantID) || !isUUID(get[string](t, created, "clientId")) ||
		created["status"] != "pending_onboarding" || created["companyName"] != "Harbour Coffee ApS" ||
		!strings.HasSuffix(get[string](t, created, "onboardingUrl"), "token="+token) ||
		created["expiresAt"] != timestamp(e.clock.Now().Add(7*24*time.Hour)) {
		t.Errorf("create answer = %v", created)
	}

	r := e.partner(http.MethodGet, merchantsPath+"/3001", nil)
	expectStatus(t, r, http.StatusOK)
	read := r.obj(t)
	expectKeys(t, read, "id", "clientId", "companyName", "contactEmail", "contactPhone", "status", "partnerRefId", "createdAt")
	if read["id"] != float64(3001) || read["clientId"] != created["clientId"] || read["status"] != "pending" ||
		read["contactPhone"] != nil || read["partnerRefId"] != "crm-42" || read["createdAt"] != timestamp(e.clock.Now()) {
		t.Errorf("read = %v", read)
	}

	// Every merchant route serves it; one that needs a store waits for one.
	methods := e.partner(http.MethodGet, merchantsPath+"/3001/card-payments/payment-methods", nil)
	if expectStatus(t, methods, http.StatusOK); strings.Count(string(methods.raw), `"method"`) != 7 {
		t.Errorf("payment methods of a new merchant = %s", methods.raw)
	}
	expectMessage(t, e.partner(http.MethodPost, merchantsPath+"/3001/card-payments/online-terminals", map[string]any{"onlineTerminalMode": "PaymentPage"}),
		http.StatusBadRequest, "no default store")
	expectStatus(t, e.partner(http.MethodPost, merchantsPath+"/3001/card-payments/onboard", nil), http.StatusCreated)
	expectMessage(t, e.do(http.MethodGet, merchantsPath+"/3001", nil, otherPartnerAuth()), http.StatusForbidden, "not managed by this partner")

	second := e.createMerchantAs(merchantsPath, contactBody("Second ApS"), partnerAuth())
	if second["merchantId"] != float64(3002) || second["clientId"] == created["clientId"] {
		t.Errorf("second merchant = %v", second)
	}
}

// The list has the partner's fixture merchants and its new ones, in
// creation order; another partner's are not in it.
func TestListMerchants(t *testing.T) {
	e := newEnv(t)
	e.createMerchantAs(merchantsPath, contactBody("Mine ApS"), partnerAuth())
	e.createMerchantAs(merchantsPath, contactBody("Theirs ApS"), otherPartnerAuth())

	var mine []map[string]any
	r := e.partner(http.MethodGet, merchantsPath, nil)
	expectStatus(t, r, http.StatusOK)
	mustUnmarshal(t, r.raw, &mine)
	var ids []string
	for _, m := range mine {
		ids = append(ids, fmt.Sprint(m["id"]), fmt.Sprint(m["status"]))
	}
	if got := strings.Join(ids, " "); got != "1001 active 1002 active 1003 active 3001 pending" {
		t.Errorf("list = %s", got)
	}
	expectKeys(t, mine[0], "id", "clientId", "companyName", "contactEmail", "contactPhone", "status", "partnerRefId", "createdAt")
	if mine[0]["clientId"] != merchantClientID(1001) || mine[0]["companyName"] != "Merchant 1001 ApS" || mine[0]["partnerRefId"] != nil {
		t.Errorf("fixture merchant 1001 = %v", mine[0])
	}

	var theirs []map[string]any
	mustUnmarshal(t, e.do(http.MethodGet, merchantsPath, nil, otherPartnerAuth()).raw, &theirs)
	if len(theirs) != 3 || theirs[0]["id"] != float64(2001) || theirs[2]["id"] != float64(3002) {
		t.Errorf("other partner's list = %v", theirs)
	}
	expectMessage(t, e.do(http.MethodGet, merchantsPath, nil, nil), http.StatusUnauthorized, "missing header X-Partner-Client-Id")
}

// GET merchant runs the merchant routes' checks in their order.
func TestGetMerchantChecksInOrder(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		name, path string
		headers    map[string]string
		status     int
		message    string
	}{
		{"no credentials", merchantsPath + "/1001", nil, 401, "missing header X-Partner-Client-Id"},
		{"merchantId syntax", merchantsPath + "/abc", partnerAuth(), 400, "merchantId must be a positive integer"},
		{"unknown merchant", merchantsPath + "/9999", partnerAuth(), 404, "merchant 9999 not found"},
		{"other partner's merchant", merchantsPath + "/1001", otherPartnerAuth(), 403, "merchant 1001 is not managed by this partner"},
		{"body", merchantsPath + "/1001", partnerAuth(), 400, `unknown field "noSuchField"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expectMessage(t, e.do(http.MethodGet, tc.path, `{"noSuchField":1}`, tc.headers), tc.status, tc.message)
		})
	}
}

// The create routes' own paths are theirs: another method there is 405,
// not a read of merchant "test".
func TestMerchantLiteralPaths(t *testing.T) {
	e := newEnv(t)
	for _, path := range []string{merchantsPath + "/test", merchantsPath + "/fast-track"} {
		for _, method := range []string{http.MethodGet, http.MethodHead, http.MethodPut} {
			r := e.partner(method, path, nil)
			if r.status != http.StatusMethodNotAllowed || r.header.Get("Allow") != "POST" {
				t.Errorf("%s %s: %d, Allow %q; want 405 allowing POST", method, path, r.status, r.header.Get("Allow"))
			}
		}
	}
	r := e.partner(http.MethodPost, merchantsPath+"/1001", contactBody("x"))
	if r.status != http.StatusMethodNotAllowed || r.header.Get("Allow") != "GET" {
		t.Errorf("POST a merchant: %d, Allow %q; want 405 allowing GET", r.status, r.header.Get("Allow"))
	}
}

func TestCreateMerchantValidation(t *testing.T) {
	e := newEnv(t)
	with := func(field string, value any) map[string]any {
		b := contactBody("Harbour ApS")
		b[field] = value
		return b
	}
	without := func(field string) map[string]any {
		b := contactBody("Harbour ApS")
		delete(b, field)
		return b
	}
	for name, tc := range map[string]struct {
		body    any
		message string
	}{
		"no body":            {nil, "request body is required"},
		"no companyName":     {without("companyName"), `"companyName" is required`},
		"blank companyName":  {with("companyName", "  "), `"companyName" is required`},
		"long companyName":   {with("companyName", strings.Repeat("x", 201)), `"companyName" must be at most 200`},
		"no contactEmail":    {without("contactEmail"), `"contactEmail" is required`},
		"bad contactEmail":   {with("contactEmail", "Owner <owner@harbour.example>"), `"contactEmail" must be a plain e-mail address`},
		"bad contactPhone":   {with("contactPhone", "call me"), `"contactPhone" must be a phone number`},
		"long partnerRefId":  {with("partnerRefId", strings.Repeat("r", 101)), `"partnerRefId" must be at most 100`},
		"companyName number": {with("companyName", 7), `"companyName" must be a string`},
		"fast-track field":   {with("iban", "DK5000400440116243"), `unknown field "iban"`},
	} {
		t.Run(name, func(t *testing.T) {
			expectMessage(t, e.partner(http.MethodPost, merchantsPath, tc.body), http.StatusBadRequest, tc.message)
		})
	}
	if n := len(e.srv.Snapshot().Merchants); n != 5 {
		t.Errorf("%d merchants after refused creates, want the 5 fixtures", n)
	}
}

func fastTrackBody() map[string]any {
	b := contactBody("Fast ApS")
	for k, v := range map[string]any{"registrationNumber": "12345678", "website": "https://fast.example", "iban": "dk50 0040 0440 1162 43", "bic": "dabadkkk"} {
		b[k] = v
	}
	return b
}

// A fast-track merchant needs its company details; the IBAN's shape is
// checked loosely and it is kept compact, in upper case.
func TestCreateFastTrackMerchant(t *testing.T) {
	e := newEnv(t)
	created := e.createMerchantAs(merchantsPath+"/fast-track", fastTrackBody(), partnerAuth())
	if created["status"] != "pending_onboarding" || !strings.Contains(get[string](t, created, "onboardingUrl"), "/fast-track?token=") {
		t.Errorf("fast-track answer = %v", created)
	}
	rec := e.srv.Snapshot().Merchants[5]
	if rec.Kind != "fast-track" || rec.IBAN != "DK5000400440116243" || rec.BIC != "DABADKKK" || rec.RegistrationNumber != "12345678" {
		t.Errorf("stored fast-track merchant = %+v", rec)
	}

	for name, tc := range map[string]struct {
		field   string
		value   any
		message string
	}{
		"no registrationNumber":  {"registrationNumber", nil, `"registrationNumber" is required`},
		"bad registrationNumber": {"registrationNumber", "#1", `"registrationNumber" must be a company registration number`},
		"no website":             {"website", nil, `"website" is required`},
		"relative website":       {"website", "fast.example", `"website" must be an absolute http or https URL`},
		"no iban":                {"iban", nil, `"iban" is required`},
		"short iban":             {"iban", "DK50 0040", `"iban" must be an IBAN`},
		"iban without country":   {"iban", "5000400440116243", `"iban" must be an IBAN`},
		"bad bic":                {"bic", "DABA", `"bic" must be a BIC`},
		"bad email still":        {"contactEmail", "nope", `"contactEmail"`},
	} {
		t.Run(name, func(t *testing.T) {
			b := fastTrackBody()
			if tc.value == nil {
				delete(b, tc.field)
			} else {
				b[tc.field] = tc.value
			}
			expectMessage(t, e.partner(http.MethodPost, merchantsPath+"/fast-track", b), http.StatusBadRequest, tc.message)
		})
	}
	b := fastTrackBody() // bic is optional
	delete(b, "bic")
	expectStatus(t, e.partner(http.MethodPost, merchantsPath+"/fast-track", b), http.StatusCreated)
}

// A test merchant is active at once and shaped like the demo merchants:
// their stores, payment methods and a created card merchant.
func TestCreateTestMerchant(t *testing.T) {
	e := newEnv(t)
	created := e.createMerchantAs(merchantsPath+"/test", contactBody("Test ApS"), partnerAuth())
	expectKeys(t, created, "merchantId", "clientId", "companyName", "contactEmail", "status")
	if created["status"] != "active" {
		t.Errorf("test merchant = %v", created)
	}
	path := fmt.Sprintf("%s/%v", merchantsPath, created["merchantId"])
	if got := e.partner(http.MethodGet, path, nil).obj(t)["status"]; got != "active" {
		t.Errorf("status = %v", got)
	}
	var stores []map[string]any
	mustUnmarshal(t, e.partner(http.MethodGet, path+"/stores", nil).raw, &stores)
	if len(stores) != 2 || stores[0]["id"] != "3001-main" || stores[0]["isDefault"] != true {
		t.Errorf("stores = %v", stores)
	}
	status := e.partner(http.MethodGet, path+"/card-payments/onboard/status", nil).obj(t)
	if status["applicationStatus"] != appMerchantCreated {
		t.Errorf("onboarding = %v", status)
	}
	expectStatus(t, e.partner(http.MethodPost, path+"/card-payments/orders", map[string]any{"amount": 100, "currency": "DKK"}), http.StatusCreated)
}

// Completing onboarding and deactivating each tell the partner's active
// endpoints that subscribe to the event, signed; repeating changes nothing.
func TestMerchantStatusEvents(t *testing.T) {
	e := newEnv(t)
	subscribed, unsubscribed, inactive, other := newEventSink(t), newEventSink(t), newEventSink(t), newEventSink(t)
	subscribedID, secret := e.subscribe(subscribed.url, "merchant.activated", "merchant.deactivated")
	e.subscribe(unsubscribed.url, "payment.completed")
	inactiveID, _ := e.subscribe(inactive.url, "merchant.activated")
	off := statusInactive
	if _, err := e.srv.ChangeWebhook(inactiveID, WebhookChange{Status: &off}); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, e.do(http.MethodPost, "/v1/partner/webhooks", map[string]any{"url": other.url, "events": []string{"merchant.activated"}}, otherPartnerAuth()), http.StatusCreated)
	created := e.createMerchantAs(merchantsPath, contactBody("Harbour ApS"), partnerAuth())

	e.clock.Advance(1500 * time.Millisecond)
	r := e.do(http.MethodPost, "/_sandbox/merchants/3001/activate", nil, nil)
	expectStatus(t, r, http.StatusOK)
	var change MerchantChange
	mustUnmarshal(t, r.raw, &change)
	if change.Merchant.Status != merchantActive || len(change.Deliveries) != 1 || change.Deliveries[0].WebhookID != subscribedID ||
		change.Deliveries[0].StatusCode != http.StatusOK || change.Deliveries[0].Timestamp != "2026-01-15T12:00:01.500Z" {
		t.Fatalf("activation = %s", r.raw)
	}
	got := subscribed.events()
	if len(got) != 1 || got[0].Event != "merchant.activated" || fmt.Sprint(got[0].Data) != fmt.Sprint(map[string]any{"merchantId": float64(3001), "clientId": created["clientId"]}) {
		t.Fatalf("deliveries = %+v", got)
	}
	verifySignatures(t, got[0], secret)
	if len(unsubscribed.events())+len(inactive.events())+len(other.events()) != 0 {
		t.Error("an endpoint that is inactive, not subscribed or another partner's received the event")
	}
	if w := e.srv.Snapshot().Webhooks[0]; w.LastTriggeredAt != "2026-01-15T12:00:01Z" {
		t.Errorf("lastTriggeredAt = %q", w.LastTriggeredAt)
	}
	// Activation gave the merchant the demo merchants' stores.
	var stores []map[string]any
	mustUnmarshal(t, e.partner(http.MethodGet, merchantsPath+"/3001/stores", nil).raw, &stores)
	if len(stores) != 2 || stores[0]["id"] != "3001-main" || stores[0]["isDefault"] != true || stores[1]["id"] != "3001-second" {
		t.Errorf("stores after activation = %v", stores)
	}
	expectStatus(t, e.partner(http.MethodPost, merchantsPath+"/3001/card-payments/online-terminals", map[string]any{"onlineTerminalMode": "PaymentPage"}), http.StatusCreated)

	again, err := e.srv.ActivateMerchant(3001)
	if err != nil || len(again.Deliveries) != 0 || len(subscribed.events()) != 1 {
		t.Errorf("activating an active merchant: %+v, %v; want no event", again, err)
	}
	off2, err := e.srv.DeactivateMerchant(3001)
	if err != nil || off2.Merchant.Status != merchantInactive || len(off2.Deliveries) != 1 {
		t.Fatalf("DeactivateMerchant = %+v, %v", off2, err)
	}
	if got := subscribed.events(); len(got) != 2 || got[1].Event != "merchant.deactivated" {
		t.Errorf("deliveries = %+v", got)
	}
	if st := e.partner(http.MethodGet, merchantsPath+"/3001", nil).obj(t)["status"]; st != "inactive" {
		t.Errorf("status after deactivation = %v", st)
	}

	if _, err := e.srv.ActivateMerchant(9999); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown merchant: %v, want ErrNotFound", err)
	}
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/merchants/9999/deactivate", nil, nil), http.StatusNotFound, "merchant 9999")
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/merchants/x/activate", nil, nil), http.StatusBadRequest, "merchantId")
}

// A receiver that cannot be reached does not undo the change: the outcome
// says what went wrong.
func TestMerchantEventToUnreachableReceiver(t *testing.T) {
	e := newEnv(t)
	sink := newEventSink(t)
	e.subscribe("http://127.0.0.1:1/gone", "merchant.deactivated")
	e.subscribe(sink.url, "merchant.deactivated")
	change, err := e.srv.DeactivateMerchant(1001)
	if err != nil || change.Merchant.Status != merchantInactive || len(change.Deliveries) != 2 ||
		change.Deliveries[0].Error == "" || change.Deliveries[0].StatusCode != 0 || change.Deliveries[1].StatusCode != http.StatusOK {
		t.Fatalf("DeactivateMerchant = %+v, %v", change, err)
	}
	if len(sink.events()) != 1 {
		t.Error("the reachable receiver did not get the event")
	}
}

// A merchant that created a store while pending keeps its stores when it
// is activated, and gets a default store only if none of them is one.
func TestActivationKeepsCreatedStores(t *testing.T) {
	e := newEnv(t)
	e.createMerchantAs(merchantsPath, contactBody("Shop ApS"), partnerAuth())
	expectStatus(t, e.partner(http.MethodPost, merchantsPath+"/3001/stores", map[string]any{"name": "Own", "isDefault": true}), http.StatusCreated)
	e.createMerchantAs(merchantsPath, contactBody("Other Shop ApS"), partnerAuth())
	expectStatus(t, e.partner(http.MethodPost, merchantsPath+"/3002/stores", map[string]any{"name": "Side"}), http.StatusCreated)
	for _, id := range []int64{3001, 3002} {
		if _, err := e.srv.ActivateMerchant(id); err != nil {
			t.Fatal(err)
		}
	}
	var names []string
	for _, s := range e.srv.Snapshot().Stores {
		if s.MerchantID > 3000 {
			names = append(names, fmt.Sprintf("%d:%s:%t", s.MerchantID, s.Name, s.IsDefault))
		}
	}
	if got := strings.Join(names, " "); got != "3001:Own:true 3002:Side:false 3002:Default store:true" {
		t.Errorf("stores = %s", got)
	}
}

// The merchant routes' robustness cases.
func init() {
	contact := map[string]any{
		"companyName": "Harbour Coffee ApS", "contactEmail": "owner@harbour.example",
		"contactPhone": "+45 22 33 44 55", "partnerRefId": "crm-42",
	}
	fastTrack := maps.Clone(contact)
	maps.Copy(fastTrack, map[string]any{
		"registrationNumber": "12345678", "website": "https://harbour.example", "iban": "DK50 0040 0440 1162 43", "bic": "DABADKKK",
	})
	addRobustCases(map[string]robustCase{
		RouteCreateMerchant:          {body: contact},
		RouteCreateFastTrackMerchant: {body: fastTrack},
		RouteCreateTestMerchant:      {body: maps.Clone(contact)},
		RouteGetMerchant:             {},
		RouteListMerchants:           {},
	})
}
