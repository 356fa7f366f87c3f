// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"math"
	"time"
)

// What the throttle learns, and how: see the package doc (Rate limits).
// The constants were chosen with the fleet simulations of
// throttle_fleet_test.go (fake clock) and checked with the bench's fleet
// scenario; BENCHMARKS.md has the figures.
const (
	// throttleBeta is the share of the rate kept at a refusal, as in TCP
	// Reno. CUBIC (RFC 9438) and the AWS SDKs keep 0.7; with 0.5 the
	// processes of a fleet probe half as often for the same growth, which
	// in the simulation of eight processes sharing 20 requests/s (61
	// seeds) took the refused share from 7.2% to 7.0% and the median time
	// from 1.08 to 1.05 × the floor, and a process alone still keeps
	// 1.01 × (it meets the limit once, at the start).
	throttleBeta = 0.5
	// throttleC is CUBIC's scaling constant in requests/s per s³: how fast
	// the rate grows back to the rate of the last refusal, and beyond. A
	// share of 2.5 requests/s is back at its plateau 3.4 s after a cut. In
	// the simulation 0.02 to 0.05 differ by less than the noise between
	// seeds (1.05 to 1.12 × the floor, 6 to 10% refused); 0.01 leaves a
	// fleet's last process crawling, 0.1 refuses 13% or more.
	throttleC = 0.03
	// In a crowded fleet the curve above, tuned for a few processes,
	// brings each process back to its plateau within a few of its own
	// requests, and every return is a refusal: 16 processes sharing 20
	// requests/s were refused 15% of the time, 32 30%, 128 67%. Once the
	// credential's refused share (see throttleState.refusedShare) passes
	// fleetShareFrom, the time back to the plateau is at least
	// fleetRecovery ÷ plateau^fleetRecoveryExp seconds (plateau in
	// requests/s), in full from fleetShareFull on: 8 s at 1 request/s,
	// 35 s at a share of 0.16 (128 processes), so each process is refused
	// about once per a few of its own requests whatever the fleet's size,
	// and a process alone, refused rarely, keeps the fast curve. An
	// exponent of 1 (back in a fixed number of own requests) keeps the
	// processes' rates apart forever, and the last one crawls; 0.8 still
	// draws them together. In the simulation this took the refused share
	// at 16, 32 and 128 processes to 10.9, 15.2 and 24.3%, at 1.32, 1.35
	// and 1.31 × the floor (1.05 before; BENCHMARKS.md, Reading): slower
	// recovery moved every size along the same line, fewer refusals for
	// more time. With the turns given anew in queue order (throttle.regive),
	// fleetShareFrom at 10% instead of 7% took 16, 32 and 128 processes
	// (15 runs each) from 10.6, 15.2 and 24.3% refused to 10.0, 14.3 and
	// 23.7%, at 1.30, 1.27 and 1.34 × the floor (1.26, 1.29 and 1.34);
	// at 12%, 9.3, 13.6 and 23.5%, but 8 processes took 1.39 × (1.29).
	// Before that order, 10% left a request of 512 processes refused for
	// ten minutes.
	fleetRecovery    = 8.0
	fleetRecoveryExp = 0.8
	// fleetRecoveryMax bounds that time, in seconds. Refused again and
	// again before its plateau, each cut lowering the plateau (see
	// refused), a process of a crowded fleet falls to the least rate,
	// where the curve took 90 to 135 s back, and the fleet waited for it
	// at the end. With the bound, 128 processes (45 runs) took 1.23 × the
	// floor with 23.9% refused (1.34 × and 23.8% without), 512 (3 runs)
	// 1.08 × with 43.8% (1.09 × and 40.3%); fleets of 8 to 32 never reach
	// it. At 60 s, 1.22 × and 24.4% refused at 128; at 80 s, 1.29 × and
	// 23.8%.
	fleetRecoveryMax = 70.0
	fleetShareFrom   = 0.10
	fleetShareFull   = 0.14
	// refusedShareWeight is the weight of each answer in the running
	// refused share: about the last 30 answers count. The share starts at
	// fleetShareFrom, so that the first refusals of a fleet, whose
	// processes have few answers each, open the crowded curve at once.
	refusedShareWeight = 1.0 / 32
	refusedShareStart  = fleetShareFrom
	// throttleFade: after throttleFade times the time the curve took to its
	// plateau without another refusal, the memory of the refusal fades and
	// the rate doubles every throttleDoubling, so that a process takes up
	// what others leave when they end within seconds instead of the tens
	// of seconds the cubic curve takes from a small plateau (median 1.09
	// to 1.05 × the floor, same refused share).
	throttleFade     = 1.5
	throttleDoubling = 2 * time.Second
	// throttleJitter is the largest share by which each cut draws its
	// curve's scale above or below the constant, and by which a quota's
	// rate is drawn, so that processes cut together do not probe in step.
	throttleJitter = 0.25
	// throttleTurnJitter: a turn more than a second of the rate apart
	// (rates under one request a second) goes up to this share of the
	// period later at random. Processes paced alike otherwise fall into
	// step, and the service refuses the same ones at every period: in the
	// simulation of 512 processes without quota fields, 465 requests were
	// refused for ten minutes without it, 30 with it. Faster turns are
	// exact: at the quota's own rate any delay is lost time.
	throttleTurnJitter      = 0.25
	throttleTurnJitterBelow = 1.0
	// throttleForget is the rate, in requests/s, at which the memory of
	// the last refusal is gone: nothing a Terraform run sends comes near
	// it, so the throttle stops pacing.
	throttleForget = 1000
	// throttleMinRate is the slowest the throttle gets, in requests per
	// second, so that a bad estimate cannot stall a run; low enough for
	// a hundred processes to share 20 requests a second.
	throttleMinRate = 0.05
	// throttleFirstRate is the least rate a first refusal teaches: one
	// request a second, when almost nothing went through before it.
	throttleFirstRate = 1.0
	// throttleBurst is the pacing bucket's size in seconds of the rate
	// (at least one request): what a process may send at once after a
	// quiet spell. Not while paced by the quota fields (see burst).
	throttleBurst = 0.5
	// throttleRaise is how far the rate in force must rise above the rate
	// of the epoch for the turns to be given anew (see pace).
	throttleRaise = 1.25
	// throttlePauseJitter is the largest share of a wait the service
	// asked for that is added to it at random, so that clients told to
	// come back at the same moment do not.
	throttlePauseJitter = 0.2
	// probeWait is how long a request waits for an answer (see
	// throttle.mustWait) before it looks again; the answer wakes it sooner.
	probeWait = 100 * time.Millisecond
	// maxWindow is where slow start in requests on their way ends (see
	// throttle.mustWait): more than Terraform's parallelism sends at once.
	maxWindow = 64
	// windowStep is how often the window may grow by one: an answer from
	// a service nearby comes back within a millisecond or two, far sooner
	// than its allowance refills.
	windowStep = 50 * time.Millisecond
)

// throttleState is the learned part of a throttle: everything the
// processes of one machine share (throttle_share.go). Times are
// wall-clock Unix nanoseconds, which every process of the machine reads
// alike.
type throttleState struct {
	// bucket paces the requests at the rate in force; rate 0 limits
	// nothing.
	bucket bucket

	// The curve of the last refusal: the rate grows from rate0 at cutAt
	// along wmax + c·(t−k)³ (CUBIC), concave up to wmax at k seconds and
	// convex beyond, and from throttleFade·k on doubles every
	// throttleDoubling. rate0 is 0 while nothing was refused (or the
	// memory of it is gone).
	rate0, wmax, c, k float64
	cutAt             int64
	// epoch counts the cuts, pauses and rises of the rate: a turn given in
	// an earlier epoch is void and given anew (see throttle.regive);
	// epochRate is the rate at the start of the epoch.
	epoch     int64
	epochRate float64
	accepted  meter
	// refusedShare is a running share of the refusals among the answers
	// (see refusedShareWeight). Every process of a fleet meets the same
	// service, so it is about the same for all: it tells a crowded fleet
	// from a process alone.
	refusedShare float64

	// fleet paces the process by the quota fields, where the service
	// sends them (throttle_quota.go); the curve is then left alone.
	fleet quotaPace
}

// curveRate is the rate of the curve at now; 0 when none is in force.
func (st *throttleState) curveRate(now int64) float64 {
	if st.rate0 == 0 {
		return 0
	}
	rate := st.curveAt(now)
	if rate >= throttleForget {
		st.rate0 = 0
		return 0
	}
	return max(rate, throttleMinRate)
}

// curveAt is the curve's value at now, which may pass throttleForget;
// rate0 is not 0.
func (st *throttleState) curveAt(now int64) float64 {
	x := time.Duration(now - st.cutAt).Seconds()
	d := x - st.k
	rate := st.wmax + st.c*d*d*d
	if faded := x - throttleFade*st.k; faded > 0 {
		rate = max(rate, st.wmax*math.Exp2(faded/throttleDoubling.Seconds()))
	}
	return rate
}

// rate is the rate in force at now, 0 for none: the quota's pace where
// the service sends quota fields, else the curve's.
func (st *throttleState) rate(now int64) float64 {
	if st.fleet.rate > 0 {
		return st.fleet.rate
	}
	return st.curveRate(now)
}

// riseAt is the first time in (now, until] at which the rate in force
// will have risen enough above the epoch's to give the turns anew (see
// pace), or until when it will not: a request that waits for its turn
// looks again then, so that a rate that rises along the curve while every
// request waits takes effect when it rises, not at the next answer.
func (st *throttleState) riseAt(now, until int64) int64 {
	if st.rate0 == 0 || st.fleet.rate > 0 || st.epochRate == 0 || until <= now {
		return until
	}
	target := st.epochRate * throttleRaise
	if st.curveAt(until) < target {
		return until
	}
	lo, hi := now, until // the curve is below target at lo, at or above at hi
	for hi-lo > int64(time.Millisecond) {
		mid := lo + (hi-lo)/2
		if st.curveAt(mid) < target {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// pace sets the bucket to the rate in force. When that rate has moved well
// away from the rate of the epoch, the turns given at the old rate are void
// and given anew: requests queued behind a slow rate would otherwise keep
// their late turns, and the rise would take effect only once they went
// (and after a fall, turns given at the faster rate would go too soon).
func (st *throttleState) pace(now int64) {
	rate := st.rate(now)
	if st.epochRate == 0 {
		st.epochRate = rate
	}
	if st.epochRate > 0 && (rate == 0 || rate >= st.epochRate*throttleRaise || rate <= st.epochRate/throttleRaise) {
		st.epoch++
		st.epochRate = rate
		st.bucket.forgive(now)
	}
	st.bucket.set(now, rate, st.burst(rate))
}

// burst is the pacing bucket's size at rate: throttleBurst seconds of it,
// at least one request; one request while the quota fields set the pace.
// The quota's own room for bursts is the whole fleet's, and a process that
// took a burst of its own out of it after a quiet spell took it with the
// others: terraform runs started together come back together from their
// plans to their applies, each at the pace its plan's one reading set, and
// the answers to that burst, all reading an empty quota, pulled every
// pace down to its least (8 processes on separate machines took 1.35 ×
// the floor in `make bench`, one of them waiting a minute for its turn;
// TestThrottleSimulatedTerraformFleet). Paced evenly, a process that still
// goes too fast reads so within a request or two.
func (st *throttleState) burst(rate float64) float64 {
	if st.fleet.rate > 0 {
		return 1
	}
	return max(1, math.Floor(rate*throttleBurst))
}

// refused learns from a refusal (a 429) answered at now to a request
// sent at sentAt; jitter is in [0, 1). A request sent before the last cut
// was sent too fast already and teaches nothing new. Otherwise the rate is
// cut to β times the rate in force; the first time, β times what went
// through in the last second (at least throttleFirstRate). With fast
// convergence (RFC 9438, 4.7) a cut below the last plateau lowers the
// plateau further, so that a process that had more than its share gives
// some up to the others.
func (st *throttleState) refused(now, sentAt int64, jitter float64) {
	if sentAt <= st.cutAt {
		return
	}
	w := st.curveRate(now)
	if w == 0 {
		w = max(float64(st.accepted.countSince(now-int64(time.Second), now)), throttleFirstRate)
		st.wmax = w
	}
	if w < st.wmax {
		st.wmax = w * (1 + throttleBeta) / 2
	} else {
		st.wmax = w
	}
	st.rate0 = max(throttleBeta*w, throttleMinRate)
	st.recovery(1 + throttleJitter*(2*jitter-1))
	st.cutAt = now
	st.epoch++
	st.epochRate = st.rate0
	// The service has no room left, and neither have we: the bucket starts
	// empty and out of debt (the turns given at the old rate are void).
	st.pace(now)
	st.bucket.restart(now)
}

// recovery sets how long the curve takes back to its plateau: CUBIC's
// time at throttleC, or in a crowded fleet (see fleetRecovery) the longer
// time its share allows, at most fleetRecoveryMax; scale draws it at
// random around that.
func (st *throttleState) recovery(scale float64) {
	drop := max(st.wmax-st.rate0, 0)
	st.c = throttleC * scale
	st.k = math.Cbrt(drop / st.c)
	crowded := min(max((st.refusedShare-fleetShareFrom)/(fleetShareFull-fleetShareFrom), 0), 1)
	k := min(crowded*scale*fleetRecovery/math.Pow(st.wmax, fleetRecoveryExp), scale*fleetRecoveryMax)
	if k > st.k {
		st.k = k
		st.c = drop / (k * k * k)
	}
}

// answered counts an answer in the running refused share.
func (st *throttleState) answered(refused bool) {
	share := 0.0
	if refused {
		share = 1
	}
	st.refusedShare += refusedShareWeight * (share - st.refusedShare)
}

// bucket is a token bucket in wall-clock nanoseconds, like
// golang.org/x/time/rate's Limiter but plain data, so that processes can
// share it through a file. A rate of 0 limits nothing.
type bucket struct {
	rate, burst, tokens float64
	last                int64 // when tokens was last brought up to date
}

// advance brings the tokens up to now (never back in time).
func (b *bucket) advance(now int64) {
	if now > b.last {
		b.tokens = min(b.burst, b.tokens+b.rate*time.Duration(now-b.last).Seconds())
		b.last = now
	}
}

// set changes the rate and burst at now, keeping the tokens (at most the
// new burst); a bucket that limited nothing starts full.
func (b *bucket) set(now int64, rate, burst float64) {
	if b.rate == 0 {
		b.tokens, b.last = burst, max(b.last, now)
	} else {
		b.advance(now)
	}
	b.rate, b.burst = rate, burst
	b.tokens = min(b.tokens, burst)
}

// reserve takes a token at now and returns when it is there: now, or
// later when the bucket is in debt.
func (b *bucket) reserve(now int64) int64 {
	if b.rate <= 0 {
		return now
	}
	b.advance(now)
	at := max(now, b.last)
	b.tokens--
	if b.tokens >= 0 {
		return at
	}
	return at + int64(-b.tokens/b.rate*float64(time.Second))
}

// forgive brings the bucket up to now and forgives its debt, and the
// turns it gave for later: they are void (see throttleState.pace).
func (b *bucket) forgive(now int64) {
	b.advance(now)
	b.tokens, b.last = max(b.tokens, 0), now
}

// restart empties the bucket at now and forgives its debt, and the turns
// it gave for later.
func (b *bucket) restart(now int64) {
	b.tokens, b.last = 0, now
}

// meter counts accepted answers over the last second, in tenths.
type meter struct {
	slots [meterSlots]struct {
		index int64 // which tenth of a second since the epoch
		n     int64
	}
}

const meterSlots = 10

const meterSlot = 100 * time.Millisecond

func (m *meter) add(now int64) {
	i := now / int64(meterSlot)
	s := &m.slots[i%int64(len(m.slots))]
	if s.index != i {
		s.index, s.n = i, 0
	}
	s.n++
}

// countSince is the count from since (to the slot) to now, at most the
// meter's length back.
func (m *meter) countSince(since, now int64) int64 {
	first, last := since/int64(meterSlot), now/int64(meterSlot)
	var n int64
	for _, s := range m.slots {
		if s.index >= first && s.index <= last && last-s.index < int64(len(m.slots)) {
			n += s.n
		}
	}
	return n
}
