// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"net/http"
	"testing"
)

const onboardStatusPath = merchantPath + "/card-payments/onboard/status"

func TestOnboardingStatusOfFixtureMerchant(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodGet, onboardStatusPath, nil)
	expectStatus(t, r, http.StatusOK)
	got := r.obj(t)
	// MERCHANT_CREATED is final: the KYB link is no longer offered.
	expectKeys(t, got, "applicationId", "applicationStatus")
	if got["applicationId"] != fixtureApplicationID(1001) || got["applicationStatus"] != "MERCHANT_CREATED" {
		t.Errorf("status = %v", got)
	}
	expectStatus(t, e.partner(http.MethodGet, onboardStatusPath, "{}"), http.StatusOK)
	expectMessage(t, e.partner(http.MethodGet, onboardStatusPath, `{"x":1}`), http.StatusBadRequest, `unknown field "x"`)
}

func TestOnboardingStatusFollowsNewestApplication(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		merchant, status string
	}{{"1001", "PENDING"}, {"1003", "APPLICATION_INITIATED"}} {
		base := "/v1/partner/merchants/" + tc.merchant + "/card-payments/onboard"
		r := e.partner(http.MethodPost, base, nil)
		expectStatus(t, r, http.StatusCreated)
		created := r.obj(t)

		r = e.partner(http.MethodGet, base+"/status", nil)
		expectStatus(t, r, http.StatusOK)
		got := r.obj(t)
		expectKeys(t, got, "applicationId", "applicationStatus", "webKybUrl")
		if got["applicationId"] != created["applicationId"] || got["applicationStatus"] != tc.status || got["webKybUrl"] != created["webKybUrl"] {
			t.Errorf("merchant %s: status %v after onboarding answered %v", tc.merchant, got, created)
		}
	}
}

// demoFixturesPlus is DefaultFixtures with extra merchants of the demo
// partner.
func demoFixturesPlus(extra ...Merchant) *Fixtures {
	f := DefaultFixtures()
	for _, m := range extra {
		m.PartnerClientID = DemoPartnerClientID
		f.Merchants = append(f.Merchants, m)
	}
	return f
}

func TestOnboardingStatusWithoutApplication(t *testing.T) {
	e := newEnvWith(t, Config{Fixtures: demoFixturesPlus(Merchant{ID: 7})})
	r := e.partner(http.MethodGet, "/v1/partner/merchants/7/card-payments/onboard/status", nil)
	expectMessage(t, r, http.StatusNotFound, "no onboarding application for merchant 7")
}

func TestGuideMerchantNeverGetsShortLinks(t *testing.T) {
	e := newEnvWith(t, Config{Fixtures: demoFixturesPlus(Merchant{ID: 8, ShortLinks: true, APIVariant: APIVariantGuide})})
	r := e.partner(http.MethodPost, "/v1/partner/merchants/8/card-payments/onboard", nil)
	expectStatus(t, r, http.StatusCreated)
	expectKeys(t, r.obj(t), "webKybUrl", "applicationId", "applicationStatus")
}

// The onboarding routes' robustness cases.
func init() {
	addRobustCases(map[string]robustCase{
		RouteStartOnboarding:  {},
		RouteOnboardingStatus: {},
	})
}
