// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"cmp"
	"slices"
	"time"
)

// The queue of turns: each request's turn in the order it first asked,
// given anew in that order when the rate changes, and a refused request's
// next attempt kept in its first attempt's place.

// turn is when a request may go. A request that waits for an answer (see
// mustWait) has a turn that never comes. The other turns are queued (see
// throttle.queue) until taken or released, and a change of epoch gives
// them anew; at is then guarded by the throttle's mu.
type turn struct {
	at      time.Time
	waiting bool
	// wake is closed at the next change that may move the turn; only the
	// request's own goroutine reads and renews it.
	wake <-chan struct{}
	// slot is set when the turn counts as on its way (see mustWait); the
	// answer gives it back, or release when the request is not sent.
	slot bool
	// ticket is the turn's place in the queue (see reserveAfter); from
	// its notBefore, floorAt when the user's ceiling lets it go (Unix
	// nanoseconds): all hold when it is given anew.
	ticket, from, floorAt int64
}

// reserve takes the next turn.
func (t *throttle) reserve() *turn { return t.reserveAfter(time.Time{}, 0) }

// reserveAfter takes a turn not before notBefore, in the queue's order by
// ticket: a request's first turn takes a new ticket (ticket 0), behind
// every turn queued before it, and a refused request's next turn keeps the
// ticket of its first, so that it keeps its place ahead of the requests
// that asked after it.
func (t *throttle) reserveAfter(notBefore time.Time, ticket int64) *turn {
	t.mu.Lock()
	defer t.mu.Unlock()
	if ticket == 0 {
		t.tickets++
		ticket = t.tickets
	}
	tn := &turn{ticket: ticket}
	if !notBefore.IsZero() {
		tn.from = notBefore.UnixNano()
	}
	t.update(func(st *throttleState, now int64) {
		if t.mustWait(st, now) {
			tn.waiting, tn.at = true, time.Unix(0, max(now+int64(probeWait), tn.from))
			return
		}
		st.pace(now)
		t.regive(st, now) // the turns queued before come first
		tn.slot = true
		t.inFlight++
		tn.at = time.Unix(0, t.give(st, now, tn))
		t.enqueue(tn)
	})
	tn.wake = t.wakeChannelLocked()
	return tn
}

// enqueue puts tn, given a turn behind every queued one, in the queue by
// its ticket. Queued ahead of turns with later tickets (a refused request
// that goes again), it shares their times with them in ticket order:
// each takes the earliest left that is not before its notBefore. The
// bucket is left as it is, so the service's pace and the random delays
// of a cut (see throttleState.quota) hold.
func (t *throttle) enqueue(tn *turn) {
	i, _ := slices.BinarySearchFunc(t.queue, tn.ticket, func(q *turn, ticket int64) int { return cmp.Compare(q.ticket, ticket) })
	t.queue = slices.Insert(t.queue, i, tn)
	behind := t.queue[i:]
	if len(behind) == 1 {
		return
	}
	slots := make([]int64, len(behind))
	for j, q := range behind {
		slots[j] = q.at.UnixNano()
	}
	slices.Sort(slots)
	for _, q := range behind {
		j, _ := slices.BinarySearch(slots, q.from)
		j = min(j, len(slots)-1)
		q.at = time.Unix(0, max(slots[j], q.from))
		slots = slices.Delete(slots, j, j+1)
	}
	t.wakeAll() // the turns behind moved
}

// give reserves a turn for tn in the bucket at now and returns when it
// comes: not before tn.from, nor before the user's ceiling lets it go
// (its turn under the ceiling is taken the first time, and kept).
func (t *throttle) give(st *throttleState, now int64, tn *turn) int64 {
	at := st.bucket.reserve(max(now, tn.from))
	if rate := st.bucket.rate; rate > 0 && rate < throttleTurnJitterBelow && at > now {
		at += int64(throttleTurnJitter * t.rand() / rate * float64(time.Second)) // see throttleTurnJitter
	}
	if t.ceiling > 0 && tn.floorAt == 0 {
		tn.floorAt = t.floor.reserve(max(at, now))
	}
	return max(at, tn.floorAt)
}

// regive gives the queued turns anew, in the order they were first given,
// when a change of epoch voided them (see throttleState.pace): a request
// keeps its place in the queue whatever the order in which the requests
// wake. Given anew in the order they woke, some requests fell to the back
// again and again while others went.
func (t *throttle) regive(st *throttleState, now int64) {
	if st.epoch == t.queueEpoch {
		return
	}
	t.queueEpoch = st.epoch
	for _, tn := range t.queue {
		tn.at = time.Unix(0, t.give(st, now, tn))
	}
}

// dequeue takes tn out of the queue: it was sent, or will not be.
func (t *throttle) dequeue(tn *turn) {
	if i := slices.Index(t.queue, tn); i >= 0 {
		t.queue = slices.Delete(t.queue, i, i+1)
	}
}

// release gives back the place of a turn whose request was not sent.
func (t *throttle) release(tn *turn) {
	if !tn.slot {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.dequeue(tn)
	t.inFlight = max(t.inFlight-1, 0)
	t.wakeAll()
}
