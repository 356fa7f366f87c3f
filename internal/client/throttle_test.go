// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"math"
	"net/http"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// newFakeThrottle returns a throttle on a fake clock, whose sleep moves the
// clock instead of waiting, so no test sleeps. Its jitter is the middle of
// its range (random draws of 0.5): curves at their constants, waits a
// tenth over what the service asked.
func newFakeThrottle(t *testing.T) (*throttle, *testclock.Clock) {
	t.Helper()
	clock := testclock.New(testclock.Start)
	th := newThrottle()
	th.now, th.sleep, th.rand = clock.Now, fakeSleep(clock), func() float64 { return 0.5 }
	return th, clock
}

// fakeSleep is throttle.sleep on clock: it moves the clock by the whole
// wait, as nothing wakes it early.
func fakeSleep(clock *testclock.Clock) func(context.Context, time.Duration, <-chan struct{}) error {
	return func(ctx context.Context, d time.Duration, _ <-chan struct{}) error { return clock.Sleep(ctx, d) }
}

// accept records n answers that went through, one every gap.
func accept(th *throttle, clock *testclock.Clock, n int, gap time.Duration) {
	for range n {
		th.observe(clock.Now(), answer{status: http.StatusOK})
		clock.Advance(gap)
	}
}

// refuse records a 429 to a request sent at sentAt.
func refuse(th *throttle, sentAt time.Time) throttleChange {
	return th.observe(sentAt, answer{status: http.StatusTooManyRequests, retryAfter: time.Second})
}

// turns reserves n turns and returns them relative to the clock's now.
func turns(th *throttle, clock *testclock.Clock, n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = th.reserve().at.Sub(clock.Now())
	}
	return out
}

// started lets the throttle pace nothing from the start: as after enough
// answers that went through (see TestThrottleStartsOneAtATime).
func started(th *throttle) *throttle {
	th.window = 0
	return th
}

func near(a, b, tolerance float64) bool { return math.Abs(a-b) <= tolerance }

// A process's first requests go one at a time: one before any answer, one
// more for each answer that went through (at most one more every
// windowStep), until the window is wide enough to limit nothing; a
// refusal ends the window (the rate paces from then on).
func TestThrottleStartsOneAtATime(t *testing.T) {
	th, clock := newFakeThrottle(t)
	if first, second := th.reserve(), th.reserve(); first.waiting || !second.waiting {
		t.Fatalf("before any answer: first waits %v, second waits %v; want only the second to wait", first.waiting, second.waiting)
	}
	accept(th, clock, 1, time.Millisecond) // the first answer: two may go
	if a, b, c := th.reserve(), th.reserve(), th.reserve(); a.waiting || b.waiting || !c.waiting {
		t.Fatalf("after one answer: waits %v %v %v; want two to go and the third to wait", a.waiting, b.waiting, c.waiting)
	}
	accept(th, clock, 2, time.Millisecond) // within windowStep: no wider
	if a, b, c := th.reserve(), th.reserve(), th.reserve(); a.waiting || b.waiting || !c.waiting {
		t.Errorf("two answers within %s widened the window", windowStep)
	}
	for range maxWindow {
		accept(th, clock, 1, windowStep)
	}
	if th.window != 0 {
		t.Errorf("after %d answers %s apart the window is %d; want none", maxWindow, windowStep, th.window)
	}

	th, clock = newFakeThrottle(t)
	_ = th.reserve()
	refuse(th, clock.Now())
	if tn := th.reserve(); tn.waiting {
		t.Error("after a refusal a request still waits for an answer instead of its turn")
	}
}

// The first 429 teaches half the rate that went through in the last second,
// with that rate as the curve's plateau: the bucket starts empty (the
// service has no room left) and gives one turn every 1/rate.
func TestThrottleFirstRefusal(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 20, 40*time.Millisecond) // 20 within the last second
	c := refuse(th, clock.Now())
	if !c.cut || !near(c.rate, 10, 1e-9) || th.st.wmax != 20 {
		t.Fatalf("change %+v, plateau %v; want a cut to 10/s under a plateau of 20/s", c, th.st.wmax)
	}
	if got := turns(th, clock, 3); got[0] != 100*time.Millisecond || got[2] != 300*time.Millisecond {
		t.Errorf("turns = %v, want 100ms, 200ms, 300ms", got)
	}
}

// Requests sent before the cut were sent too fast already: their 429s do
// not cut again.
func TestThrottleCutsOncePerBurstOfRefusals(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 20, 40*time.Millisecond)
	sentBefore := clock.Now()
	clock.Advance(10 * time.Millisecond)
	refuse(th, clock.Now().Add(-time.Millisecond))
	if c := refuse(th, sentBefore); c.cut || !near(th.currentRate(), 10, 1e-9) {
		t.Errorf("a 429 to a request sent before the cut: change %+v, rate %v; want no cut, 10/s", c, th.currentRate())
	}
	if c := refuse(th, clock.Now().Add(time.Millisecond)); !c.cut {
		t.Error("a 429 to a request sent after the cut did not cut")
	}
}

// After a cut the rate follows the CUBIC curve: concave back to the
// plateau at k (fast at first, slowly near it), convex beyond; from 1.5 k
// without a refusal it doubles every throttleDoubling, and at
// throttleForget the throttle paces nothing.
func TestThrottleCurve(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 20, 40*time.Millisecond)
	refuse(th, clock.Now())
	k := time.Duration(math.Cbrt(10/throttleC) * float64(time.Second))
	if !near(th.st.k, k.Seconds(), 1e-9) {
		t.Fatalf("k = %vs, want %s (cbrt((plateau − rate)/C))", th.st.k, k)
	}
	rate := func(at time.Duration) float64 { return th.st.curveRate(clock.Now().Add(at).UnixNano()) }
	if early, late := rate(k/4)-rate(0), rate(k)-rate(3*k/4); early <= 3*late {
		t.Errorf("the first quarter to the plateau gains %v/s, the last %v/s; want the curve concave", early, late)
	}
	if !near(rate(k), 20, 1e-9) || rate(k+k/4) <= 20 {
		t.Errorf("at k the rate is %v, at 1.25 k %v; want the plateau of 20, then above it", rate(k), rate(k+k/4))
	}
	fade := time.Duration(throttleFade * float64(k))
	if got := rate(fade + 2*throttleDoubling); got < 79.99 {
		t.Errorf("two doublings after %s without a refusal the rate is %v; want at least 80 (20 doubled twice)", fade, got)
	}
	clock.Advance(fade + 10*throttleDoubling) // 20 × 2¹⁰ > throttleForget
	if got := th.currentRate(); got != 0 {
		t.Errorf("long after the refusal the rate is %v, want none", got)
	}
}

// Cut again before it is back at its plateau, a process lowers the plateau
// to three quarters of the rate it had (fast convergence), so that the
// process that has more than its share gives some up.
func TestThrottleFastConvergence(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 20, 40*time.Millisecond)
	refuse(th, clock.Now())
	clock.Advance(time.Second)
	w := th.currentRate()
	if c := refuse(th, clock.Now()); !c.cut || !near(th.st.wmax, w*(1+throttleBeta)/2, 1e-9) || !near(c.rate, w*throttleBeta, 1e-9) {
		t.Errorf("cut at %v/s below the plateau: change %+v, plateau %v; want %v and a plateau of %v", w, c, th.st.wmax, w*throttleBeta, w*(1+throttleBeta)/2)
	}
}

// A first refusal after almost nothing went through (a process that
// started into a service others use up) teaches one request a second at
// most: the rate is cut to half of it.
func TestThrottleFirstRefusalOfNothing(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 1, time.Millisecond)
	if c := refuse(th, clock.Now()); c.rate != throttleBeta*throttleFirstRate || th.st.wmax != throttleFirstRate {
		t.Errorf("change %+v, plateau %v; want a cut to %v/s under a plateau of %v/s", c, th.st.wmax, throttleBeta*throttleFirstRate, throttleFirstRate)
	}
}

// Where the credential's refused share shows a crowded fleet, the curve
// takes longer back to its plateau, the longer the smaller the plateau:
// fleetRecovery ÷ plateau^fleetRecoveryExp seconds (at most
// fleetRecoveryMax) once the share passes fleetShareFull, in proportion
// between fleetShareFrom and it, and CUBIC's time below (or where that is
// longer).
func TestThrottleCrowdedFleetRecovery(t *testing.T) {
	cubic := math.Cbrt((1 - throttleBeta) / throttleC) // a plateau of 1/s
	for _, tc := range []struct {
		share, want float64
	}{
		{0.01, cubic},
		{0.5, fleetRecovery},
		{(fleetShareFrom + fleetShareFull) / 2, fleetRecovery / 2},
	} {
		th, clock := newFakeThrottle(t)
		started(th)
		accept(th, clock, 1, time.Millisecond)                                          // a plateau of 1/s
		th.st.refusedShare = (tc.share - refusedShareWeight) / (1 - refusedShareWeight) // the refusal counts too
		refuse(th, clock.Now())
		back := th.st.curveRate(clock.Now().Add(time.Duration(th.st.k * float64(time.Second))).UnixNano())
		if !near(th.st.k, tc.want, 1e-9) || !near(back, 1, 1e-9) {
			t.Errorf("refused share %v: back at the plateau after %vs (rate %v); want %vs", tc.share, th.st.k, back, tc.want)
		}
	}
}

// However far a crowded fleet's refusals cut a process, its curve is back
// at its plateau within fleetRecoveryMax seconds: refused again and again
// before its plateau, each cut lowering the plateau, it falls to the least
// rate, where fleetRecovery ÷ plateau^fleetRecoveryExp is longer.
func TestThrottleCrowdedFleetRecoveryBound(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 1, time.Millisecond)
	for range 10 {
		clock.Advance(time.Millisecond) // sent after the last cut
		refuse(th, clock.Now())
	}
	if unbounded := fleetRecovery / math.Pow(th.st.wmax, fleetRecoveryExp); unbounded <= fleetRecoveryMax {
		t.Fatalf("a plateau of %v/s would be back within %vs: the bound is not reached", th.st.wmax, unbounded)
	}
	back := th.st.curveRate(clock.Now().Add(time.Duration(th.st.k * float64(time.Second))).UnixNano())
	if !near(th.st.k, fleetRecoveryMax, 1e-9) || !near(back, th.st.wmax, 1e-9) {
		t.Errorf("a plateau of %v/s: back at it after %vs (rate %v); want %vs", th.st.wmax, th.st.k, back, fleetRecoveryMax)
	}
}

// The refused share counts each answer that went through or was refused,
// about the last 1 ÷ refusedShareWeight of them.
func TestThrottleRefusedShare(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	for range 200 {
		accept(th, clock, 3, time.Second)
		refuse(th, clock.Now())
	}
	if got := th.st.refusedShare; !near(got, 0.25, 0.03) {
		t.Errorf("one refusal in four answers: refused share %v, want about 0.25", got)
	}
	accept(th, clock, 64, time.Second)
	if got := th.st.refusedShare; got > 0.25*math.Exp(-2)*1.1 {
		t.Errorf("64 answers that went through later: refused share %v, want it mostly forgotten", got)
	}
}

// Each cut draws its curve's scale at random within throttleJitter, so
// that processes refused together come back at different times.
func TestThrottleJitteredCurves(t *testing.T) {
	k := func(draw float64) float64 {
		th, clock := newFakeThrottle(t)
		th.rand = func() float64 { return draw }
		started(th)
		accept(th, clock, 20, 40*time.Millisecond)
		refuse(th, clock.Now())
		return th.st.k
	}
	if low, high := k(0), k(0.999); high >= low || !near(low/high, math.Cbrt(1.25/0.75), 0.01) {
		t.Errorf("k = %v at the lowest draw and %v at the highest; want the curve %v times slower at the lowest", low, high, math.Cbrt(1.25/0.75))
	}
}

// When the rate in force rises well above the rate its queued turns were
// given at, those turns are given anew at the new rate and woken: a
// request queued behind a slow rate comes sooner. A waiting request looks
// again when the curve will have risen so far, not only at its turn.
func TestThrottleRiseGivesTurnsAnew(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 20, 40*time.Millisecond)
	refuse(th, clock.Now()) // 10/s, back at 20/s after k
	queued := make([]*turn, 20)
	for i := range queued {
		queued[i] = th.reserve()
	}
	last := queued[len(queued)-1]
	old, look := th.lookAt(last, clock.Now())
	if rate := th.st.curveRate(look.UnixNano()); !look.Before(old) || !near(rate, 10*throttleRaise, 0.01) {
		t.Fatalf("the last turn is in %s and looks again in %s at %v/s; want sooner, when the rate is %v/s",
			old.Sub(clock.Now()), look.Sub(clock.Now()), rate, 10*throttleRaise)
	}
	for _, tn := range queued { // the turns that come before go
		if at, _ := th.lookAt(tn, clock.Now()); at.Before(look) {
			clock.Set(at)
			if !th.take(tn, at) {
				t.Fatalf("a turn was not taken at its time")
			}
		}
	}
	clock.Set(look)
	wake := last.wake
	th.refresh(last)
	if again, _ := th.lookAt(last, clock.Now()); !isClosed(wake) || !again.Before(old) {
		t.Errorf("the turn given anew is in %s, the old one was in %s, woken %v; want it sooner, and woken",
			again.Sub(clock.Now()), old.Sub(clock.Now()), isClosed(wake))
	}
}

// A cut gives the queued turns anew in the order they were first given,
// whichever request looks first: a request keeps its place in the queue.
func TestThrottleCutKeepsTheQueue(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 20, 40*time.Millisecond)
	refuse(th, clock.Now()) // 10/s
	queued := make([]*turn, 5)
	for i := range queued {
		queued[i] = th.reserve()
	}
	clock.Advance(50 * time.Millisecond)
	refuse(th, clock.Now()) // about 5/s: every turn is given anew
	for i := len(queued) - 1; i >= 0; i-- {
		th.refresh(queued[i]) // the last one wakes first
	}
	for i, tn := range queued {
		at, _ := th.lookAt(tn, clock.Now())
		if want := time.Duration(float64(i+1) / th.st.rate0 * float64(time.Second)); !near(at.Sub(clock.Now()).Seconds(), want.Seconds(), 1e-6) {
			t.Errorf("turn %d comes in %s after the cut, want %s: the turns in the order first given, at the new rate", i, at.Sub(clock.Now()), want)
		}
	}
	first, _ := th.lookAt(queued[0], clock.Now())
	if !th.take(queued[0], first) || th.take(queued[1], first) {
		t.Error("the first turn was not taken at its time, or the second was before its time")
	}
}

// A refused request takes its next turn at once, not before its wait: it
// keeps its place ahead of the requests that ask after it.
func TestThrottleRefusedKeepsItsPlace(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 3, 300*time.Millisecond)
	refuse(th, clock.Now()) // 1.5/s, one turn at a time
	retry := th.reserveAfter(clock.Now().Add(time.Second), 0)
	later := th.reserve()
	if !retry.at.Equal(clock.Now().Add(time.Second)) || !later.at.After(retry.at) {
		t.Errorf("the refused request's turn is in %s, the next request's in %s; want 1s, then later",
			retry.at.Sub(clock.Now()), later.at.Sub(clock.Now()))
	}
}

// A refused request that goes again keeps the ticket of its first
// attempt: it comes before the turns queued after that attempt, which
// move back one place each.
func TestThrottleRetryKeepsItsTicket(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 20, 40*time.Millisecond)
	refuse(th, clock.Now()) // 10/s, from an empty bucket
	start := clock.Now()
	first, a, b := th.reserve(), th.reserve(), th.reserve() // in 100, 200 and 300ms
	clock.Set(first.at)
	if !th.take(first, clock.Now()) {
		t.Fatal("the first turn was not taken at its time")
	}
	retry := th.reserveAfter(clock.Now(), first.ticket) // refused without a Retry-After to wait
	got := []time.Duration{retry.at.Sub(start), a.at.Sub(start), b.at.Sub(start)}
	if got[0] != 200*time.Millisecond || got[1] != 300*time.Millisecond || got[2] <= got[1] || !isClosed(a.wake) {
		t.Errorf("the retry, the second and the third turn come at %v, woken %v; want 200ms, 300ms, a new turn after, woken", got, isClosed(a.wake))
	}
}

// Below a request a second, each turn goes up to throttleTurnJitter of
// the period later at random, so that processes paced alike do not fall
// into step; faster turns are exact.
func TestThrottleTurnJitter(t *testing.T) {
	second := func(rate, draw float64) time.Duration {
		th, clock := newFakeThrottle(t)
		started(th)
		th.rand = func() float64 { return draw }
		accept(th, clock, int(2*rate), time.Duration(float64(time.Second)/(2*rate)))
		refuse(th, clock.Now()) // cut to rate; the bucket starts empty
		_ = th.reserve()
		return th.reserve().at.Sub(clock.Now()) // two periods on, and its jitter
	}
	period := 2 * time.Second // at 0.5/s
	if low, high := second(0.5, 0), second(0.5, 0.999); low != 2*period || high < low+time.Duration(0.99*throttleTurnJitter*float64(period)) {
		t.Errorf("at 0.5/s the second turn is in %s at the lowest draw, %s at the highest; want %s, then up to %v of %s later",
			low, high, 2*period, throttleTurnJitter, period)
	}
	if low, high := second(5, 0), second(5, 0.999); low != high {
		t.Errorf("at 5/s the second turn is in %s at the lowest draw, %s at the highest; want the same", low, high)
	}
}

// The user's ceiling spaces requests evenly, and stays the limit while the
// learned rate is above it.
func TestThrottleCeiling(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th).configure(5)
	if got := turns(th, clock, 3); got[0] != 0 || got[1] != 200*time.Millisecond || got[2] != 400*time.Millisecond {
		t.Errorf("turns = %v, want 0, 200ms, 400ms", got)
	}
	clock.Advance(time.Second)
	accept(th, clock, 20, 40*time.Millisecond)
	refuse(th, clock.Now())
	if got := th.currentRate(); got != 5 {
		t.Errorf("learned 10/s under a ceiling of 5: rate %v, want 5", got)
	}
	th.configure(0)
	if got := th.currentRate(); !near(got, 10, 1e-9) {
		t.Errorf("without the ceiling the rate is %v, want the learned 10 (kept across configure)", got)
	}
}

// wait sleeps until the turn, and waits for the turn given anew when a
// refusal gave the turns anew while it slept; a cancelled context ends it.
func TestThrottleWait(t *testing.T) {
	th, clock := newFakeThrottle(t)
	started(th)
	accept(th, clock, 20, 40*time.Millisecond)
	refuse(th, clock.Now())  // 10/s
	th.release(th.reserve()) // the first turn is in 100ms (given to another request), the next in 200ms

	once := true
	clock.OnSleep(func() {
		if once {
			once = false
			refuse(th, clock.Now()) // cut again: the turns given before are void
		}
	})
	start := clock.Now()
	cleared, waited, err := th.wait(t.Context(), time.Time{}, new(int64))
	want := 200*time.Millisecond + time.Duration(float64(time.Second)/th.st.rate0)
	if err != nil || waited != want || !cleared.Equal(start.Add(waited)) {
		t.Errorf("wait = %s (cleared at +%s), %v; want %s: 200ms for the turn, then one turn at the rate of the new cut",
			waited, cleared.Sub(start), err, want)
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, _, err := th.wait(ctx, time.Time{}, new(int64)); err == nil {
		t.Error("wait with a cancelled context returned no error")
	}
}

// A refused request waits what the service asked, with up to
// throttlePauseJitter more at random; without a Retry-After, the backoff.
func TestThrottleRefusalWait(t *testing.T) {
	th, _ := newFakeThrottle(t)
	for draw, want := range map[float64]time.Duration{0: 10 * time.Second, 0.5: 11 * time.Second, 0.999: 11998 * time.Millisecond} {
		th.rand = func() float64 { return draw }
		if got := th.refusalWait(10*time.Second, time.Minute); got != want {
			t.Errorf("draw %v: waits %s, want %s", draw, got, want)
		}
	}
	if got := th.refusalWait(0, 3*time.Second); got != 3*time.Second {
		t.Errorf("without Retry-After: waits %s, want the backoff of 3s", got)
	}
}
