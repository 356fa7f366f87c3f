// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"net/http"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// Every published form of the quota left is read; anything else is not.
func TestQuotaLeft(t *testing.T) {
	now := testclock.Start
	for _, tc := range []struct {
		name    string
		header  map[string]string
		left    int64
		reset   time.Duration
		present bool
	}{
		{"IETF", map[string]string{"RateLimit": `"default";r=0;t=2`}, 0, 2 * time.Second, true},
		{"IETF, several policies", map[string]string{"RateLimit": `"burst";r=5;t=1, "day";r=900;t=3600`}, 5, time.Second, true},
		{"earlier draft, one field", map[string]string{"RateLimit": `limit=20, remaining=0, reset=3`}, 0, 3 * time.Second, true},
		{"earlier draft, fields", map[string]string{"RateLimit-Remaining": "7", "RateLimit-Reset": "4"}, 7, 4 * time.Second, true},
		{"X- seconds", map[string]string{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1"}, 0, time.Second, true},
		{"X- Unix time", map[string]string{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1768478430"}, 0, 30 * time.Second, true},
		{"X- without reset", map[string]string{"X-RateLimit-Remaining": "0"}, 0, 0, true},
		{"none", map[string]string{}, 0, 0, false},
		{"garbage", map[string]string{"RateLimit": "lots", "X-RateLimit-Remaining": "some"}, 0, 0, false},
	} {
		h := http.Header{}
		for k, v := range tc.header {
			h.Set(k, v)
		}
		left, reset, ok := quotaLeft(h, now)
		if ok != tc.present || left != tc.left || reset != tc.reset {
			t.Errorf("%s: %d, %s, %v; want %d, %s, %v", tc.name, left, reset, ok, tc.left, tc.reset, tc.present)
		}
	}
}

// An answer that went through but used up the quota pauses and slows the
// throttle as a 429 would, before anything is refused.
func TestThrottleQuotaUsedUp(t *testing.T) {
	th, clock := newFakeThrottle(t)
	accept(th, clock, 19, time.Millisecond)
	c := th.observeExhausted(clock.Now(), time.Second)
	if !c.slowed || c.refused != 20 || !near(c.rate, 18, 1e-9) {
		t.Fatalf("change = %+v, want slowed to 18/s (0.9 × the 20/s that went through, the last one included)", c)
	}
	if !paused(th, clock.Now().Add(999*time.Millisecond)) {
		t.Error("not paused until the quota is back")
	}

	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`, header: map[string]string{"RateLimit": `"q";r=0;t=1`}})
	c2 := api.client(t)
	if err := listMethods(t.Context(), c2); err != nil {
		t.Fatal(err)
	}
	tt, _ := c2.retrying.HTTPClient.Transport.(*throttleTransport)
	if tt == nil || !paused(tt.partner, time.Now()) {
		t.Error("a client that read r=0 did not pause its credential")
	}
	for _, u := range UsageSummary() {
		if u.BaseURL == c2.baseURL && u.Refused != 0 {
			t.Errorf("usage %+v counts a refusal for an answer that went through", u)
		}
	}
}
