// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"math"
	"net/http"
	"testing"
	"time"

	"golang.org/x/time/rate"

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
			quotaFields{remaining: 7, limit: 20, reset: time.Second, window: time.Second, ok: true}},
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
// of 20 a second, as the sandbox sends them.
func quotaAnswer(remaining int64) answer {
	return answer{status: http.StatusOK, quota: quotaFields{remaining: remaining, limit: 20, window: time.Second, reset: time.Second, ok: true}}
}

// startRate is the rate a first reading of the level sets, and pullRate
// the rate the level pulls to, with a quota of 20 a second.
func startRate(left float64) float64 {
	short := 1 - left/19
	return 20 * math.Exp2(-quotaWholeStart*(1-short)-quotaStartRange*short)
}
func pullRate(left float64) float64 { return 20 * math.Exp2(-quotaPullRange*(1-left/19)) }

// The first reading sets the pace from the level, on a log scale: an
// eighth of the quota's rate when it is whole (19 left after the request
// read), 1/128 of it when none is left.
func TestThrottleQuotaFirstReading(t *testing.T) {
	for _, tc := range []struct {
		left int64
		want float64
	}{{19, 20.0 / 8}, {10, startRate(10)}, {0, 20.0 / 128}} {
		th, clock := newFakeThrottle(t)
		th.observe(clock.Now(), quotaAnswer(tc.left))
		if got := th.currentRate(); !near(got, tc.want, 1e-9) {
			t.Errorf("with %d of 20 left the rate is %v, want %v", tc.left, got, tc.want)
		}
	}
}

// The fleet's spending is read from the trend between a process's own
// answers: 2 fewer left after a second of a quota that brings back 20
// means the fleet spent 22; with 8 of 20 left the target is 19, and a
// correction half a settling time after the last applies half of it;
// then the level pulls quotaPull of the way to its rate (2^-quotaPullRange
// of the quota's when none is left).
func TestThrottleQuotaTrend(t *testing.T) {
	th, clock := newFakeThrottle(t)
	th.observe(clock.Now(), quotaAnswer(10))
	before := th.currentRate()
	clock.Advance(time.Second)
	th.observe(clock.Now(), quotaAnswer(8))
	corrected := before * math.Pow(19.0/22, time.Second.Seconds()/quotaSettle.Seconds())
	want := math.Pow(corrected, 1-quotaPull) * math.Pow(pullRate(8), quotaPull)
	if want < before/quotaMaxStep {
		t.Fatalf("the case moves the rate more than one answer may: %v to %v", before, want)
	}
	if got := th.currentRate(); !near(got, want, 1e-9) {
		t.Errorf("rate %v after the trend, want %v", got, want)
	}
}

// An answer to a request sent before the newest reading's is older news:
// its fields change nothing.
func TestThrottleQuotaOutOfOrder(t *testing.T) {
	th, clock := newFakeThrottle(t)
	early := clock.Now()
	clock.Advance(10 * time.Millisecond)
	th.observe(clock.Now(), quotaAnswer(10))
	clock.Advance(2 * time.Second)
	before := th.currentRate()
	th.observe(early, quotaAnswer(0))
	if got := th.currentRate(); got != before {
		t.Errorf("a stale answer moved the rate from %v to %v", before, got)
	}
}

// An answer that finds the quota whole (all but its own request) doubles
// the pace for every quotaWholeDoubling since the last answer, up to the
// quota's rate: a process alone climbs to it within a second or two.
func TestThrottleQuotaWhole(t *testing.T) {
	th, clock := newFakeThrottle(t)
	th.observe(clock.Now(), quotaAnswer(10))
	before := th.currentRate()
	clock.Advance(quotaWholeDoubling / 2)
	th.observe(clock.Now(), quotaAnswer(19))
	want := min(math.Pow(before, 1-quotaPull)*math.Pow(20, quotaPull)*math.Sqrt2, before*quotaMaxStep)
	if got := th.currentRate(); !near(got, want, 1e-9) {
		t.Errorf("rate %v half a doubling after a whole quota, want %v (pulled to 20, then grown, at most quotaMaxStep times)", got, want)
	}
	for range 20 {
		clock.Advance(10 * time.Millisecond)
		th.observe(clock.Now(), quotaAnswer(19))
	}
	if got := th.currentRate(); got != 20 {
		t.Errorf("rate %v after many, want the quota's 20", got)
	}
}

// One answer moves the pace by at most quotaMaxStep: a process whose
// plan read 16 left, and whose apply's first answer two seconds later
// finds the quota empty (its peers' applies began in the same second),
// keeps a quarter of its pace, where the trend and the level's pull
// together would take it below a twenty-fifth.
func TestThrottleQuotaOneAnswerBounded(t *testing.T) {
	th, clock := newFakeThrottle(t)
	th.observe(clock.Now(), quotaAnswer(16))
	before := th.currentRate()
	clock.Advance(2200 * time.Millisecond)
	th.observe(clock.Now(), quotaAnswer(0))
	if got, want := th.currentRate(), before/quotaMaxStep; !near(got, want, 1e-9) {
		t.Errorf("rate %v after an empty quota, want %v (a quarter of %v)", got, want, before)
	}
}

// A refusal cuts the pace by throttleBeta, once for the requests sent
// before the cut.
func TestThrottleQuotaRefused(t *testing.T) {
	th, clock := newFakeThrottle(t)
	th.observe(clock.Now(), quotaAnswer(10))
	before := th.currentRate()
	sent := clock.Now()
	clock.Advance(10 * time.Millisecond)
	refusal := quotaAnswer(0)
	refusal.status = http.StatusTooManyRequests
	th.observe(sent.Add(time.Millisecond), refusal)
	th.observe(sent.Add(2*time.Millisecond), refusal)
	// Each reading pulls towards the level's rate, by at most quotaMaxStep.
	read := func(r float64) float64 {
		return max(math.Pow(r, 1-quotaPull)*math.Pow(pullRate(0), quotaPull), r/quotaMaxStep)
	}
	if got, want := th.currentRate(), read(read(before)*throttleBeta); !near(got, want, 1e-9) {
		t.Errorf("rate %v after two refusals of one burst, want %v (read, cut, read)", got, want)
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
	if st := tt.partner.st.fleet; st.limit != 20 || st.window != time.Second || !near(st.rate, startRate(0), 1e-9) {
		t.Errorf("after r=0 of q=20 per 1 s: %+v; want the fields read and the slowest first pace", st)
	}
	for _, u := range UsageSummary() {
		if u.BaseURL == c.baseURL && u.Refused != 0 {
			t.Errorf("usage %+v counts a refusal for an answer that went through", u)
		}
	}
}

// loneReader sends requests one at a time through a throttle at its own
// pace to svc for d, and returns the throttle; svc's clock is the
// throttle's.
func loneReader(t *testing.T, svc *simService, d time.Duration) *throttle {
	t.Helper()
	th, clock := newFakeThrottle(t)
	svc.start = clock.Now()
	for clock.Now().Sub(svc.start) < d {
		th.observe(clock.Now(), svc.answer(clock.Now()))
		clock.Advance(time.Duration(float64(time.Second) / th.currentRate()))
	}
	return th
}

// A fixed window (200 requests each 10 s, given anew whole at its end,
// its reset counting down to that end) is told from a bucket within two
// seconds of readings. Within a window nothing comes back, so what the
// level fell by, the fleet spent: a process alone climbs to the quota's
// rate. Read as a bucket's, the same levels said that the fleet spent
// more than the quota, and the pace fell to a tenth of it by the end of
// the first window.
func TestThrottleQuotaFixedWindow(t *testing.T) {
	window := func() *simService {
		return &simService{rate: 20, burst: 200, quotaFields: true, window: 10 * time.Second}
	}
	th := loneReader(t, window(), 1900*time.Millisecond)
	if th.st.fleet.fixed {
		t.Fatal("a window was seen within less than two seconds of readings")
	}
	th = loneReader(t, window(), 9*time.Second)
	if !th.st.fleet.fixed {
		t.Fatal("the fixed window was not seen")
	}
	if got := th.currentRate(); !near(got, 20, 1e-3) {
		t.Errorf("alone under the window the rate is %v, want the quota's 20", got)
	}
}

// A token bucket's readings never look like a fixed window, whatever the
// fleet spends: its reset moves on unless its level rises.
func TestThrottleQuotaBucketIsNoWindow(t *testing.T) {
	for _, burst := range []int{20, 200} {
		svc := &simService{rate: 20, burst: burst, quotaFields: true}
		start := testclock.Start
		svc.bucket = rate.NewLimiter(20, burst)
		svc.bucket.AllowN(start, 0)
		var p quotaPace
		owed := 0.0
		for i := range 3000 {
			at := start.Add(time.Duration(i) * 20 * time.Millisecond)
			// The others spend 0, 10, 20 and 40 requests a second, in
			// turns of ten seconds.
			for owed += []float64{0, 10, 20, 40}[(i/500)%4] * 0.02; owed >= 1; owed-- {
				svc.bucket.AllowN(at, 1)
			}
			if a := svc.answer(at); i%7 == 0 {
				p.read(at.UnixNano(), at.UnixNano(), a.quota)
			}
		}
		if p.fixed {
			t.Errorf("a bucket of %d was taken for a fixed window", burst)
		}
	}
}

// Under a window much longer than a run (5000 requests an hour), what the
// window leaves unspent is lost at its end: while more than half of it is
// left, a process alone is not held to its average rate (1.4 requests a
// second, 84 s for 100 requests) but may spend what is left within
// quotaHorizon, from its first reading on.
func TestThrottleQuotaLongWindow(t *testing.T) {
	svc := &simService{rate: 5000.0 / 3600, burst: 5000, quotaFields: true, window: time.Hour}
	th, clock := newFakeThrottle(t)
	svc.start = clock.Now()
	for range 100 {
		th.observe(clock.Now(), svc.answer(clock.Now()))
		clock.Advance(time.Duration(float64(time.Second) / th.currentRate()))
	}
	if took := clock.Now().Sub(svc.start); took > 2*time.Second {
		t.Errorf("100 requests alone under an hour's quota took %v, want at most 2 s", took)
	}
}
