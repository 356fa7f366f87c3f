// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"context"
	"encoding/binary"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// newFakeThrottle returns a throttle on a fake clock, whose sleep moves the
// clock instead of waiting, so no test sleeps.
func newFakeThrottle(t *testing.T) (*throttle, *testclock.Clock) {
	t.Helper()
	clock := testclock.New(testclock.Start)
	th := newThrottle()
	th.now, th.sleep, th.rand = clock.Now, clock.Sleep, func() float64 { return 0 }
	return th, clock
}

// accept records n answers that went through, one every gap.
func accept(th *throttle, clock *testclock.Clock, n int, gap time.Duration) {
	for range n {
		th.observe(clock.Now(), http.StatusOK, 0)
		clock.Advance(gap)
	}
}

// turns reserves n turns and returns them relative to the clock's now.
func turns(th *throttle, clock *testclock.Clock, n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = th.reserve().at.Sub(clock.Now())
	}
	return out
}

func near(a, b, tolerance float64) bool { return math.Abs(a-b) <= tolerance }

// paused says whether th holds every request back at now.
func paused(th *throttle, now time.Time) bool {
	th.mu.Lock()
	defer th.mu.Unlock()
	var until int64
	th.update(func(st *throttleState, _ int64) { until = st.pausedUntil })
	return now.UnixNano() < until
}

// Nothing is held back until the service refuses something.
func TestThrottleFreeUntilRefused(t *testing.T) {
	th, clock := newFakeThrottle(t)
	accept(th, clock, 100, time.Millisecond)
	for i, d := range turns(th, clock, 50) {
		if d != 0 {
			t.Fatalf("turn %d waits %s before any 429", i, d)
		}
	}
}

// The first 429 teaches the rate that went through in the last second,
// pauses every caller for the Retry-After, and then lets one second's
// worth through at once before spacing the rest evenly.
func TestThrottleLearnsFromTheFirstRefusal(t *testing.T) {
	th, clock := newFakeThrottle(t)
	accept(th, clock, 20, time.Millisecond)
	c := th.observe(clock.Now(), http.StatusTooManyRequests, time.Second)
	if !c.slowed || c.refused != 20 || !near(c.rate, 18, 1e-9) || c.pause != time.Second {
		t.Fatalf("change = %+v, want slowed to 18/s (0.9 × the 20/s that went through) with a 1s pause", c)
	}
	got := turns(th, clock, 20)
	for i, d := range got[:18] {
		if d != time.Second {
			t.Fatalf("turn %d at +%s, want the end of the pause (+1s): %v", i, d, got)
		}
	}
	if gap := got[19] - got[18]; !near(gap.Seconds(), 1.0/18, 1e-6) {
		t.Errorf("after the burst, turns are %s apart, want 1/18 s: %v", gap, got)
	}
}

// Answers to requests sent before the cut were sent too fast already: they
// extend the pause but do not cut the rate again.
func TestThrottleCutsOncePerBurstOfRefusals(t *testing.T) {
	th, clock := newFakeThrottle(t)
	accept(th, clock, 20, time.Millisecond)
	sentEarlier := clock.Now().Add(-time.Millisecond)
	th.observe(clock.Now(), http.StatusTooManyRequests, time.Second)
	clock.Advance(time.Millisecond)
	if c := th.observe(sentEarlier, http.StatusTooManyRequests, time.Second); c.slowed {
		t.Errorf("a refusal of a request sent before the cut cut again: %+v", c)
	}
	if got := th.currentRate(); !near(got, 18, 1e-9) {
		t.Errorf("rate = %v, want still 18", got)
	}
	if !paused(th, clock.Now().Add(time.Second-time.Microsecond)) {
		t.Error("the later refusal did not extend the pause")
	}

	// A request sent after the cut and refused again cuts again.
	clock.Advance(2 * time.Second)
	accept(th, clock, 10, 50*time.Millisecond)
	c := th.observe(clock.Now(), http.StatusTooManyRequests, 0)
	if !c.slowed || c.rate >= 18 {
		t.Errorf("second burst of refusals: %+v, want a rate below 18", c)
	}
}

// Good answers grow the rate along the CUBIC curve: back at the refused
// rate after throttleRecovery, a little above it after twice that, and
// released once it reaches four times the refused rate.
func TestThrottleGrowsBackAndLetsGo(t *testing.T) {
	th, clock := newFakeThrottle(t)
	accept(th, clock, 20, time.Millisecond)
	th.observe(clock.Now(), http.StatusTooManyRequests, 0)
	refusedAt := clock.Now()

	at := func(d time.Duration) (float64, throttleChange) {
		clock.Set(refusedAt.Add(d))
		c := th.observe(clock.Now(), http.StatusOK, 0)
		return th.currentRate(), c
	}
	for _, tc := range []struct {
		after time.Duration
		want  float64
	}{
		{throttleRecovery / 2, 20 * (1 - 0.1/8)},
		{throttleRecovery, 20},
		{2 * throttleRecovery, 22},
		{3 * throttleRecovery, 20 * 1.8},
		{4 * throttleRecovery, 20 * 3.7}, // well past the refused rate, still probing
	} {
		if got, _ := at(tc.after); !near(got, tc.want, 1e-6) {
			t.Errorf("%s after the 429 the rate is %v, want %v", tc.after, got, tc.want)
		}
	}
	rate, c := at(5 * throttleRecovery)
	if !c.released || rate != 0 {
		t.Errorf("past four times the refused rate: rate %v, change %+v; want released", rate, c)
	}
	if d := turns(th, clock, 100)[99]; d != 0 {
		t.Errorf("released, yet a turn waits %s", d)
	}
}

// A 429 before anything went through has no rate to teach: it pauses.
func TestThrottleRefusedBeforeAnythingWentThrough(t *testing.T) {
	th, clock := newFakeThrottle(t)
	c := th.observe(clock.Now(), http.StatusTooManyRequests, 2*time.Second)
	if !c.slowed || c.rate != 0 || c.pause != 2*time.Second {
		t.Fatalf("change = %+v, want a 2s pause and no rate", c)
	}
	if got := turns(th, clock, 3); got[0] != 2*time.Second || got[2] != 2*time.Second {
		t.Errorf("turns = %v, want all at the end of the pause", got)
	}
}

// The user's ceiling spaces requests evenly, and stays the limit while the
// learned rate is above it.
func TestThrottleCeiling(t *testing.T) {
	th, clock := newFakeThrottle(t)
	th.configure(5, true, DefaultRetryWaitMax)
	if got := turns(th, clock, 3); got[0] != 0 || got[1] != 200*time.Millisecond || got[2] != 400*time.Millisecond {
		t.Errorf("turns = %v, want 0, 200ms, 400ms", got)
	}
	clock.Advance(time.Second)
	accept(th, clock, 20, time.Millisecond)
	th.observe(clock.Now(), http.StatusTooManyRequests, 0)
	if got := th.currentRate(); got != 5 {
		t.Errorf("learned 18/s under a ceiling of 5: rate %v, want 5", got)
	}

	th.configure(0, true, DefaultRetryWaitMax)
	if got := th.currentRate(); !near(got, 18, 1e-9) {
		t.Errorf("without the ceiling the rate is %v, want the learned 18 (kept across configure)", got)
	}
}

// With the adaptive part off only the ceiling applies: 429s change nothing.
func TestThrottleNotAdaptive(t *testing.T) {
	th, clock := newFakeThrottle(t)
	th.configure(0, false, DefaultRetryWaitMax)
	accept(th, clock, 20, time.Millisecond)
	if c := th.observe(clock.Now(), http.StatusTooManyRequests, time.Second); c != (throttleChange{}) {
		t.Errorf("change = %+v, want none", c)
	}
	if d := turns(th, clock, 30)[29]; d != 0 {
		t.Errorf("a turn waits %s with the throttle off", d)
	}
}

// wait sleeps until the turn, and again when a 429 paused everyone while
// it slept; a cancelled context ends it.
func TestThrottleWait(t *testing.T) {
	th, clock := newFakeThrottle(t)
	th.configure(2, true, DefaultRetryWaitMax)
	_ = th.reserve() // the first turn is free; the next is 500ms away

	once := true
	clock.OnSleep(func() {
		if once {
			once = false
			th.observe(clock.Now(), http.StatusTooManyRequests, 3*time.Second) // nothing went through: pause only
		}
	})
	start := clock.Now()
	cleared, waited, err := th.wait(t.Context())
	if err != nil || waited != 3500*time.Millisecond || !cleared.Equal(start.Add(waited)) {
		t.Errorf("wait = %s (cleared at +%s), %v; want 500ms for the turn plus the 3s pause that began meanwhile",
			waited, cleared.Sub(start), err)
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, _, err := th.wait(ctx); err == nil {
		t.Error("wait with a cancelled context returned no error")
	}
}

// One throttle per service and credential, shared by every Client of the
// process; the two kinds of credential and other secrets are kept apart.
func TestSharedThrottle(t *testing.T) {
	const url = "https://shared.example.com"
	a := sharedThrottle(url, PartnerAPI, "", false, "id", "secret")
	if b := sharedThrottle(url, PartnerAPI, "", false, "id", "secret"); a != b {
		t.Error("the same credential got two throttles")
	}
	for name, other := range map[string]*throttle{
		"other secret":   sharedThrottle(url, PartnerAPI, "", false, "id", "secret2"),
		"split apart":    sharedThrottle(url, PartnerAPI, "", false, "ids", "ecret"),
		"bearer":         sharedThrottle(url, DataAPI, "", false, "id", "secret"),
		"other base URL": sharedThrottle(url+"/v2", PartnerAPI, "", false, "id", "secret"),
	} {
		if other == a {
			t.Errorf("%s shares the throttle", name)
		}
	}
}

// A 429 seen by one Client slows the next Client of the same credential:
// Terraform configures the provider anew, the throttle stays.
func TestThrottleOutlivesTheClient(t *testing.T) {
	api := newFakeAPI(t,
		reply{status: http.StatusOK, body: `[]`},
		reply{status: http.StatusTooManyRequests, header: map[string]string{"Retry-After": "1"}},
		reply{status: http.StatusOK, body: `[]`})
	first := api.client(t, withMaxRetries(0))
	_ = listMethods(t.Context(), first)
	if err := listMethods(t.Context(), first); !IsRateLimited(err) {
		t.Fatalf("want the 429, got %v", err)
	}
	second, ok := api.client(t).retrying.HTTPClient.Transport.(*throttleTransport)
	if !ok {
		t.Fatalf("transport is %T", api.client(t).retrying.HTTPClient.Transport)
	}
	if got := second.partner.currentRate(); got == 0 {
		t.Error("a new Client of the same credential forgot the rate learned by the first")
	}
	if second.bearer.currentRate() != 0 {
		t.Error("the access token's throttle learned from a partner request")
	}
}

// The decisions are logged at DEBUG without the credential.
func TestThrottleLogsDecisions(t *testing.T) {
	api := newFakeAPI(t,
		reply{status: http.StatusOK, body: `[]`},
		reply{status: http.StatusTooManyRequests, header: map[string]string{"Retry-After": "0"}})
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &logs)
	c := api.client(t, withMaxRetries(0)) // a retry would wait its turn for real
	if err := listMethods(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := listMethods(ctx, c); !IsRateLimited(err) {
		t.Fatalf("want the 429, got %v", err)
	}
	out := logs.String()
	if strings.Contains(out, testPartnerSecret) {
		t.Errorf("logs contain the secret:\n%s", out)
	}
	entries, err := tflogtest.MultilineJSONDecode(&logs)
	if err != nil {
		t.Fatal(err)
	}
	assertLogged(t, entries, "debug", "cardpay API rate limit reached: slowing every request of this credential", map[string]any{
		"credential": "partner", "refused_rate_per_second": 1.0, "rate_limit_per_second": 0.9, "pause_ms": 0.0,
	})
}

// sharedPair returns two throttles of one credential as two processes of
// one machine have them: separate objects, one state file.
func sharedPair(t *testing.T) (a, b *throttle, clock *testclock.Clock) {
	t.Helper()
	a, clock = newFakeThrottle(t)
	b = newThrottle()
	b.now, b.sleep, b.rand = clock.Now, clock.Sleep, func() float64 { return 0 }
	key := throttleKey{baseURL: "https://api.example.com", auth: PartnerAPI, credential: credentialHash("id", "secret")}
	dir := t.TempDir()
	a.share, b.share = newStateFile(dir, key), newStateFile(dir, key)
	return a, b, clock
}

// Two processes of one machine act as one client: a 429 one of them sees
// pauses and slows the other, the rate that went through is counted
// across both, and one bucket paces both.
func TestThrottleSharedByTheProcessesOfAMachine(t *testing.T) {
	a, b, clock := sharedPair(t)
	accept(a, clock, 10, time.Millisecond)
	accept(b, clock, 10, time.Millisecond)
	c := a.observe(clock.Now(), http.StatusTooManyRequests, time.Second)
	if !c.slowed || c.refused != 20 || !near(c.rate, 18, 1e-9) {
		t.Fatalf("change = %+v, want slowed to 18/s (0.9 × the 20/s both processes got through)", c)
	}
	if !paused(b, clock.Now().Add(500*time.Millisecond)) || !near(b.currentRate(), 18, 1e-9) {
		t.Fatalf("the other process: paused %v, rate %v; want paused at 18/s", paused(b, clock.Now()), b.currentRate())
	}
	var got []time.Duration
	for i := range 20 { // alternating processes share the 18 of the burst, then one every 1/18 s
		th := a
		if i%2 == 1 {
			th = b
		}
		got = append(got, th.reserve().at.Sub(clock.Now()))
	}
	if got[17] != time.Second || !near((got[19]-got[18]).Seconds(), 1.0/18, 1e-6) {
		t.Errorf("turns of both processes = %v, want 18 at the end of the pause and then 1/18 s apart", got)
	}
}

// A state older than shareStale belongs to runs that are over: a process
// starts afresh.
func TestThrottleSharedStateGoesStale(t *testing.T) {
	a, b, clock := sharedPair(t)
	accept(a, clock, 20, time.Millisecond)
	a.observe(clock.Now(), http.StatusTooManyRequests, time.Second)
	data, err := os.ReadFile(a.share.path)
	if err != nil {
		t.Fatal(err)
	}
	var w wireState
	if err := binary.Read(bytes.NewReader(data), binary.LittleEndian, &w); err != nil {
		t.Fatal(err)
	}
	w.Written = time.Now().Add(-shareStale - time.Second).UnixNano()
	var buf bytes.Buffer
	_ = binary.Write(&buf, binary.LittleEndian, w)
	if err := os.WriteFile(a.share.path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := b.currentRate(); got != 0 {
		t.Errorf("a process after a stale state limits itself to %v/s, want no limit", got)
	}
}

// A state file that cannot be made (here a file stands where its directory
// should be) leaves each process on its own throttle.
func TestThrottleWithoutAUsableStateFile(t *testing.T) {
	th, clock := newFakeThrottle(t)
	blocker := filepath.Join(t.TempDir(), "not-a-directory")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	th.share = &stateFile{path: filepath.Join(blocker, "x.throttle")}
	accept(th, clock, 20, time.Millisecond)
	if c := th.observe(clock.Now(), http.StatusTooManyRequests, time.Second); !near(c.rate, 18, 1e-9) {
		t.Errorf("change = %+v, want the process to learn 18/s on its own", c)
	}
	if th.share != nil {
		t.Error("the throttle still tries the unusable file")
	}
}

// Each attempt counts in the credential's usage: sent, refused with 429,
// retried (an attempt after the first of its call) and the wait.
func TestThrottleUsage(t *testing.T) {
	api := newFakeAPI(t,
		reply{status: http.StatusTooManyRequests, header: map[string]string{"Retry-After": "0"}},
		reply{status: http.StatusOK, body: `[]`})
	c := api.client(t)
	if err := listMethods(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	var got *CredentialUsage
	for _, u := range UsageSummary() {
		if u.BaseURL == c.baseURL {
			got = &u
		}
	}
	if got == nil || got.Sent != 2 || got.Refused != 1 || got.Retried != 1 || got.Credential != "partner client "+testPartnerID {
		t.Errorf("usage = %+v, want 2 sent, 1 refused, 1 retried, named by the client ID", got)
	}
	if label := credentialLabel(DataAPI, "p", "tok-secret"); strings.Contains(label, "tok-secret") || !strings.HasPrefix(label, "access token ") {
		t.Errorf("an access token is named %q", label)
	}
}

// Refused again soon after a cut, the throttle cuts the rate in force once
// more rather than measure: the span holds the pause and the burst after
// it, which the service refilled while everyone waited.
func TestThrottleRefusedSoonAfterACut(t *testing.T) {
	th, clock := newFakeThrottle(t)
	accept(th, clock, 20, 50*time.Millisecond)
	th.observe(clock.Now(), http.StatusTooManyRequests, time.Second) // 18/s, paused 1s
	clock.Advance(time.Second)
	accept(th, clock, 18, time.Millisecond) // the burst after the pause
	inForce := th.currentRate()
	c := th.observe(clock.Now(), http.StatusTooManyRequests, time.Second)
	if !near(c.refused, inForce, 1e-9) || !near(c.rate, throttleBeta*inForce, 1e-9) {
		t.Errorf("change = %+v, want the rate in force %.2f/s cut by %g, not the burst's count", c, inForce, throttleBeta)
	}
}

// A refusal that arrives while another refusal's pause runs (processes of
// a machine refused together, each pause jittered) cuts the rate in force
// once more: the second before it was mostly pause and measures nothing.
func TestThrottleRefusedDuringAPause(t *testing.T) {
	th, clock := newFakeThrottle(t)
	accept(th, clock, 20, 50*time.Millisecond)
	first := th.observe(clock.Now(), http.StatusTooManyRequests, time.Second)
	sent := clock.Now().Add(time.Millisecond) // after the cut, as if another process had not yet heard of it
	clock.Advance(900 * time.Millisecond)
	c := th.observe(sent, http.StatusTooManyRequests, time.Second)
	if !near(c.refused, first.rate, 1e-9) || !near(c.rate, throttleBeta*first.rate, 1e-9) {
		t.Errorf("a refusal during the pause changed %+v, want the rate in force %g cut by %g", c, first.rate, throttleBeta)
	}
}

// Refused again a while after a cut, the throttle takes the service's rate
// from what went through between the two refusals, not from the last
// second, which a service's burst inflates while a probe drains it.
func TestThrottleMeasuresBetweenCuts(t *testing.T) {
	th, clock := newFakeThrottle(t)
	accept(th, clock, 20, 50*time.Millisecond)
	th.observe(clock.Now(), http.StatusTooManyRequests, time.Second)
	clock.Advance(time.Second)
	accept(th, clock, 20, time.Millisecond)    // the burst the service refilled during the pause
	accept(th, clock, 60, 50*time.Millisecond) // then 20/s for 3 s
	c := th.observe(clock.Now(), http.StatusTooManyRequests, time.Second)
	span := 1 + 0.02 + 3.0
	if want := 80 / span; !near(c.refused, want, 0.1) || !near(c.rate, throttleBeta*c.refused, 1e-9) {
		t.Errorf("change = %+v, want the %.1f/s that went through between the cuts, cut by %g", c, want, throttleBeta)
	}
}

// A cut voids the turns given at the old rate: the requests that held
// them take new ones, and those held up by the pause go out together when
// it ends, as the service's allowance refilled meanwhile lets them, then
// one every 1/rate: none queues behind a turn that was never used.
func TestThrottleCutGivesTheTurnsAnew(t *testing.T) {
	th, clock := newFakeThrottle(t)
	accept(th, clock, 20, 50*time.Millisecond)
	th.observe(clock.Now(), http.StatusTooManyRequests, time.Second)
	clock.Advance(time.Second)
	accept(th, clock, 30, 50*time.Millisecond) // refused again 2.5 s after the cut, not sooner
	queued := make([]turn, 54)                 // a burst now, then two seconds' worth queued
	for i := range queued {
		queued[i] = th.reserve()
	}
	refused := clock.Now()
	th.observe(refused, http.StatusTooManyRequests, time.Second)
	rate := th.currentRate()

	var got []time.Duration
	for _, tn := range queued { // each wakes at its turn, as wait does
		clock.Set(notBefore(tn.at, refused))
		if th.stands(tn, clock.Now()) {
			t.Fatalf("a turn given before the cut still stands at +%s", clock.Now().Sub(refused))
		}
		got = append(got, th.reserve().at.Sub(refused))
	}
	burst := int(math.Floor(rate))
	for i, d := range got {
		want := time.Second
		if i >= burst {
			want += time.Duration(float64(i-burst+1) / rate * float64(time.Second))
		}
		if !near(d.Seconds(), want.Seconds(), 1e-6) {
			t.Fatalf("new turn %d at +%s, want +%s: a burst of %d when the pause ends, then %.2f/s", i, d, want, burst, rate)
		}
	}
}

// The first cut counts what went through in the last second, but answers
// still on their way when the 429 came back (it comes back faster than the
// work the service does for the others) went through too: each raises the
// estimate as it arrives, until an answer to a request sent after the cut.
func TestThrottleCountsAnswersOnTheirWay(t *testing.T) {
	th, clock := newFakeThrottle(t)
	clock.Advance(time.Second)
	accept(th, clock, 5, time.Millisecond)
	sentBefore := clock.Now().Add(-time.Millisecond)
	if c := th.observe(clock.Now(), http.StatusTooManyRequests, time.Second); c.refused != 5 {
		t.Fatalf("first cut: %+v, want 5/s counted", c)
	}
	for range 15 {
		th.observe(sentBefore, http.StatusOK, 0)
	}
	if got := th.currentRate(); !near(got, throttleBeta*20, 0.1) {
		t.Errorf("after 15 answers on their way, rate = %.2f, want about %g (the 20/s that went through, cut by %g)",
			got, throttleBeta*20, throttleBeta)
	}
	clock.Advance(time.Second)
	th.observe(clock.Now(), http.StatusOK, 0) // sent after the cut: the count is complete
	before := th.currentRate()
	th.observe(sentBefore, http.StatusOK, 0)
	if got := th.currentRate(); got > before+0.01 {
		t.Errorf("an answer after the count was complete raised the rate from %.2f to %.2f", before, got)
	}
}

// Refused again soon after a cut, at 0.9 times a refused rate, the
// throttle learns that others it does not see (processes on other
// machines) take what a pause saves: from then on the bucket starts when
// a pause ends, and makes nothing up at once.
func TestThrottleOthersUnseenGetNoCatchUp(t *testing.T) {
	th, clock := newFakeThrottle(t)
	accept(th, clock, 20, 50*time.Millisecond)
	th.observe(clock.Now(), http.StatusTooManyRequests, time.Second)
	clock.Advance(time.Second)
	th.observe(clock.Now(), http.StatusTooManyRequests, time.Second) // soon after the cut
	refused := clock.Now()
	rate := th.currentRate()
	first, second := th.reserve(), th.reserve()
	if want := refused.Add(time.Second + time.Duration(float64(time.Second)/rate)); !first.at.Equal(want) {
		t.Errorf("first turn at +%s, want +%s: one turn at %.2f/s after the pause, not a burst at its end",
			first.at.Sub(refused), want.Sub(refused), rate)
	}
	if gap := second.at.Sub(first.at).Seconds(); !near(gap, 1/rate, 1e-6) {
		t.Errorf("turns %.3fs apart, want 1/%.2f s", gap, rate)
	}
}
