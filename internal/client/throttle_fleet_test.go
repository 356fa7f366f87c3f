// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"math/rand/v2"
	"net/http"
	"slices"
	"testing"
	"time"
)

// fleetParams describe a simulated fleet: procs processes, each with its
// own throttle and workers callers, share requests (in all) and one
// service; process i starts at a random time within spread.
type fleetParams struct {
	simParams
	procs  int
	spread time.Duration
	seed   uint64
	// retries is how often one request may be repeated (MaxRetries).
	retries int
	// oneHost: the processes share one throttle, as on one machine.
	oneHost bool
}

type fleetResult struct {
	elapsed           time.Duration // the last process's end
	procElapsed       []time.Duration
	accepted, refused int
	failed            int // requests refused more than retries times
}

func (r fleetResult) refusedShare() float64 {
	return float64(r.refused) / float64(r.accepted+r.refused)
}

func simulateFleet(p fleetParams) fleetResult {
	s := newSimRun(p.simParams)
	rng := rand.New(rand.NewPCG(p.seed, 1))
	res := fleetResult{procElapsed: make([]time.Duration, p.procs)}
	var host *throttle
	for i := range p.procs {
		th := newThrottle()
		th.now = s.clock.Now
		th.rand = rng.Float64
		th.configure(0, p.adaptive, DefaultRetryWaitMax)
		if p.oneHost {
			if host == nil {
				host = th
			}
			th = host
		}
		share := p.requests / p.procs
		if i < p.requests%p.procs {
			share++
		}
		offset := time.Duration(rng.Float64() * float64(p.spread))
		started := 0
		var next func()
		var attempt func(tries int)
		attempt = func(tries int) {
			s.send(th, func(status int, retryAfter time.Duration) {
				if status == http.StatusTooManyRequests {
					res.refused++
					if tries >= p.retries {
						res.failed++
						next()
						return
					}
					s.at(s.clock.Now().Add(retryAfter), func() { attempt(tries + 1) })
					return
				}
				res.accepted++
				res.procElapsed[i] = s.elapsed()
				next()
			})
		}
		next = func() {
			if started < share {
				started++
				s.at(s.clock.Now().Add(p.think), func() { attempt(0) })
			}
		}
		for range min(p.workers, share) {
			started++
			s.at(s.start.Add(offset), func() { attempt(0) })
		}
	}
	s.run()
	res.elapsed = slices.Max(res.procElapsed)
	return res
}

// A fleet of processes with one credential, 400 requests through 20 a
// second, the processes starting within a second of each other (as
// terraform processes started together do). On one machine the processes
// share their throttle and finish as one client would: within 1.15 times
// the floor, with at most 5% refused and no request failing. Spread over
// machines, each process learns alone; the test only reports that case
// (the guide "Managing many merchants" says what to set then). Simulated
// time: the test never waits.
func TestThrottleSimulatedFleet(t *testing.T) {
	base := simParams{requests: 400, workers: 10, rate: 20, burst: 20, rtt: 2 * time.Millisecond, think: 3 * time.Millisecond, adaptive: true}
	floor := time.Duration(float64(base.requests) / base.rate * float64(time.Second))
	for _, oneHost := range []bool{true, false} {
		for _, procs := range []int{1, 4, 8} {
			var worstRatio, worstShare float64
			failed := 0
			for seed := range uint64(5) {
				r := simulateFleet(fleetParams{simParams: base, procs: procs, spread: time.Second, seed: seed, retries: 4, oneHost: oneHost})
				worstRatio = max(worstRatio, r.elapsed.Seconds()/floor.Seconds())
				worstShare = max(worstShare, r.refusedShare())
				failed += r.failed
			}
			t.Logf("one machine %v, %d processes: worst time %.2f × the floor, %.1f%% refused, %d failed", oneHost, procs, worstRatio, 100*worstShare, failed)
			if oneHost && (worstRatio > 1.15 || worstShare > 0.05 || failed > 0) {
				t.Errorf("%d processes on one machine: %.2f × the floor, %.1f%% refused, %d failed; want at most 1.15, 5%%, none",
					procs, worstRatio, 100*worstShare, failed)
			}
		}
	}
}
