// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

// admin sends an admin request (no credentials).
func (e *env) admin(method, path string, body any) response {
	e.t.Helper()
	return e.do(method, "/_sandbox"+path, body, nil)
}

// onboard starts an application for merchant and returns its ID.
func (e *env) onboard(merchant string) string {
	e.t.Helper()
	r := e.partner(http.MethodPost, "/v1/partner/merchants/"+merchant+"/card-payments/onboard", nil)
	expectStatus(e.t, r, http.StatusCreated)
	return get[string](e.t, r.obj(e.t), "applicationId")
}

func TestSetApplicationStatusHTTP(t *testing.T) {
	e := newEnv(t)
	id := e.onboard("1001")
	path := "/applications/" + id + "/status"

	r := e.admin(http.MethodPost, path, map[string]any{"applicationStatus": "IN_REVIEW"})
	expectStatus(t, r, http.StatusOK)
	if got := r.obj(t); got["applicationId"] != id || got["applicationStatus"] != "IN_REVIEW" {
		t.Errorf("application = %v", got)
	}
	status := e.partner(http.MethodGet, onboardStatusPath, nil).obj(t)
	expectKeys(t, status, "applicationId", "applicationStatus", "webKybUrl")

	// The guide's words are accepted on any application.
	expectStatus(t, e.admin(http.MethodPost, path, map[string]any{"applicationStatus": "APPLICATION_SIGNED"}), http.StatusOK)

	expectStatus(t, e.admin(http.MethodPost, path, map[string]any{"applicationStatus": "REJECTED"}), http.StatusOK)
	status = e.partner(http.MethodGet, onboardStatusPath, nil).obj(t)
	expectKeys(t, status, "applicationId", "applicationStatus")
	if status["applicationStatus"] != "REJECTED" {
		t.Errorf("status = %v", status)
	}
	// Final: leaving is refused, repeating is a no-op.
	expectMessage(t, e.admin(http.MethodPost, path, map[string]any{"applicationStatus": "PENDING"}), http.StatusConflict,
		"is REJECTED, a final status, and cannot become PENDING")
	expectStatus(t, e.admin(http.MethodPost, path, map[string]any{"applicationStatus": "REJECTED"}), http.StatusOK)
	expectMessage(t, e.admin(http.MethodPost, "/applications/"+fixtureApplicationID(1002)+"/status", map[string]any{"applicationStatus": "IN_REVIEW"}),
		http.StatusConflict, "is MERCHANT_CREATED, a final status")
}

func TestSetApplicationStatusErrors(t *testing.T) {
	e := newEnv(t)
	path := "/applications/" + e.onboard("1001") + "/status"
	expectMessage(t, e.admin(http.MethodPost, path, map[string]any{"applicationStatus": "DONE"}), http.StatusBadRequest,
		`applicationStatus must be one of PENDING, IN_REVIEW, MERCHANT_CREATED, REJECTED, APPLICATION_INITIATED, APPLICATION_SUBMITTED, APPLICATION_SIGNED, APPLICATION_COMPLETED, got "DONE"`)
	expectMessage(t, e.admin(http.MethodPost, path, nil), http.StatusBadRequest, "request body is required")
	expectMessage(t, e.admin(http.MethodPost, path, map[string]any{"status": "PENDING"}), http.StatusBadRequest, `unknown field "status"`)
	expectMessage(t, e.admin(http.MethodPost, "/applications/nope/status", map[string]any{"applicationStatus": "PENDING"}), http.StatusNotFound, "application nope")

	for name, tc := range map[string]struct {
		id, status string
		want       error
	}{
		"unknown":   {"nope", "PENDING", ErrNotFound},
		"bad word":  {fixtureApplicationID(1001), "pending", ErrInvalidInput},
		"final":     {fixtureApplicationID(1001), "PENDING", ErrInvalidTransition},
		"no-op end": {fixtureApplicationID(1001), "MERCHANT_CREATED", nil},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := e.srv.SetApplicationStatus(tc.id, tc.status); !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Errorf("SetApplicationStatus = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestMerchantCreatedGivesADefaultStore(t *testing.T) {
	e := newEnvWith(t, Config{Fixtures: demoFixturesPlus(Merchant{ID: 7})})
	terminals := "/v1/partner/merchants/7/card-payments/online-terminals"
	expectMessage(t, e.partner(http.MethodPost, terminals, map[string]any{"onlineTerminalMode": "PaymentPage"}),
		http.StatusBadRequest, "merchant 7 has no default store: send a storeId")

	id := e.onboard("7")
	e.clock.Advance(time.Hour)
	a, err := e.srv.SetApplicationStatus(id, "MERCHANT_CREATED")
	if err != nil || a.ApplicationStatus != "MERCHANT_CREATED" || a.MerchantID != 7 {
		t.Fatalf("SetApplicationStatus = %+v, %v", a, err)
	}
	var stores []Store
	for _, s := range e.srv.Snapshot().Stores {
		if s.MerchantID == 7 {
			stores = append(stores, s.Store)
		}
	}
	if len(stores) != 1 || !stores[0].IsDefault || stores[0].Status != "active" || !createdStoreID.MatchString(stores[0].ID) ||
		!strings.HasPrefix(stores[0].LocationID, "LOC-20260115-") || stores[0].CreatedAt != "2026-01-15T13:00:00Z" {
		t.Fatalf("stores of merchant 7 = %+v, want one new active default store", stores)
	}
	r := e.partner(http.MethodPost, terminals, map[string]any{"onlineTerminalMode": "PaymentPage"})
	expectStatus(t, r, http.StatusCreated)
	if r.obj(t)["storeId"] != stores[0].ID {
		t.Errorf("terminal = %s, want it on the new default store", r.raw)
	}

	// A merchant that has a default store gets no other.
	if _, err := e.srv.SetApplicationStatus(e.onboard("1001"), "MERCHANT_CREATED"); err != nil {
		t.Fatal(err)
	}
	if n := len(e.srv.Snapshot().Stores); n != 10+1 {
		t.Errorf("%d stores, want the fixtures' 10 plus merchant 7's", n)
	}
}

// interappCode creates a registration code on store and returns it.
func (e *env) interappCode(store string) string {
	e.t.Helper()
	r := e.partner(http.MethodPost, merchantPath+"/card-payments/terminals/interapp", map[string]any{"storeId": store})
	expectStatus(e.t, r, http.StatusCreated)
	return get[string](e.t, r.obj(e.t), "registrationCode")
}

func TestPairDevice(t *testing.T) {
	e := newEnv(t)
	e.onlineTerminal("1001", "PaymentPage")
	code := e.interappCode("1001-second")
	e.clock.Advance(119 * time.Second) // still live

	term, err := e.srv.PairDevice(strings.ToLower(code), "Till 1")
	if err != nil {
		t.Fatal(err)
	}
	want := Terminal{
		MerchantID: 1001, TerminalID: term.TerminalID, TerminalType: "checkoutX", StoreID: "1001-second",
		CreatedAt: "2026-01-15T12:01:59Z", TerminalStatus: "REGISTERED", TerminalName: "Till 1",
	}
	if term != want || !strings.HasPrefix(term.TerminalID, "term_") {
		t.Errorf("paired terminal = %+v, want %+v", term, want)
	}
	if ic := e.srv.Snapshot().InterappCodes[0]; ic.PairedTerminalID != term.TerminalID {
		t.Errorf("code = %+v, want pairedTerminalId %s", ic, term.TerminalID)
	}

	list := terminalList(t, e.partner(http.MethodGet, terminalsPath+"?terminalType=checkoutX", nil))
	if len(list) != 1 {
		t.Fatalf("checkoutX terminals = %v", list)
	}
	entry := get[map[string]any](t, list, 0)
	expectKeys(t, entry, "terminalId", "terminalType", "terminalStatus", "terminalName") // no public key
	if entry["terminalId"] != term.TerminalID || entry["terminalStatus"] != "REGISTERED" || entry["terminalName"] != "Till 1" {
		t.Errorf("listed = %v", entry)
	}
	if all := terminalList(t, e.partner(http.MethodGet, terminalsPath, nil)); len(all) != 2 {
		t.Errorf("all terminals = %v, want the online one and the device", all)
	}
}

func TestPairDeviceHTTP(t *testing.T) {
	e := newEnv(t)
	code := e.interappCode("1001-main")
	r := e.admin(http.MethodPost, "/interapp/"+code+"/pair", nil) // the body is optional
	expectStatus(t, r, http.StatusCreated)
	paired := r.obj(t)
	if paired["terminalType"] != "checkoutX" || paired["storeId"] != "1001-main" {
		t.Errorf("paired = %v", paired)
	}
	if _, named := paired["terminalName"]; named {
		t.Errorf("unnamed device shows a terminalName: %v", paired)
	}

	expectMessage(t, e.admin(http.MethodPost, "/interapp/"+code+"/pair", `{"terminalName":"again"}`), http.StatusConflict,
		"registration code "+code+" was already used by terminal "+get[string](t, paired, "terminalId"))

	expired := e.interappCode("1001-main")
	e.clock.Advance(120 * time.Second)
	expectMessage(t, e.admin(http.MethodPost, "/interapp/"+expired+"/pair", "{}"), http.StatusConflict,
		"registration code "+expired+" expired at 2026-01-15T12:02:00Z")
	expectMessage(t, e.admin(http.MethodPost, "/interapp/NOCODE/pair", nil), http.StatusNotFound, "registration code NOCODE")
	expectMessage(t, e.admin(http.MethodPost, "/interapp/"+code+"/pair", `{"name":"x"}`), http.StatusBadRequest, `unknown field "name"`)

	for _, tc := range []struct {
		code string
		want error
	}{{"NOCODE", ErrNotFound}, {code, ErrInvalidTransition}, {expired, ErrInvalidTransition}} {
		if _, err := e.srv.PairDevice(tc.code, ""); !errors.Is(err, tc.want) {
			t.Errorf("PairDevice(%s) = %v, want %v", tc.code, err, tc.want)
		}
	}
	if n := len(e.srv.Snapshot().Terminals); n != 1 {
		t.Errorf("%d terminals, want only the one paired device", n)
	}
}

func TestDeactivateTerminal(t *testing.T) {
	e := newEnv(t)
	id := get[string](t, e.onlineTerminal("1001", "SelfHostedPage"), "terminalId")
	for range 2 { // idempotent
		r := e.admin(http.MethodPost, "/terminals/"+id+"/deactivate", nil)
		expectStatus(t, r, http.StatusOK)
		if got := r.obj(t); got["terminalStatus"] != "INACTIVE" || got["terminalId"] != id {
			t.Errorf("deactivated = %v", got)
		}
	}
	if got := get[string](t, terminalList(t, e.partner(http.MethodGet, terminalsPath, nil)), 0, "terminalStatus"); got != "INACTIVE" {
		t.Errorf("listed status = %s", got)
	}
	expectMessage(t, e.admin(http.MethodPost, "/terminals/term_nope/deactivate", nil), http.StatusNotFound, "terminal term_nope")
	if _, err := e.srv.DeactivateTerminal("term_nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("DeactivateTerminal = %v, want ErrNotFound", err)
	}
}

func TestChangeStoreHTTP(t *testing.T) {
	e := newEnv(t)
	terminal := map[string]any{"onlineTerminalMode": "PaymentPage"}

	// The world outside Terraform may deactivate the default store...
	e.clock.Advance(time.Minute)
	r := e.admin(http.MethodPatch, "/merchants/1001/stores/1001-main", map[string]any{"status": "inactive", "city": "Aarhus"})
	expectStatus(t, r, http.StatusOK)
	if got := r.obj(t); got["status"] != "inactive" || got["city"] != "Aarhus" || got["isDefault"] != true || got["updatedAt"] != "2026-01-15T12:01:00Z" {
		t.Errorf("changed = %v", got)
	}
	expectMessage(t, e.partner(http.MethodPost, onlineTerminalsPath, terminal), http.StatusBadRequest, `store "1001-main" of merchant 1001 is inactive`)

	// ...or leave the merchant without a default.
	expectStatus(t, e.admin(http.MethodPatch, "/merchants/1001/stores/1001-main", map[string]any{"isDefault": false, "status": "active"}), http.StatusOK)
	expectMessage(t, e.partner(http.MethodPost, onlineTerminalsPath, terminal), http.StatusBadRequest, "merchant 1001 has no default store")

	// isDefault true still keeps a single default.
	expectStatus(t, e.admin(http.MethodPatch, "/merchants/1001/stores/1001-main", map[string]any{"isDefault": true}), http.StatusOK)
	expectStatus(t, e.admin(http.MethodPatch, "/merchants/1001/stores/1001-second", map[string]any{"isDefault": true}), http.StatusOK)
	if e.snapshotStore(1001, "1001-main").IsDefault || !e.snapshotStore(1001, "1001-second").IsDefault {
		t.Error("isDefault true did not move the default")
	}

	// The guide shape shows the change's updatedAt.
	e.clock.Advance(time.Minute)
	expectStatus(t, e.admin(http.MethodPatch, "/merchants/1003/stores/1003-second", map[string]any{"phone": "+4500000000"}), http.StatusOK)
	got := e.partner(http.MethodGet, guideStoresPath+"/1003-second", nil).obj(t)
	if got["phone"] != "+4500000000" || got["updatedAt"] != "2026-01-15T12:02:00Z" {
		t.Errorf("guide store after the change = %v", got)
	}
}

func TestChangeStoreErrors(t *testing.T) {
	e := newEnv(t)
	path := "/merchants/1001/stores/1001-main"
	for name, tc := range map[string]struct {
		path    string
		body    any
		status  int
		message string
	}{
		"country":        {path, map[string]any{"countryCode": "dk"}, 400, `field "countryCode" must be an ISO 3166-1 alpha-2 code`},
		"email":          {path, map[string]any{"email": "nobody"}, 400, `field "email" must be a plain e-mail address`},
		"blank name":     {path, map[string]any{"name": " "}, 400, `field "name" is required`},
		"status word":    {path, map[string]any{"status": "closed"}, 400, `field "status" must be one of active, inactive, got "closed"`},
		"unknown field":  {path, map[string]any{"id": "x"}, 400, `unknown field "id"; allowed fields: name, streetAddress, city, postalCode, countryCode, phone, email, isDefault, status`},
		"no body":        {path, nil, 400, "request body is required"},
		"merchant":       {"/merchants/abc/stores/1001-main", map[string]any{}, 400, "merchantId must be a positive integer"},
		"no merchant":    {"/merchants/9/stores/9-main", map[string]any{}, 404, "merchant 9"},
		"no store":       {"/merchants/1001/stores/nope", map[string]any{}, 404, `store "nope" of merchant 1001`},
		"other's store":  {"/merchants/1001/stores/1002-main", map[string]any{}, 404, `store "1002-main" of merchant 1001`},
		"wrong method":   {path, map[string]any{}, 405, "use PATCH"},
		"invalid status": {path, `{"status":1}`, 400, `field "status" must be a string`},
	} {
		t.Run(name, func(t *testing.T) {
			method := http.MethodPatch
			if name == "wrong method" {
				method = http.MethodPut
			}
			expectMessage(t, e.admin(method, tc.path, tc.body), tc.status, tc.message)
		})
	}
	if s := e.snapshotStore(1001, "1001-main"); s.UpdatedAt != "" || s.Status != "active" {
		t.Errorf("refused changes touched the store: %+v", s)
	}
	bad := "XX-1"
	if _, err := e.srv.ChangeStore(1001, "1001-main", StoreChange{StoreEdit: StoreEdit{CountryCode: &bad}}); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("ChangeStore(bad country) = %v, want ErrInvalidInput", err)
	}
	if _, err := e.srv.ChangeStore(1001, "nope", StoreChange{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("ChangeStore(nope) = %v, want ErrNotFound", err)
	}
}

func TestSetOrderStatus(t *testing.T) {
	e := newEnv(t)
	paid := get[string](t, e.createOrder("1001"), "order", "orderId")
	cancelled := get[string](t, e.createOrder("1001"), "order", "orderId")
	status := func(id, s string) response {
		return e.admin(http.MethodPost, "/orders/"+id+"/status", map[string]any{"status": s})
	}

	r := status(paid, "PAID")
	expectStatus(t, r, http.StatusOK)
	if got := r.obj(t); got["status"] != "PAID" || got["orderId"] != paid {
		t.Errorf("order = %v", got)
	}
	read := e.partner(http.MethodGet, ordersPath+"/"+paid, nil)
	if got := get[string](t, read.obj(t), "order", "status"); got != "PAID" {
		t.Errorf("read status = %s", got)
	}
	expectStatus(t, status(paid, "PAID"), http.StatusOK) // no-op
	expectMessage(t, status(paid, "CANCELLED"), http.StatusConflict, "order "+paid+" is PAID and cannot become CANCELLED")
	expectStatus(t, status(paid, "REFUNDED"), http.StatusOK)
	expectMessage(t, status(paid, "PAID"), http.StatusConflict, "is REFUNDED and cannot become PAID")

	expectMessage(t, status(cancelled, "REFUNDED"), http.StatusConflict, "is CREATED and cannot become REFUNDED")
	expectStatus(t, status(cancelled, "CANCELLED"), http.StatusOK)
	expectMessage(t, status(cancelled, "PAID"), http.StatusConflict, "is CANCELLED")

	expectMessage(t, status(paid, "CREATED"), http.StatusBadRequest, `status must be one of PAID, CANCELLED, REFUNDED, got "CREATED"`)
	expectMessage(t, status(paid, "paid"), http.StatusBadRequest, "must be one of PAID, CANCELLED, REFUNDED")
	expectMessage(t, status("ord_nope", "PAID"), http.StatusNotFound, "order ord_nope")
	expectMessage(t, e.admin(http.MethodPost, "/orders/"+paid+"/status", nil), http.StatusBadRequest, "request body is required")

	for _, tc := range []struct {
		id, status string
		want       error
	}{{"ord_nope", "PAID", ErrNotFound}, {paid, "SHIPPED", ErrInvalidInput}, {cancelled, "PAID", ErrInvalidTransition}} {
		if _, err := e.srv.SetOrderStatus(tc.id, tc.status); !errors.Is(err, tc.want) {
			t.Errorf("SetOrderStatus(%s, %s) = %v, want %v", tc.id, tc.status, err, tc.want)
		}
	}
}

// TestNewAdminRoutesAreNotCountedOrFaulted: a fault on every API route
// must not reach the admin surface, and admin calls are not counted.
func TestNewAdminRoutesAreNotCountedOrFaulted(t *testing.T) {
	e := newEnv(t)
	order := get[string](t, e.createOrder("1001"), "order", "orderId")
	terminal := get[string](t, e.onlineTerminal("1001", "PaymentPage"), "terminalId")
	code := e.interappCode("1001-main")
	app := e.onboard("1001")
	e.srv.ResetRequestCounts()
	e.srv.InjectFault(Fault{Status: http.StatusServiceUnavailable})

	expectStatus(t, e.admin(http.MethodPost, "/applications/"+app+"/status", map[string]any{"applicationStatus": "IN_REVIEW"}), http.StatusOK)
	expectStatus(t, e.admin(http.MethodPost, "/interapp/"+code+"/pair", nil), http.StatusCreated)
	expectStatus(t, e.admin(http.MethodPost, "/terminals/"+terminal+"/deactivate", nil), http.StatusOK)
	expectStatus(t, e.admin(http.MethodPatch, "/merchants/1001/stores/1001-second", map[string]any{"name": "x"}), http.StatusOK)
	expectStatus(t, e.admin(http.MethodPost, "/orders/"+order+"/status", map[string]any{"status": "PAID"}), http.StatusOK)
	if counts := e.srv.RequestCounts(); len(counts) != 0 {
		t.Errorf("admin requests were counted: %v", counts)
	}
}
