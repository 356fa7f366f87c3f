// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"net/http"
	"testing"
)

// Each partner reads its own profile, derived from its client ID unless
// the fixtures give one.
func TestPartnerProfile(t *testing.T) {
	f := DefaultFixtures()
	f.Partners[1].Profile = &PartnerProfile{Name: "Acme Payments", Status: "suspended"}
	e := newEnvWith(t, Config{Fixtures: f})

	r := e.partner(http.MethodGet, "/v1/partner/profile", nil)
	expectStatus(t, r, http.StatusOK)
	demo := r.obj(t)
	expectKeys(t, demo, "id", "name", "companyName", "contactEmail", "contactPhone", "website", "registrationNumber", "status", "createdAt", "updatedAt")
	want := map[string]any{
		"id": float64(1), "name": "Demo Partner", "companyName": "Demo Partner ApS", "contactEmail": "partners@demo-partner.example",
		"website": "https://demo-partner.example", "status": "active", "createdAt": fixtureCreatedAt,
	}
	for k, v := range want {
		if demo[k] != v {
			t.Errorf("%s = %v, want %v", k, demo[k], v)
		}
	}
	if n := get[string](t, demo, "registrationNumber"); len(n) != 8 {
		t.Errorf("registrationNumber = %q, want eight digits", n)
	}

	other := e.do(http.MethodGet, "/v1/partner/profile", nil, otherPartnerAuth()).obj(t)
	if other["id"] != float64(2) || other["name"] != "Acme Payments" || other["status"] != "suspended" || other["companyName"] != "Other Partner ApS" {
		t.Errorf("other partner's profile = %v", other)
	}
	expectStatus(t, e.do(http.MethodGet, "/v1/partner/profile", nil, nil), http.StatusUnauthorized)
	expectMessage(t, e.partner(http.MethodGet, "/v1/partner/profile", `{"x":1}`), http.StatusBadRequest, `unknown field "x"`)
}

// The profile route's robustness case.
func init() { addRobustCases(map[string]robustCase{RouteGetProfile: {}}) }
