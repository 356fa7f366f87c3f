// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"math"
	"net/http"
	"slices"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// simService is a token-bucket rate limit in simulated time, like the
// sandbox's: Retry-After is the wait for the next token in whole seconds.
type simService struct {
	bucket *rate.Limiter
	rate   float64
}

func (s *simService) answer(at time.Time) (status int, retryAfter time.Duration) {
	if s.bucket.AllowN(at, 1) {
		return http.StatusOK, 0
	}
	missing := 1 - s.bucket.TokensAt(at)
	return http.StatusTooManyRequests, time.Duration(math.Max(1, math.Ceil(missing/s.rate))) * time.Second
}

// simParams describe one simulated run: workers callers (Terraform's
// parallelism) send requests one after the other, each retried after the
// Retry-After of a 429, as the retry policy does.
type simParams struct {
	requests, workers int
	rate              float64
	burst             int
	rtt, think        time.Duration
	adaptive          bool
}

type simResult struct {
	elapsed           time.Duration
	accepted, refused int
	// refusedAfter counts refusals more than a second after the first
	// request.
	refusedAfter int
	finalRate    float64
}

// simEvent is something a worker does at a time.
type simEvent struct {
	at  time.Time
	seq int // keeps events of the same time in the order they were planned
	do  func()
}

func (e simEvent) before(o simEvent) int {
	if c := e.at.Compare(o.at); c != 0 {
		return c
	}
	return e.seq - o.seq
}

// simulate runs p in simulated time through one throttle, following the
// same steps as throttle.wait and throttleTransport.
func simulate(p simParams) simResult {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := testclock.New(start)
	th := newThrottle()
	th.now = clock.Now
	th.configure(0, p.adaptive, DefaultRetryWaitMax)
	svc := &simService{bucket: rate.NewLimiter(rate.Limit(p.rate), p.burst), rate: p.rate}
	svc.bucket.AllowN(start, 0)

	var queue []simEvent // sorted by time
	seq := 0
	at := func(t time.Time, do func()) {
		seq++
		e := simEvent{at: t, seq: seq, do: do}
		i, _ := slices.BinarySearchFunc(queue, e, simEvent.before)
		queue = slices.Insert(queue, i, e)
	}
	var res simResult
	started := 0
	var attempt func()
	send := func() {
		sentAt := clock.Now()
		status, retryAfter := svc.answer(clock.Now().Add(p.rtt / 2))
		at(clock.Now().Add(p.rtt), func() {
			th.observe(sentAt, status, retryAfter)
			if status == http.StatusTooManyRequests {
				res.refused++
				if clock.Now().Sub(start) > time.Second {
					res.refusedAfter++
				}
				at(clock.Now().Add(retryAfter), attempt)
				return
			}
			res.accepted++
			res.elapsed = clock.Now().Sub(start)
			if started < p.requests {
				started++
				at(clock.Now().Add(p.think), attempt)
			}
		})
	}
	attempt = func() {
		turn := th.reserve()
		at(notBefore(turn.at, clock.Now()), func() {
			if !th.stands(turn, clock.Now()) {
				attempt()
				return
			}
			send()
		})
	}
	for range min(p.workers, p.requests) {
		started++
		at(start, attempt)
	}
	for len(queue) > 0 {
		e := queue[0]
		queue = queue[1:]
		clock.Set(e.at)
		e.do()
	}
	res.finalRate = th.currentRate()
	return res
}

// The case: 200 payment methods (400 requests) at parallelism 10
// through 20 requests a second. Without the throttle a third of the
// requests are refused; with it few are, and the run keeps the service's
// pace. The times are simulated, so the test never waits.
func TestThrottleSimulatedApply(t *testing.T) {
	base := simParams{requests: 400, workers: 10, rate: 20, burst: 20, rtt: 2 * time.Millisecond, think: time.Millisecond}
	floor := time.Duration(float64(base.requests) / base.rate * float64(time.Second))

	off := base
	without := simulate(off)
	on := base
	on.adaptive = true
	with := simulate(on)
	t.Logf("without: %+v (floor %s)", without, floor)
	t.Logf("with:    %+v", with)

	if share := refusedShare(without); share < 0.2 {
		t.Errorf("without the throttle %.0f%% were refused; the simulation does not reproduce the issue", 100*share)
	}
	if share := refusedShare(with); share > 0.05 {
		t.Errorf("with the throttle %.1f%% of requests were refused, want at most 5%%", 100*share)
	}
	if with.elapsed > floor*5/4 {
		t.Errorf("with the throttle the run took %s, more than 1.25 × the floor %s", with.elapsed, floor)
	}
}

func refusedShare(r simResult) float64 {
	return float64(r.refused) / float64(r.accepted+r.refused)
}

// notBefore is t, or now when t is earlier: an event may not go back in
// time.
func notBefore(t, now time.Time) time.Time {
	if t.Before(now) {
		return now
	}
	return t
}
