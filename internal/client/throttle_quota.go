// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"math"
	"time"
)

// Pacing a fleet by the service's quota fields (ratelimit_headers.go).
// Every process of a fleet that shares a credential reads, on each of its
// own answers, what remains of the quota they all spend. The level alone
// says little (a quota in full use reads low on every answer, whether the
// fleet is two processes or five hundred); its trend between two of a
// process's answers says how fast the whole fleet spends: the quota comes
// back at q/w a second (RateLimit-Policy; a token bucket refills so), and
// whatever it fell by beyond that, the fleet spent. A fixed window, given
// anew whole at its end, gives nothing back while it lasts: what the
// level fell by, the fleet spent (see observeWindow). Each process then
// scales its own rate by what the quota allows over what the fleet
// spends: a correction every process applies alike, so the fleet's total
// converges on the quota in a step or two whatever its size, and nobody
// has to probe past it. A small pull towards half the quota left keeps
// room for the fleet's bursts and for a process that starts late (its
// first request then goes through and reads the fields). The constants
// were chosen with the fleet simulations of throttle_fleet_test.go;
// BENCHMARKS.md has the figures.
const (
	// quotaSetpoint is the share of the quota the fleet aims to leave
	// unspent: a refusal comes only when a burst of the fleet spends it
	// all. Half kept 512 processes under 2% refused in the simulation; a
	// fifth let the bursts of 128 run it out.
	quotaSetpoint = 0.5
	// quotaLevelGain is how strongly the level pulls: with the quota whole
	// the fleet aims at 1 + quotaLevelGain·(1 − quotaSetpoint) times the
	// quota's rate, with none left at 1 − quotaLevelGain·quotaSetpoint.
	quotaLevelGain = 0.5
	// quotaTrendTokens: the trend is measured over at least the time the
	// quota takes to bring back this many requests, so that the fields'
	// whole numbers (a request more or less) move it by a twentieth at
	// most.
	quotaTrendTokens = 20
	// quotaSettle is the time over which a process applies a whole
	// correction: one that comes sooner (a process that reads the fields
	// often) applies its share of it. Shorter made eight processes swing
	// around the quota; longer left the fleet of 512 slow to take up what
	// finished processes leave.
	quotaSettle = 2 * time.Second
	// quotaMaxStep bounds one correction either way, and what one answer
	// changes in all (see read).
	quotaMaxStep = 4
	// quotaWholeDoubling: an answer that finds the quota whole (all but
	// the request it answers) says the fleet leaves some unused, by how
	// much the trend cannot tell; the rate then doubles for each such
	// span since the last answer (at most quotaMaxStep times), so a
	// process alone climbs to the quota's rate within a second or two.
	quotaWholeDoubling = 500 * time.Millisecond
	// quotaStartRange: a process's first reading sets its rate from the
	// level: 2^-quotaWholeStart of the quota's rate when it is whole (see
	// below), 2^-quotaStartRange of it when none is left (a fleet already
	// spends it all), in between on a log scale. One reading cannot tell
	// a fleet that spends the quota all the time from one whose first
	// applies spent it a moment ago, and the next turn comes at a random
	// part of the period: with 2^-9 (a period
	// of 25.6 s at 20 requests a second), 32 short applies of 12 requests
	// each, as in the bench, whose plans read the quota the first applies
	// had drained, waited up to 25 s for their next reading while the
	// quota stood whole (2.8 to 3.1 × the floor with 0.3 to 1 s between
	// plan and apply); with 2^-7, 1.04 to 1.19 × for gaps of 0.3 to 3 s
	// (1.04 and 1.21 × in TestThrottleSimulatedTerraformFleet's rows of
	// 400 requests).
	// It costs the crowded fleets their start: 128 processes 2.2% refused
	// instead of 1.9%, 512 7.9% instead of 6.9% (slowest ÷ mean at 128 and
	// of 32 processes 0.6 s after their plans: 1.33 and 1.21, from 1.39).
	// Between 7 and 7.5 the fleet of 32 falls off a cliff (3.0 × at 7.5).
	quotaStartRange = 7
	// quotaWholeStart: a first reading that finds the quota whole cannot
	// tell a process alone from the first of a fleet started together,
	// and at the quota's rate the first few of 32 spent the room the
	// others' first requests needed. In the simulation of the bench's
	// fleet (400 requests over 32 processes, each plan 0.6 or 1.4 s before
	// its apply; 15 runs) 2.5 and 3.6% were refused at 1.04 and 1.21 ×
	// the floor; starting at an eighth, 0.2 and 0.0% at 1.07 and 1.10 ×
	// (a quarter: 1.1 and 0.5%; a sixteenth: none, but 1.13 and 1.27 ×).
	// In `make bench`'s fleet of 32 apart (three runs each, taking turns)
	// 2.3 to 3.9% were refused, now 0.0 to 1.1%, in the same 28.6 to
	// 30.6 s. A process alone is at the quota's rate within 1.5 s (each
	// answer that finds it whole doubles the rate: quotaWholeDoubling);
	// its 400 requests take 1.03 × the floor instead of 1.00. The crowded
	// starts, spent in blind first requests, barely move: 128 processes
	// (45 runs) 2.05% refused (2.22), 512 (9 runs) 8.2% (7.9).
	quotaWholeStart = 3
	// quotaPull: each answer also pulls the rate, on a log scale, this
	// share of the way towards a rate set by the level alone: the same for
	// every process that reads the same level, so that the processes'
	// rates draw together however unequally they began. A twentieth left
	// 32 processes at 1.3 × the floor, slowest ÷ mean 2; 0.3 at 1.00 and
	// 1.4 (per second instead of per answer: 1.6 at 8). Once a process no
	// longer took a burst of its own (see throttleState.burst), 0.4 took
	// slowest ÷ mean at 32 processes from 1.31 to 1.23 and at 128 from
	// 1.39 to 1.35, 512 from 6.3 to 6.5% refused, and the fleet that
	// doubles from 1.39 to 1.40.
	quotaPull = 0.4
	// quotaPullRange: the rate the level pulls to is the quota's when it is
	// whole and 2^-quotaPullRange of it when none is left. Where the pull
	// and the trend balance, a fleet of N holds the level about where that
	// rate is 1/N of the quota's: with a range of 9, a fleet of 512
	// sat at an empty quota and was refused 11.8% of the time; with 12 it
	// keeps a quarter of the quota (4.7%), 128 processes 1.7% (3.4%).
	quotaPullRange = 12
	// quotaMinShare: the slowest a process gets, as a share of the quota's
	// rate: half one process's share in a fleet of 512. A process pulled
	// lower reads the fields too seldom to see the others finish (at
	// 1/4096, one answer in 200 s), and the fleet waits for it: in the
	// simulation 1/1024 took 128 processes (15 runs) from 1.14 to 1.05 ×
	// the floor, slowest ÷ mean 1.50 to 1.39, and 512 (3 runs) from 1.12
	// to 1.03 ×, 1.41 to 1.18, but from 5.0 to 6.3% refused; 1/2048 gave
	// 1.13 × and 1.50 at 128, and in 9 runs 1.06 ×, 1.29 and 5.4% at 512.
	quotaMinShare = 1.0 / 1024
	// quotaHorizon: under a quota whose window is longer than this (a
	// fixed window, or a bucket that takes this long to refill), while
	// more than half of it is left, the fleet may spend what is left
	// within this long, and a first reading starts from that rate: what a
	// window leaves unspent is lost at its end, a bucket's top half comes
	// back, and a run that needs little of an hour's quota need not spread
	// its requests over the hour.
	quotaHorizon = 10 * time.Second
)

// quotaPace is what a process learned from the quota fields: everything
// but a quota of its own is shared by the processes of one machine, like
// the rest of throttleState.
type quotaPace struct {
	// limit is the largest quota the fields named (at least the largest
	// remaining), window the time it is given for: the policy's, or else
	// the longest reset read (a drained token bucket's reset is its
	// window).
	limit  int64
	window time.Duration
	// rate is the pace of this process (or machine), 0 until a first
	// reading.
	rate float64
	// lastSent is when the request of the newest reading was sent: an
	// answer to a request sent before it is older news.
	lastSent int64
	// The trend is measured from the reading at anchorAt, which left
	// anchorLeft; updated is when the rate was last corrected; cutAt when
	// a refusal last cut it; grown when the last answer was read.
	anchorAt, updated, cutAt, grown int64
	anchorLeft                      int64
	// A fixed window (see observeWindow): windowEnd is the reset the
	// reading at windowSince named (its time plus its reset), lastLeft the
	// newest reading's level; fixed once the readings showed a window.
	windowEnd, windowSince, lastLeft int64
	fixed                            bool
	// ceiling is the fastest a long quota lets the fleet spend (see
	// quotaHorizon); 0 for any other quota.
	ceiling float64
}

// allowed is the quota's rate, requests per second.
func (p *quotaPace) allowed() float64 {
	return float64(p.limit) / max(p.window, time.Second).Seconds()
}

// quota learns from an answer read at now to a request sent at sentAt:
// its quota fields (q.ok false: none) and whether it was refused; jitter
// is in [0, 1).
func (st *throttleState) quota(now, sentAt int64, q quotaFields, refused bool, jitter float64) {
	p := &st.fleet
	first := p.rate == 0
	if q.ok && sentAt >= p.lastSent {
		p.read(now, sentAt, q)
	}
	cut := refused && sentAt > p.cutAt && !first
	if cut {
		// Sent after the last cut and refused all the same: a burst
		// of the fleet spent the room the level kept.
		p.rate *= throttleBeta
		p.cutAt = now
	}
	if p.rate == 0 {
		return
	}
	p.rate = min(max(p.rate, quotaMinShare*p.allowed()), max(p.allowed(), p.ceiling))
	st.pace(now)
	if first || cut {
		// Processes that read the fields together (a fleet started at
		// once, or refused by one burst) would otherwise come back
		// together, one period of their rate later: each waits a random
		// part of its period first, so the fleet's requests spread.
		st.epoch++
		st.epochRate = p.rate
		st.bucket.restart(now)
		st.bucket.tokens = -jitter
	}
}

// observeWindow looks for a fixed window in a reading at now (a quota
// given anew at the end of each window, not refilled as it is spent), and
// tells whether the reading is the first of a new window once one was
// seen. A token bucket's reset (when it is whole again) moves on with
// time unless its level rises; a fixed window's stays put while the level
// falls, and jumps a window ahead when the quota is restored. Resets are
// in whole seconds, so a window of a second looks like a bucket.
func (p *quotaPace) observeWindow(now int64, q quotaFields) bool {
	rose := q.remaining > p.lastLeft
	p.lastLeft = q.remaining
	if q.reset <= 0 {
		return false
	}
	end := now + int64(q.reset)
	if !rose && end-p.windowEnd < int64(time.Second) && p.windowEnd-end < int64(time.Second) {
		if now-p.windowSince >= int64(2*time.Second) {
			p.fixed = true
		}
		return false
	}
	p.windowEnd, p.windowSince = end, now
	return p.fixed
}

// read takes in the fields of the newest answer.
func (p *quotaPace) read(now, sentAt int64, q quotaFields) {
	p.lastSent = sentAt
	p.limit = max(p.limit, q.limit, q.remaining, 1)
	if q.window > 0 {
		p.window = q.window
	} else {
		p.window = max(p.window, q.reset)
	}
	allowed, left, limit := p.allowed(), float64(q.remaining), float64(p.limit)
	newWindow := p.observeWindow(now, q)
	// How far the level is from whole (all but the request read); under a
	// fixed window, from the share of the quota a bucket would hold with
	// as long to go to the reset.
	short := max(1-left/(limit-1), 0)
	p.ceiling = 0
	if p.fixed {
		short = max(1-left/(limit*min(q.reset.Seconds()/max(p.window, time.Second).Seconds(), 1)), 0)
	}
	if p.window > quotaHorizon && left > limit/2 {
		p.ceiling = max(allowed, left/quotaHorizon.Seconds())
	}
	top := max(allowed, p.ceiling) // the rate a whole level pulls to
	if p.rate == 0 {
		p.rate = top * math.Exp2(-quotaWholeStart*(1-short)-quotaStartRange*short)
		p.anchorAt, p.anchorLeft, p.updated, p.grown = now, q.remaining, now, now
		return
	}
	// One answer moves the rate by at most quotaMaxStep either way: a
	// reading taken in a burst of the fleet (the applies of terraform runs
	// started together) found the quota empty, and the trend and the
	// level's pull together took a process from 7.5 to 0.3 requests a
	// second at once; its next turns then came a minute apart while the
	// others finished (32 processes in `make bench`: 2.1 × the floor,
	// slowest ÷ mean 2.3; with the bound 1.3 and 1.3). In the simulation
	// it cost 32 processes slowest ÷ mean 1.27 (1.23), 128 1.39 (1.35)
	// and 512 6.9% refused (6.5%).
	before := p.rate
	defer func() { p.rate = min(max(p.rate, before/quotaMaxStep), before*quotaMaxStep) }()
	if newWindow {
		p.anchorAt, p.anchorLeft, p.updated = now, q.remaining, now
	}
	if span := time.Duration(now - p.anchorAt).Seconds(); span >= quotaTrendTokens/top {
		spent := allowed - (left-float64(p.anchorLeft))/span
		target := max(allowed*(1+quotaLevelGain*(left/limit-quotaSetpoint)), p.ceiling)
		if p.fixed {
			// Within one window nothing is given back: what the level
			// fell by, the fleet spent, and it may spend what is left
			// until the reset (early in a long window, sooner).
			spent, target = (float64(p.anchorLeft)-left)/span, max(left/max(q.reset.Seconds(), 1), p.ceiling)
		}
		c := min(max(target/max(spent, 1e-9), 1.0/quotaMaxStep), quotaMaxStep)
		share := min(time.Duration(now-p.updated).Seconds()/quotaSettle.Seconds(), 1)
		p.rate *= math.Pow(c, share)
		p.anchorAt, p.anchorLeft, p.updated = now, q.remaining, now
	}
	p.rate = math.Pow(p.rate, 1-quotaPull) * math.Pow(top*math.Exp2(-quotaPullRange*short), quotaPull)
	if q.remaining >= p.limit-1 {
		p.rate *= min(math.Exp2(time.Duration(now-p.grown).Seconds()/quotaWholeDoubling.Seconds()), quotaMaxStep)
	}
	p.grown = now
}
