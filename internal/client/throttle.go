// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"crypto/sha256"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"
)

// The throttle makes every request of one credential wait its turn under
// the rate the service allows, learned from its 429s (a CUBIC curve, as
// TCP and the AWS SDKs' adaptive retry mode use) and from the quota fields
// it may send (throttle_state.go), so that one refusal slows all callers
// instead of each caller meeting its own. Processes on one machine that
// use the same credential share one throttle through a file
// (throttle_share.go). See the package doc.

// throttle is shared by every request of one credential of one service in
// this process (see sharedThrottle), and through share by the processes of
// this machine. It is safe for concurrent use.
type throttle struct {
	now func() time.Time
	// sleep waits d, or less when wake is closed (nil: never); it fails
	// when ctx ends first.
	sleep func(ctx context.Context, d time.Duration, wake <-chan struct{}) error
	rand  func() float64 // in [0, 1), for jitter

	mu sync.Mutex
	// ceiling is the user's max requests per second (0 means none), kept
	// by this process alone: each process of a fleet has its own.
	ceiling float64
	floor   bucket // the ceiling's bucket
	// st is what the service taught, shared with the other processes of
	// the machine when share is set.
	st    throttleState
	share *stateFile
	// window is how many requests may be on their way at once while the
	// throttle paces nothing yet (see mustWait), inFlight how many are.
	window, inFlight int
	windowGrew       int64
	// wake is closed (and dropped) to wake the requests that wait for
	// their turn: see wakeAll.
	wake chan struct{}
	// queue holds the turns given and not yet taken or released, in the
	// order first given; queueEpoch is the epoch they were given in.
	queue      []*turn
	queueEpoch int64
	tickets    int64 // the last ticket given
	// baseURL and label name the service and the credential in the
	// usage summary; usage counts this process's requests.
	baseURL, label string
	usage          Usage
}

func newThrottle() *throttle {
	th := &throttle{now: time.Now, sleep: sleepContext, rand: rand.Float64, window: 1}
	th.st.refusedShare = refusedShareStart
	return th
}

// configure sets the user's ceiling (0 for none). What was learned is kept.
func (t *throttle) configure(ceiling float64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.ceiling = ceiling
	t.floor.set(t.now().UnixNano(), ceiling, 1)
}

// update runs f on the state under the process's lock and, when shared,
// the machine's: the state is read from the file first and written back
// after. A file that cannot be used leaves the process on its own state.
// A change of epoch gives the queued turns anew (see regive) and wakes
// the requests that wait for them.
func (t *throttle) update(f func(st *throttleState, now int64)) {
	epoch := t.st.epoch
	defer func() {
		if t.st.epoch != epoch {
			t.wakeAll()
		}
	}()
	g := func() {
		now := t.now().UnixNano()
		f(&t.st, now)
		t.regive(&t.st, now)
	}
	if t.share == nil {
		g()
		return
	}
	if err := t.share.update(&t.st, g); err != nil {
		t.share = nil // e.g. a read-only temporary directory: go on alone
		g()
	}
}

// wait blocks until the caller may send, not before notBefore (a refused
// request's wait; the zero time for none), in the place of ticket (0 for
// a request's first attempt: wait sets it, for the next attempts), and
// returns when it was cleared to send and how long it waited for its turn
// beyond notBefore. The turn is taken at once, so that a refused request
// keeps its place ahead of the requests that come after it while it
// waits. The request counts as sent when it was cleared, so that a cut
// that comes after does not take it for sent after.
func (t *throttle) wait(ctx context.Context, notBefore time.Time, ticket *int64) (cleared time.Time, waited time.Duration, err error) {
	start := t.now()
	if notBefore.After(start) {
		start = notBefore
	}
	tn := t.reserveAfter(notBefore, *ticket)
	*ticket = tn.ticket
	for {
		if err := t.sleepUntil(ctx, tn); err != nil {
			t.release(tn)
			return time.Time{}, max(t.now().Sub(start), 0), err
		}
		cleared = t.now()
		if t.take(tn, cleared) {
			return cleared, max(cleared.Sub(start), 0), nil
		}
		if tn.waiting {
			tn = t.reserveAfter(notBefore, tn.ticket) // an answer came, or probeWait passed: ask again
		}
	}
}

// sleepUntil sleeps until the turn comes, or, for a request that waits for
// an answer, until one comes (or probeWait passes). A change that gives
// the turns anew (see regive) wakes it to look at its turn again.
func (t *throttle) sleepUntil(ctx context.Context, tn *turn) error {
	for {
		now := t.now()
		at, look := t.lookAt(tn, now)
		if !now.Before(at) {
			return nil
		}
		if err := t.sleep(ctx, look.Sub(now), tn.wake); err != nil {
			return err
		}
		if tn.waiting {
			return nil
		}
		t.refresh(tn)
	}
}

// mustWait says whether a request must wait for an answer before it may
// take a turn. While the throttle paces nothing, at most window requests
// are on their way: one at first, one more for each answer that went
// through (at most one more every windowStep), as TCP's slow start. So a
// process that starts into a service whose allowance others have used up
// (a fleet starting together) meets its first refusal with one or two
// requests, not with all its callers at once, and a process alone is held
// back for a moment only. Where the service sends quota fields, the first
// answer sets the pace (throttle_quota.go).
func (t *throttle) mustWait(st *throttleState, now int64) bool {
	if st.rate(now) > 0 {
		return false // paced
	}
	return t.window > 0 && t.inFlight >= t.window
}

func (t *throttle) wakeChannelLocked() <-chan struct{} {
	if t.wake == nil {
		t.wake = make(chan struct{})
	}
	return t.wake
}

// wakeAll wakes every request that waits for its turn, to look again.
func (t *throttle) wakeAll() {
	if t.wake != nil {
		close(t.wake)
		t.wake = nil
	}
}

// lookAt returns the turn of a request waiting at now, and when it looks
// again: at its turn, or sooner when the rate will have risen enough by
// then to give the turns anew (see throttleState.riseAt).
func (t *throttle) lookAt(tn *turn, now time.Time) (at, look time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if tn.waiting {
		return tn.at, tn.at
	}
	return tn.at, time.Unix(0, t.st.riseAt(now.UnixNano(), tn.at.UnixNano()))
}

// refresh brings the rate up to date, so that a rate the curve has risen
// to (or the other processes' news, when shared) gives the turns anew,
// and renews tn's wake.
func (t *throttle) refresh(tn *turn) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.paceNow()
	tn.wake = t.wakeChannelLocked()
}

// paceNow brings the rate up to date; the caller holds mu.
func (t *throttle) paceNow() {
	t.update(func(st *throttleState, now int64) {
		if st.rate(now) > 0 {
			st.pace(now)
		}
	})
}

// take says whether tn's turn has come at now, the rate brought up to
// date first, and if so takes it out of the queue: the request goes.
func (t *throttle) take(tn *turn, now time.Time) bool {
	if tn.waiting {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.paceNow()
	if now.Before(tn.at) {
		return false
	}
	t.dequeue(tn)
	return true
}

// answer is what the throttle learns from: the status (0 for a transport
// error), the Retry-After (0 when none) and the quota fields, if any.
type answer struct {
	status     int
	retryAfter time.Duration
	quota      quotaFields
}

// throttleChange is a decision worth logging; the zero value means none.
type throttleChange struct {
	cut  bool
	rate float64
}

// observe learns from the answer to a request sent at sentAt.
func (t *throttle) observe(sentAt time.Time, a answer) throttleChange {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.inFlight = max(t.inFlight-1, 0)
	if t.window > 0 {
		defer t.wakeAll() // those waiting for an answer look again
	}
	var c throttleChange
	t.update(func(st *throttleState, now int64) {
		if a.status >= 200 && a.status < 300 {
			st.accepted.add(now)
			st.answered(false)
			t.widen(now)
		}
		epoch := st.epoch
		refused := a.status == http.StatusTooManyRequests
		if refused {
			st.answered(true)
			t.window = 0 // paced from now on
		}
		switch {
		case a.quota.ok || (refused && st.fleet.rate > 0):
			st.quota(now, sentAt.UnixNano(), a.quota, refused, t.rand())
		case refused:
			st.refused(now, sentAt.UnixNano(), t.rand())
		}
		if st.epoch != epoch {
			c.rate = st.rate(now)
			c.cut = c.rate > 0
		}
	})
	return c
}

// widen lets one more request be on its way while the throttle paces
// nothing, at most one more every windowStep, until the window is wide
// enough to limit nothing (see mustWait).
func (t *throttle) widen(now int64) {
	if t.window == 0 || now-t.windowGrew < int64(windowStep) {
		return
	}
	t.windowGrew = now
	if t.window++; t.window > maxWindow {
		t.window = 0
	}
}

// refusalWait is how long a refused request waits before it takes a new
// turn: what the service asked for, with up to throttlePauseJitter more at
// random, so that requests refused together do not come back together;
// without a Retry-After, the backoff of the retry policy.
func (t *throttle) refusalWait(retryAfter, backoff time.Duration) time.Duration {
	if retryAfter <= 0 {
		return backoff
	}
	return retryAfter + time.Duration(throttlePauseJitter*t.rand()*float64(retryAfter))
}

// currentRate is the rate in force, 0 for none; for logs.
func (t *throttle) currentRate() float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	rate := 0.0
	t.update(func(st *throttleState, now int64) { rate = st.rate(now) })
	if t.ceiling > 0 && (rate == 0 || t.ceiling < rate) {
		rate = t.ceiling
	}
	return rate
}

func sleepContext(ctx context.Context, d time.Duration, wake <-chan struct{}) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-wake:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// throttles keeps one throttle per service and credential for the life of
// the process. Terraform configures the provider anew for each operation,
// sometimes more than once; what was learned must outlive each Client.
var throttles = struct {
	mu sync.Mutex
	m  map[throttleKey]*throttle
}{m: map[throttleKey]*throttle{}}

// throttleKey names a credential by a hash, so the map holds no secret.
type throttleKey struct {
	baseURL    string
	auth       API
	credential [sha256.Size]byte
}

// sharedThrottle returns the process's throttle of a credential, named
// label in the usage summary; the processes of this machine share what it
// learns (throttle_share.go).
func sharedThrottle(baseURL string, auth API, label string, credential ...string) *throttle {
	key := throttleKey{baseURL: baseURL, auth: auth, credential: credentialHash(credential...)}
	throttles.mu.Lock()
	defer throttles.mu.Unlock()
	t := throttles.m[key]
	if t == nil {
		t = newThrottle()
		t.baseURL, t.label = baseURL, label
		t.share = newStateFile(shareDir(), key)
		throttles.m[key] = t
	}
	return t
}
