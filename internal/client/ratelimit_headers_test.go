// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"net/http"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// Every published form of the quota fields is read; anything else is not.
func TestQuotaLeft(t *testing.T) {
	now := testclock.Start
	for _, tc := range []struct {
		name   string
		header map[string]string
		want   quotaFields
	}{
		{"IETF", map[string]string{"RateLimit": `"default";r=0;t=2`}, quotaFields{remaining: 0, reset: 2 * time.Second, ok: true}},
		{"IETF with its policy", map[string]string{"RateLimit": `"credential";r=7;t=1`, "RateLimit-Policy": `"credential";q=20;w=1`},
			quotaFields{remaining: 7, limit: 20, reset: time.Second, ok: true}},
		{"IETF, several policies", map[string]string{"RateLimit": `"burst";r=5;t=1, "day";r=900;t=3600`}, quotaFields{remaining: 5, reset: time.Second, ok: true}},
		{"earlier draft, one field", map[string]string{"RateLimit": `limit=20, remaining=0, reset=3`}, quotaFields{remaining: 0, limit: 20, reset: 3 * time.Second, ok: true}},
		{"earlier draft, fields", map[string]string{"RateLimit-Limit": "10, 10;w=1", "RateLimit-Remaining": "7", "RateLimit-Reset": "4"},
			quotaFields{remaining: 7, limit: 10, reset: 4 * time.Second, ok: true}},
		{"X- seconds", map[string]string{"X-RateLimit-Limit": "20", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1"},
			quotaFields{remaining: 0, limit: 20, reset: time.Second, ok: true}},
		{"X- Unix time", map[string]string{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1768478430"}, quotaFields{remaining: 0, reset: 30 * time.Second, ok: true}},
		{"X- without reset", map[string]string{"X-RateLimit-Remaining": "0"}, quotaFields{ok: true}},
		{"none", map[string]string{}, quotaFields{}},
		{"garbage", map[string]string{"RateLimit": "lots", "X-RateLimit-Remaining": "some"}, quotaFields{}},
		{"negative", map[string]string{"X-RateLimit-Remaining": "-1"}, quotaFields{}},
	} {
		h := http.Header{}
		for k, v := range tc.header {
			h.Set(k, v)
		}
		if got := quotaLeft(h, now); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// quotaAnswer is an answer that went through with quota fields of a quota
// of 20.
func quotaAnswer(remaining int64, reset time.Duration) answer {
	return answer{status: http.StatusOK, quota: quotaFields{remaining: remaining, limit: 20, reset: reset, ok: true}}
}

// While more than a fifth of the quota remains, the fields hold nothing
// back; an answer that leaves less slows the credential as a refusal
// would, before anything is refused.
func TestThrottleQuotaLow(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	for range 16 {
		th.observe(clock.Now(), quotaAnswer(10, time.Second))
		clock.Advance(50 * time.Millisecond)
	}
	if got := th.currentRate(); got != 0 {
		t.Fatalf("with half the quota left the rate is %v, want no limit", got)
	}
	c := th.observe(clock.Now(), quotaAnswer(3, time.Second))
	if !c.cut || !near(c.rate, throttleBeta*17, 1e-9) || c.pause != 0 {
		t.Errorf("3 of 20 left: change %+v; want a cut to %v/s (half the 17 that went through, the last one included), no pause", c, throttleBeta*17)
	}
}

// None left holds every request back until the quota is whole again,
// jittered by up to throttlePauseJitter so that processes come back one by
// one.
func TestThrottleQuotaUsedUp(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 16, 50*time.Millisecond)
	c := th.observe(clock.Now(), quotaAnswer(0, 2*time.Second))
	if want := 2200 * time.Millisecond; !c.cut || c.pause != want {
		t.Errorf("change %+v, want a cut and a pause of %s (the reset and a tenth)", c, want)
	}
	if got := turns(th, clock, 1)[0]; got < 2200*time.Millisecond {
		t.Errorf("the next turn is in %s, want after the pause", got)
	}
}

// While the quota holds more, each process goes at least half as fast as
// what remains spread over the time to the reset: a process slowed by an
// earlier refusal takes up at once what others leave.
func TestThrottleQuotaFloor(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 2, time.Millisecond)
	refuse(th, clock.Now()) // about 1/s
	th.observe(clock.Now(), quotaAnswer(16, time.Second))
	if got := th.currentRate(); !near(got, quotaFloor*16, 1e-9) {
		t.Errorf("with 16 left for a second the rate is %v, want %v", got, quotaFloor*16)
	}
	clock.Advance(time.Second + time.Millisecond)
	if got := th.currentRate(); got > 2 {
		t.Errorf("once the fields expired the rate is %v, want the curve's again", got)
	}
}

// Where the service sends quota fields, the first request after they
// expired goes alone, to read them afresh, before the others follow.
func TestThrottleQuotaExpiredGoesOneAtATime(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	th.observe(clock.Now(), quotaAnswer(15, time.Second))
	if a, b := th.reserve(), th.reserve(); a.waiting || b.waiting {
		t.Fatal("with fresh quota fields a request waits for an answer")
	}
	accept(th, clock, 2, time.Millisecond) // their answers
	clock.Advance(2 * time.Second)
	if a, b := th.reserve(), th.reserve(); a.waiting || !b.waiting {
		t.Errorf("after the fields expired: waits %v, %v; want the first to go alone", a.waiting, b.waiting)
	}
}

// Through the client: quota fields on an answer that went through are
// read (and never counted as a refusal), and on a 429 as well.
func TestClientReadsQuotaFields(t *testing.T) {
	api := newFakeAPI(t,
		reply{status: http.StatusOK, body: `[]`, header: map[string]string{"RateLimit": `"q";r=0;t=1`, "RateLimit-Policy": `"q";q=20;w=1`}})
	c := api.client(t)
	if err := listMethods(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	tt := throttleTransportOf(c)
	if !tt.partner.st.quotaSeen || tt.partner.st.quotaLimit != 20 || tt.partner.st.pausedUntil <= time.Now().UnixNano() {
		t.Errorf("after r=0 of q=20: state %+v; want the fields read and a pause until the reset", tt.partner.st)
	}
	for _, u := range UsageSummary() {
		if u.BaseURL == c.baseURL && u.Refused != 0 {
			t.Errorf("usage %+v counts a refusal for an answer that went through", u)
		}
	}
}
