// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"net/http"
	"regexp"
	"testing"
	"time"
)

const (
	storesPath      = merchantPath + "/stores"
	guideStoresPath = "/v1/partner/merchants/1003/stores"
)

var (
	referenceStoreKeys = []string{"id", "name", "locationId", "streetAddress", "city", "postalCode", "countryCode", "phone", "email", "isDefault", "status", "createdAt"}
	guideStoreKeys     = []string{"storeId", "name", "locationId", "streetAddress", "city", "postalCode", "countryCode", "phone", "email", "isDefault", "isActive", "createdAt", "updatedAt"}

	createdStoreID  = regexp.MustCompile(`^loc_[0-9a-f]{16}$`)
	generatedLocIDs = regexp.MustCompile(`^LOC-20260115-[A-Z0-9]{4}$`)
)

// snapshotStore returns the snapshot's copy of a store.
func (e *env) snapshotStore(merchantID int64, id string) Store {
	e.t.Helper()
	for _, s := range e.srv.Snapshot().Stores {
		if s.MerchantID == merchantID && s.ID == id {
			return s.Store
		}
	}
	e.t.Fatalf("store %q of merchant %d not in the snapshot", id, merchantID)
	return Store{}
}

func TestCreateStoreDefaults(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodPost, storesPath, map[string]any{"name": "Harbour"})
	expectStatus(t, r, http.StatusCreated)
	got := r.obj(t)
	expectKeys(t, got, referenceStoreKeys...)
	id := get[string](t, got, "id")
	if !createdStoreID.MatchString(id) || !generatedLocIDs.MatchString(get[string](t, got, "locationId")) {
		t.Errorf("id %q or locationId %v not in the expected style", id, got["locationId"])
	}
	want := map[string]any{
		"name": "Harbour", "countryCode": "DK", "isDefault": false, "status": "active", "createdAt": "2026-01-15T12:00:00Z",
		"streetAddress": "", "city": "", "postalCode": "", "phone": "", "email": "",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	if s := e.snapshotStore(1001, id); s.UpdatedAt != "2026-01-15T12:00:00Z" || s.IsDefault {
		t.Errorf("snapshot store = %+v, want updatedAt at creation", s)
	}
	if e.snapshotStore(1001, "1001-main").IsDefault != true {
		t.Error("creating a non-default store moved the default")
	}
}

func TestCreateStoreAsDefault(t *testing.T) {
	e := newEnv(t)
	body := map[string]any{
		"name": "Harbour", "locationId": "HARBOUR-1", "streetAddress": "Havnegade 2", "city": "Odense", "postalCode": "5000",
		"countryCode": "SE", "phone": "+4566000000", "email": "harbour@example.com", "isDefault": true,
	}
	r := e.partner(http.MethodPost, storesPath, body)
	expectStatus(t, r, http.StatusCreated)
	got := r.obj(t)
	for k, v := range body {
		if got[k] != v {
			t.Errorf("%s = %v, want %v as sent", k, got[k], v)
		}
	}
	id := get[string](t, got, "id")
	old := e.snapshotStore(1001, "1001-main")
	if old.IsDefault || old.UpdatedAt != "2026-01-15T12:00:00Z" {
		t.Errorf("old default = %+v, want no longer default, stamped now", old)
	}
	// Terminals without a storeId now land on the new default.
	if term := e.onlineTerminal("1001", "PaymentPage"); term["storeId"] != id {
		t.Errorf("terminal store = %v, want %s", term["storeId"], id)
	}
}

func TestCreateStoreValidation(t *testing.T) {
	e := newEnv(t)
	for name, tc := range map[string]struct {
		body    any
		message string
	}{
		"no body":          {nil, "request body is required"},
		"name missing":     {map[string]any{"city": "Odense"}, `field "name" is required`},
		"name blank":       {map[string]any{"name": "  "}, `field "name" is required`},
		"country lower":    {map[string]any{"name": "x", "countryCode": "dk"}, `field "countryCode" must be an ISO 3166-1 alpha-2 code`},
		"country empty":    {map[string]any{"name": "x", "countryCode": ""}, `field "countryCode"`},
		"email invalid":    {map[string]any{"name": "x", "email": "shop@"}, `field "email" must be a plain e-mail address`},
		"email empty":      {map[string]any{"name": "x", "email": ""}, `field "email"`},
		"isDefault string": {`{"name":"x","isDefault":"yes"}`, `field "isDefault" must be a boolean`},
		"status field":     {map[string]any{"name": "x", "status": "inactive"}, `unknown field "status"`},
		"id field":         {map[string]any{"name": "x", "id": "mine"}, `unknown field "id"`},
	} {
		t.Run(name, func(t *testing.T) {
			expectMessage(t, e.partner(http.MethodPost, storesPath, tc.body), http.StatusBadRequest, tc.message)
		})
	}
	if n := len(e.srv.Snapshot().Stores); n != 10 {
		t.Errorf("invalid creates left %d stores, want the 10 fixtures", n)
	}
	// JSON null means not sent: the defaults apply.
	r := e.partner(http.MethodPost, storesPath, `{"name":"x","countryCode":null,"email":null,"locationId":null}`)
	expectStatus(t, r, http.StatusCreated)
	if got := r.obj(t); got["countryCode"] != "DK" || !generatedLocIDs.MatchString(get[string](t, got, "locationId")) {
		t.Errorf("store = %v, want the defaults", got)
	}
}

func TestListAndGetStoresReferenceShape(t *testing.T) {
	e := newEnv(t)
	created := e.partner(http.MethodPost, storesPath, map[string]any{"name": "Third"}).obj(t)
	expectStatus(t, e.partner(http.MethodDelete, storesPath+"/1001-second", nil), http.StatusOK)

	r := e.partner(http.MethodGet, storesPath, nil)
	expectStatus(t, r, http.StatusOK)
	var list []map[string]any
	mustUnmarshal(t, r.raw, &list) // a bare array
	if len(list) != 3 || list[0]["id"] != "1001-main" || list[1]["id"] != "1001-second" || list[2]["id"] != created["id"] {
		t.Fatalf("stores = %s, want main, second, third in creation order", r.raw)
	}
	if list[1]["status"] != "inactive" {
		t.Errorf("deactivated store listed as %v", list[1]["status"])
	}
	for _, s := range list {
		expectKeys(t, s, referenceStoreKeys...)
	}

	r = e.partner(http.MethodGet, storesPath+"/1001-second", "{}")
	expectStatus(t, r, http.StatusOK)
	expectKeys(t, r.obj(t), referenceStoreKeys...)
	expectMessage(t, e.partner(http.MethodGet, storesPath+"/nope", nil), http.StatusNotFound, `store "nope" not found for merchant 1001`)
	expectMessage(t, e.partner(http.MethodGet, storesPath+"/1002-main", nil), http.StatusNotFound, `store "1002-main" not found for merchant 1001`)
	expectMessage(t, e.partner(http.MethodGet, storesPath, `{"x":1}`), http.StatusBadRequest, `unknown field "x"`)
}

func TestDeactivateStore(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodDelete, storesPath+"/1001-second", nil)
	expectStatus(t, r, http.StatusOK)
	got := r.obj(t)
	expectKeys(t, got, referenceStoreKeys...)
	if got["status"] != "inactive" || got["id"] != "1001-second" {
		t.Errorf("deactivated store = %v", got)
	}
	if s := e.snapshotStore(1001, "1001-second"); s.Status != "inactive" || s.UpdatedAt != "2026-01-15T12:00:00Z" {
		t.Errorf("snapshot = %+v", s)
	}

	// A second delete is a no-op: no error, nothing stamped.
	e.clock.Advance(time.Hour)
	expectStatus(t, e.partner(http.MethodDelete, storesPath+"/1001-second", "{}"), http.StatusOK)
	if s := e.snapshotStore(1001, "1001-second"); s.UpdatedAt != "2026-01-15T12:00:00Z" {
		t.Errorf("repeated delete stamped updatedAt %s", s.UpdatedAt)
	}

	// An inactive store takes no terminals and cannot become the default.
	r = e.partner(http.MethodPost, onlineTerminalsPath, map[string]any{"onlineTerminalMode": "PaymentPage", "storeId": "1001-second"})
	expectMessage(t, r, http.StatusBadRequest, `store "1001-second" of merchant 1001 is inactive`)
	r = e.partner(http.MethodPut, storesPath+"/1001-second", map[string]any{"isDefault": true})
	expectMessage(t, r, http.StatusBadRequest, `store "1001-second" is inactive and cannot become the default store`)
	// Other changes to an inactive store are allowed.
	expectStatus(t, e.partner(http.MethodPut, storesPath+"/1001-second", map[string]any{"name": "Closed"}), http.StatusOK)
}

func TestDeactivateStoreErrors(t *testing.T) {
	e := newEnv(t)
	expectMessage(t, e.partner(http.MethodDelete, storesPath+"/1001-main", nil), http.StatusBadRequest,
		`store "1001-main" is the default store of merchant 1001; make another store the default (isDefault true) before deactivating it`)
	expectMessage(t, e.partner(http.MethodDelete, storesPath+"/nope", nil), http.StatusNotFound, `store "nope" not found for merchant 1001`)
	expectMessage(t, e.partner(http.MethodDelete, storesPath+"/1002-second", nil), http.StatusNotFound, `store "1002-second" not found`)
	expectMessage(t, e.partner(http.MethodDelete, storesPath+"/1001-second", `{"force":true}`), http.StatusBadRequest, `unknown field "force"`)
	if s := e.snapshotStore(1001, "1001-main"); s.Status != "active" {
		t.Errorf("refused delete changed the store: %+v", s)
	}

	// Once another store is the default, the old one can go.
	expectStatus(t, e.partner(http.MethodPut, storesPath+"/1001-second", map[string]any{"isDefault": true}), http.StatusOK)
	expectStatus(t, e.partner(http.MethodDelete, storesPath+"/1001-main", nil), http.StatusOK)
}

func TestStoresGuideShape(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodPost, guideStoresPath, map[string]any{"name": "Guide Store"})
	expectStatus(t, r, http.StatusCreated)
	created := r.obj(t)
	expectKeys(t, created, guideStoreKeys...)
	id := get[string](t, created, "storeId")
	if !createdStoreID.MatchString(id) || created["isActive"] != true || created["updatedAt"] != "2026-01-15T12:00:00Z" {
		t.Errorf("created = %v", created)
	}

	r = e.partner(http.MethodGet, guideStoresPath, nil)
	expectStatus(t, r, http.StatusOK)
	body := r.obj(t)
	expectKeys(t, body, "stores")
	list := get[[]any](t, body, "stores")
	if len(list) != 3 || get[string](t, list, 2, "storeId") != id {
		t.Fatalf("guide list = %s", r.raw)
	}
	// A fixture store that never changed reports updatedAt = createdAt.
	main := get[map[string]any](t, list, 0)
	expectKeys(t, main, guideStoreKeys...)
	if main["storeId"] != "1003-main" || main["updatedAt"] != main["createdAt"] || main["isActive"] != true {
		t.Errorf("fixture store in the guide shape = %v", main)
	}

	e.clock.Advance(time.Hour)
	r = e.partner(http.MethodPut, guideStoresPath+"/"+id, map[string]any{"city": "Aalborg"})
	expectStatus(t, r, http.StatusOK)
	if got := r.obj(t); got["city"] != "Aalborg" || got["updatedAt"] != "2026-01-15T13:00:00Z" || got["createdAt"] != "2026-01-15T12:00:00Z" {
		t.Errorf("updated = %v", got)
	}

	e.clock.Advance(time.Hour)
	r = e.partner(http.MethodDelete, guideStoresPath+"/"+id, nil)
	expectStatus(t, r, http.StatusOK)
	if got := r.obj(t); got["isActive"] != false || got["updatedAt"] != "2026-01-15T14:00:00Z" {
		t.Errorf("deactivated = %v", got)
	}

	r = e.partner(http.MethodGet, guideStoresPath+"/"+id, nil)
	expectStatus(t, r, http.StatusOK)
	expectKeys(t, r.obj(t), guideStoreKeys...)

	// The snapshot keeps the Go shape whatever the variant.
	if s := e.snapshotStore(1003, id); s.Status != "inactive" || s.UpdatedAt != "2026-01-15T14:00:00Z" {
		t.Errorf("snapshot = %+v", s)
	}
}

func TestUpdateStoreStampsUpdatedAt(t *testing.T) {
	e := newEnv(t)
	e.clock.Advance(time.Minute)
	expectStatus(t, e.partner(http.MethodPut, storesPath+"/1001-second", map[string]any{"isDefault": true}), http.StatusOK)
	for id, want := range map[string]string{"1001-second": "2026-01-15T12:01:00Z", "1001-main": "2026-01-15T12:01:00Z"} {
		if s := e.snapshotStore(1001, id); s.UpdatedAt != want {
			t.Errorf("%s updatedAt = %q, want %q", id, s.UpdatedAt, want)
		}
	}
	// Untouched merchants keep fixture stores without updatedAt.
	if s := e.snapshotStore(1002, "1002-main"); s.UpdatedAt != "" {
		t.Errorf("1002-main updatedAt = %q", s.UpdatedAt)
	}
}

// The store routes' robustness cases. The store is not the default one,
// so that deactivating it succeeds.
func init() {
	second := map[string]string{"storeId": "1001-second"}
	addRobustCases(map[string]robustCase{
		RouteUpdateStore: {path: second, body: map[string]any{
			"name": "Main", "streetAddress": "Street 1", "city": "Aarhus", "postalCode": "8000",
			"countryCode": "DK", "phone": "+4512345678", "email": "shop@example.com", "isDefault": true,
		}},
		RouteCreateStore: {body: map[string]any{
			"name": "Harbour", "locationId": "LOC-20260115-AB12", "streetAddress": "Havnegade 2", "city": "Odense",
			"postalCode": "5000", "countryCode": "DK", "phone": "+4566000000", "email": "harbour@example.com", "isDefault": true,
		}},
		RouteListStores:      {},
		RouteGetStore:        {path: second},
		RouteDeactivateStore: {path: second},
	})
}
