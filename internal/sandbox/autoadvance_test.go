// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"net/http"
	"sync"
	"testing"
	"time"
)

// In auto-advance mode a new merchant becomes active once the delay has
// passed on the server's clock, at the next request, which the
// merchant.activated delivery precedes.
func TestAutoAdvanceActivatesNewMerchants(t *testing.T) {
	e := newEnvWith(t, Config{AutoAdvance: 2 * time.Second})
	sink := newEventSink(t)
	_, secret := e.subscribe(sink.url, "merchant.activated")
	e.createMerchantAs(merchantsPath, contactBody("Auto ApS"), partnerAuth())
	e.createMerchantAs(merchantsPath+"/fast-track", fastTrackBody(), partnerAuth())
	status := func(id string) any {
		t.Helper()
		return e.partner(http.MethodGet, merchantsPath+"/"+id, nil).obj(t)["status"]
	}

	e.clock.Advance(1999 * time.Millisecond)
	if status("3001") != "pending" || len(sink.events()) != 0 {
		t.Fatal("the merchant advanced before its delay")
	}
	e.clock.Advance(time.Millisecond)
	if got := status("3001"); got != "active" {
		t.Fatalf("status after the delay = %v", got)
	}
	got := sink.events()
	if len(got) != 2 || got[0].Data["merchantId"] != float64(3001) || got[1].Data["merchantId"] != float64(3002) {
		t.Fatalf("events = %+v", got)
	}
	verifySignatures(t, got[0], secret)
	if st := e.srv.Snapshot(); st.Merchants[6].Status != "active" || len(st.Stores) != 14 {
		t.Errorf("after activation: merchant %+v, %d stores (want the demo merchants' two each)", st.Merchants[6], len(st.Stores))
	}
	e.clock.Advance(time.Hour)
	if status("3001"); len(sink.events()) != 2 {
		t.Error("a merchant was activated twice")
	}
}

// A new onboarding application becomes MERCHANT_CREATED after the delay;
// Snapshot also makes due changes.
func TestAutoAdvanceCompletesApplications(t *testing.T) {
	e := newEnvWith(t, Config{AutoAdvance: time.Minute})
	r := e.partner(http.MethodPost, merchantPath+"/card-payments/onboard", nil)
	expectStatus(t, r, http.StatusCreated)
	id := get[string](t, r.obj(t), "applicationId")
	e.clock.Advance(time.Minute)
	if a := newestApplicationOf(e.srv.Snapshot(), 1001); a.ApplicationID != id || a.ApplicationStatus != appMerchantCreated {
		t.Errorf("application after the delay = %+v", a)
	}
	if got := e.partner(http.MethodGet, onboardStatusPath, nil).obj(t)["applicationStatus"]; got != appMerchantCreated {
		t.Errorf("onboarding status = %v", got)
	}
}

func newestApplicationOf(st State, merchantID int64) Application {
	var out Application
	for _, a := range st.Applications {
		if a.MerchantID == merchantID {
			out = a
		}
	}
	return out
}

// What the admin surface did first wins: a deactivated merchant, or a
// rejected application, stays as it is.
func TestAutoAdvanceYieldsToAdminChanges(t *testing.T) {
	e := newEnvWith(t, Config{AutoAdvance: time.Second})
	sink := newEventSink(t)
	e.subscribe(sink.url, "merchant.activated", "merchant.deactivated")
	e.createMerchantAs(merchantsPath, contactBody("Auto ApS"), partnerAuth())
	if _, err := e.srv.DeactivateMerchant(3001); err != nil {
		t.Fatal(err)
	}
	r := e.partner(http.MethodPost, merchantPath+"/card-payments/onboard", nil)
	id := get[string](t, r.obj(t), "applicationId")
	if _, err := e.srv.SetApplicationStatus(id, appRejected); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(time.Second)
	st := e.srv.Snapshot()
	if st.Merchants[5].Status != "inactive" || newestApplicationOf(st, 1001).ApplicationStatus != appRejected {
		t.Errorf("merchant %+v, application %+v", st.Merchants[5], newestApplicationOf(st, 1001))
	}
	if got := sink.events(); len(got) != 1 || got[0].Event != "merchant.deactivated" {
		t.Errorf("events = %+v", got)
	}
}

// Objects created while the mode is off never advance; the setting is an
// admin call too and survives Reset.
func TestAutoAdvanceSetting(t *testing.T) {
	e := newEnv(t)
	e.createMerchantAs(merchantsPath, contactBody("Manual ApS"), partnerAuth())
	expectStatus(t, e.do(http.MethodPut, "/_sandbox/auto-advance", map[string]any{"delay": "2s"}, nil), http.StatusOK)
	e.clock.Advance(time.Hour)
	if st := e.srv.Snapshot().Merchants[5].Status; st != "pending" {
		t.Errorf("a merchant created while the mode was off is %s", st)
	}

	r := e.do(http.MethodGet, "/_sandbox/auto-advance", nil, nil)
	if expectStatus(t, r, http.StatusOK); r.obj(t)["delay"] != "2s" {
		t.Errorf("setting = %s", r.raw)
	}
	e.srv.Reset()
	if e.srv.AutoAdvance() != 2*time.Second {
		t.Errorf("after Reset the delay is %s", e.srv.AutoAdvance())
	}
	expectStatus(t, e.do(http.MethodPut, "/_sandbox/auto-advance", map[string]any{"delay": "soon"}, nil), http.StatusBadRequest)
	expectStatus(t, e.do(http.MethodPut, "/_sandbox/auto-advance", map[string]any{"delay": "-1s"}, nil), http.StatusBadRequest)
	expectStatus(t, e.do(http.MethodPut, "/_sandbox/auto-advance", nil, nil), http.StatusBadRequest)
	r = e.do(http.MethodDelete, "/_sandbox/auto-advance", nil, nil)
	if expectStatus(t, r, http.StatusOK); r.obj(t)["delay"] != "0s" || e.srv.AutoAdvance() != 0 {
		t.Errorf("after DELETE: %s, %s", r.raw, e.srv.AutoAdvance())
	}
}

// Requests racing past the due time make the change once: one event.
func TestAutoAdvanceOnceUnderConcurrentRequests(t *testing.T) {
	e := newEnvWith(t, Config{AutoAdvance: time.Second})
	sink := newEventSink(t)
	e.subscribe(sink.url, "merchant.activated")
	e.createMerchantAs(merchantsPath, contactBody("Busy ApS"), partnerAuth())
	e.clock.Advance(time.Second)
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			req, _ := http.NewRequest(http.MethodGet, e.http.URL+merchantsPath, nil)
			for k, v := range partnerAuth() {
				req.Header.Set(k, v)
			}
			if resp, err := e.http.Client().Do(req); err == nil {
				_ = resp.Body.Close()
			}
		})
	}
	wg.Wait()
	if got := sink.events(); len(got) != 1 {
		t.Errorf("%d merchant.activated events, want 1", len(got))
	}
}
