// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"container/heap"
	"fmt"
	"math"
	"net/http"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// simService is a token-bucket rate limit in simulated time, like the
// sandbox's (internal/sandbox/ratelimit.go): Retry-After is the wait for
// the next token in whole seconds, and with quotaFields every answer,
// accepted or refused, carries the IETF fields the sandbox's -rate-headers
// sends (RateLimit-Policy q=burst;w=burst÷rate, RateLimit r=the whole
// tokens left;t=the whole seconds, rounded up, until the bucket is full),
// read by the client's own parser.
type simService struct {
	bucket      *rate.Limiter
	rate        float64
	burst       int
	quotaFields bool
	// window, when set, makes the quota a fixed window instead: burst
	// requests in each window from start, restored whole at its end.
	window time.Duration
	start  time.Time
	used   int   // requests accepted in the window under way
	index  int64 // which window that is
}

func (s *simService) answer(at time.Time) answer {
	if s.window > 0 {
		return s.windowAnswer(at)
	}
	var a answer
	if s.bucket.AllowN(at, 1) {
		a.status = http.StatusOK
	} else {
		missing := 1 - s.bucket.TokensAt(at)
		a.status, a.retryAfter = http.StatusTooManyRequests, time.Duration(math.Max(1, math.Ceil(missing/s.rate)))*time.Second
	}
	if s.quotaFields {
		tokens := s.bucket.TokensAt(at)
		h := http.Header{}
		h.Set("RateLimit-Policy", fmt.Sprintf(`"credential";q=%d;w=%d`, s.burst, max(1, int(math.Ceil(float64(s.burst)/s.rate)))))
		h.Set("RateLimit", fmt.Sprintf(`"credential";r=%d;t=%d`, max(0, int(math.Floor(tokens))),
			int(math.Ceil(math.Max(0, float64(s.burst)-tokens)/s.rate))))
		a.quota = quotaLeft(h, at)
	}
	return a
}

// windowAnswer is answer for a fixed window: Retry-After and the reset
// are the whole seconds, rounded up, to the window's end.
func (s *simService) windowAnswer(at time.Time) answer {
	elapsed := at.Sub(s.start)
	if i := int64(elapsed / s.window); i != s.index {
		s.index, s.used = i, 0
	}
	reset := time.Duration(s.index+1)*s.window - elapsed
	resetSeconds := int(math.Ceil(reset.Seconds()))
	var a answer
	if s.used < s.burst {
		s.used++
		a.status = http.StatusOK
	} else {
		a.status, a.retryAfter = http.StatusTooManyRequests, time.Duration(max(1, resetSeconds))*time.Second
	}
	if s.quotaFields {
		h := http.Header{}
		h.Set("RateLimit-Policy", fmt.Sprintf(`"credential";q=%d;w=%d`, s.burst, int(s.window.Seconds())))
		h.Set("RateLimit", fmt.Sprintf(`"credential";r=%d;t=%d`, s.burst-s.used, resetSeconds))
		a.quota = quotaLeft(h, at)
	}
	return a
}

// simParams describe one simulated run: workers callers (Terraform's
// parallelism) send requests one after the other, think apart.
type simParams struct {
	requests, workers int
	rate              float64
	burst             int
	rtt, think        time.Duration
	quotaFields       bool
	// window, when set, makes the service's quota a fixed window of burst
	// requests (see simService.window).
	window time.Duration
}

// simEvent is something a worker does at a time.
type simEvent struct {
	at  time.Time
	seq int // keeps events of the same time in the order they were planned
	do  func()
}

// simQueue is the events planned, a heap by time (container/heap).
type simQueue []simEvent

func (q simQueue) Len() int { return len(q) }
func (q simQueue) Less(i, j int) bool {
	if c := q[i].at.Compare(q[j].at); c != 0 {
		return c < 0
	}
	return q[i].seq < q[j].seq
}
func (q simQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *simQueue) Push(e any) {
	if ev, ok := e.(simEvent); ok {
		*q = append(*q, ev)
	}
}
func (q *simQueue) Pop() any {
	old := *q
	e := old[len(old)-1]
	*q = old[:len(old)-1]
	return e
}

// simRun is what the simulations share: the simulated clock, the
// service, and the events planned, done in time order by run.
type simRun struct {
	start time.Time
	clock *testclock.Clock
	svc   *simService
	rtt   time.Duration
	queue simQueue
	seq   int
	// waiting holds, by throttle, the requests that wait for their turn.
	waiting map[*throttle][]*simWaiter
	// refused and accepted count the answers; refusedBlind the refusals
	// of a throttle that had no request through yet (see fleetResult),
	// through the throttles that had one.
	refused, accepted, refusedBlind int
	through                         map[*throttle]bool
}

func newSimRun(p simParams) *simRun {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	svc := &simService{bucket: rate.NewLimiter(rate.Limit(p.rate), p.burst), rate: p.rate, burst: p.burst, quotaFields: p.quotaFields,
		window: p.window, start: start}
	svc.bucket.AllowN(start, 0)
	return &simRun{start: start, clock: testclock.New(start), svc: svc, rtt: p.rtt, waiting: map[*throttle][]*simWaiter{},
		through: map[*throttle]bool{}}
}

// simThrottle is a throttle on the simulation's clock, drawing its jitter
// from rng.
func (s *simRun) simThrottle(rng func() float64) *throttle {
	th := newThrottle()
	th.now, th.rand = s.clock.Now, rng
	return th
}

// at plans do for time t.
func (s *simRun) at(t time.Time, do func()) {
	s.seq++
	heap.Push(&s.queue, simEvent{at: t, seq: s.seq, do: do})
}

// run does the planned events, and those they plan, until none is left.
func (s *simRun) run() {
	for s.queue.Len() > 0 {
		e, _ := heap.Pop(&s.queue).(simEvent)
		s.clock.Set(e.at)
		e.do()
	}
}

// call sends one request through th as throttleTransport does: it waits
// for its turn, th observes the answer, and a refused request takes its
// next turn at once, in its first attempt's place in the queue, not
// before the wait the service asked, and goes again, for at most bound since its first attempt was sent. done
// gets whether it went through.
func (s *simRun) call(th *throttle, bound time.Duration, done func(ok bool)) {
	var began time.Time // when the first attempt was sent, as throttleTransport counts
	var ticket int64    // the request's place in the queue, as throttleTransport keeps it
	var attempt func(notBefore time.Time)
	attempt = func(notBefore time.Time) {
		s.send(th, notBefore, &ticket, func(sentAt time.Time, a answer) {
			if began.IsZero() {
				began = sentAt
			}
			if a.status != http.StatusTooManyRequests {
				s.accepted++
				s.through[th] = true
				done(true)
				return
			}
			s.refused++
			if !s.through[th] {
				s.refusedBlind++
			}
			wait := th.refusalWait(a.retryAfter, time.Second)
			if s.clock.Now().Add(wait).Sub(began) > bound {
				done(false)
				return
			}
			attempt(s.clock.Now().Add(wait))
		})
	}
	attempt(time.Time{})
}

// send sends one attempt through th, following the same steps as
// throttle.wait: it waits for its turn (looking again when a change wakes
// it), and th observes the answer before answered gets it. It is not sent
// before after (a refused request's wait), but takes its turn at once.
func (s *simRun) send(th *throttle, after time.Time, ticket *int64, answered func(sentAt time.Time, a answer)) {
	w := &simWaiter{tn: th.reserveAfter(after, *ticket)}
	*ticket = w.tn.ticket
	w.woken = func() {
		if w.tn.waiting {
			// As throttle.wait: an answer came, or probeWait passed.
			w.gone = true
			s.send(th, after, ticket, answered)
			return
		}
		th.refresh(w.tn)
		w.look()
		s.wake(th)
	}
	w.look = func() {
		now := s.clock.Now()
		at, look := th.lookAt(w.tn, now)
		if now.Before(at) {
			w.plan(s, look)
			return
		}
		taken := th.take(w.tn, now)
		s.wake(th) // taking brings the rate up to date, which may give the turns anew
		if !taken {
			if w.tn.waiting {
				w.woken()
			} else {
				w.look() // a change moved the turn
			}
			return
		}
		w.gone = true
		sentAt := now
		a := s.svc.answer(sentAt.Add(s.rtt / 2))
		s.at(sentAt.Add(s.rtt), func() {
			th.observe(sentAt, a)
			s.wake(th)
			answered(sentAt, a)
		})
	}
	s.waiting[th] = append(s.waiting[th], w)
	w.look()
	s.wake(th)
}

// simWaiter is a request waiting for its turn.
type simWaiter struct {
	tn   *turn
	gone bool // sent, or gone to ask again
	// plan counts the looks planned: only the last one planned is done.
	planned int
	// look is throttle.sleepUntil's look at the turn, woken what it does
	// after a sleep.
	look, woken func()
}

// plan has w wake at t, in place of what was planned before.
func (w *simWaiter) plan(s *simRun, t time.Time) {
	w.planned++
	n := w.planned
	s.at(t, func() {
		if !w.gone && w.planned == n {
			w.woken()
		}
	})
}

// wake does for the requests waiting at th what closing their wake
// channel does to throttle.sleepUntil: they wake now.
func (s *simRun) wake(th *throttle) {
	var keep []*simWaiter
	for _, w := range s.waiting[th] {
		switch {
		case w.gone:
		case isClosed(w.tn.wake):
			w.plan(s, s.clock.Now())
			keep = append(keep, w)
		default:
			keep = append(keep, w)
		}
	}
	s.waiting[th] = keep
}

func isClosed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// The case: 200 payment methods (400 requests) at parallelism 10
// through 20 requests a second, with and without quota fields: one process
// keeps the service's pace with few refusals. Simulated time: the test
// never waits.
func TestThrottleSimulatedApply(t *testing.T) {
	for _, quota := range []bool{false, true} {
		p := simParams{requests: 400, workers: 10, rate: 20, burst: 20, rtt: 2 * time.Millisecond, think: time.Millisecond, quotaFields: quota}
		median, worst, failed := fleetFigures(fleetParams{simParams: p, procs: 1}, 5)
		t.Logf("quota fields %v: median run %s; worst run %s", quota, median, worst)
		if worst.ratio > 1.10 || worst.refusedShare() > 0.05 || median.refusedShare() > 0.05 || failed > 0 {
			t.Errorf("quota fields %v: %.2f × the floor (worst run), %.1f%% refused (median), %d failed; want at most 1.10, 5%%, none",
				quota, worst.ratio, 100*median.refusedShare(), failed)
		}
	}
}
