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

// simRun is what the simulations share: the simulated clock, the
// service, and the events planned, done in time order by run.
type simRun struct {
	start time.Time
	clock *testclock.Clock
	svc   *simService
	rtt   time.Duration
	queue []simEvent // sorted by time
	seq   int
}

func newSimRun(p simParams) *simRun {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	svc := &simService{bucket: rate.NewLimiter(rate.Limit(p.rate), p.burst), rate: p.rate}
	svc.bucket.AllowN(start, 0)
	return &simRun{start: start, clock: testclock.New(start), svc: svc, rtt: p.rtt}
}

// at plans do for time t.
func (s *simRun) at(t time.Time, do func()) {
	s.seq++
	e := simEvent{at: t, seq: s.seq, do: do}
	i, _ := slices.BinarySearchFunc(s.queue, e, simEvent.before)
	s.queue = slices.Insert(s.queue, i, e)
}

// run does the planned events, and those they plan, until none is left.
func (s *simRun) run() {
	for len(s.queue) > 0 {
		e := s.queue[0]
		s.queue = s.queue[1:]
		s.clock.Set(e.at)
		e.do()
	}
}

// elapsed is the simulated time since the start.
func (s *simRun) elapsed() time.Duration { return s.clock.Now().Sub(s.start) }

// send sends one request through th, following the same steps as
// throttle.wait and throttleTransport: it waits for a turn that still
// stands, and th observes the answer before answered gets it.
func (s *simRun) send(th *throttle, answered func(status int, retryAfter time.Duration)) {
	turn := th.reserve()
	s.at(notBefore(turn.at, s.clock.Now()), func() {
		if !th.stands(turn, s.clock.Now()) {
			s.send(th, answered)
			return
		}
		sentAt := s.clock.Now()
		status, retryAfter := s.svc.answer(sentAt.Add(s.rtt / 2))
		s.at(sentAt.Add(s.rtt), func() {
			th.observe(sentAt, status, retryAfter)
			answered(status, retryAfter)
		})
	})
}

// simulate runs p in simulated time through one throttle.
func simulate(p simParams) simResult {
	s := newSimRun(p)
	th := newThrottle()
	th.now = s.clock.Now
	th.configure(0, p.adaptive, DefaultRetryWaitMax)
	var res simResult
	started := 0
	var attempt func()
	attempt = func() {
		s.send(th, func(status int, retryAfter time.Duration) {
			if status == http.StatusTooManyRequests {
				res.refused++
				if s.elapsed() > time.Second {
					res.refusedAfter++
				}
				s.at(s.clock.Now().Add(retryAfter), attempt)
				return
			}
			res.accepted++
			res.elapsed = s.elapsed()
			if started < p.requests {
				started++
				s.at(s.clock.Now().Add(p.think), attempt)
			}
		})
	}
	for range min(p.workers, p.requests) {
		started++
		s.at(s.start, attempt)
	}
	s.run()
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
