// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"crypto/sha256"
	"math"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// The adaptive throttle learns the service's rate limit from its 429s and
// makes every request of the same credential wait its turn, so that one
// refusal slows all callers instead of each caller meeting its own. It
// works like the AWS SDKs' adaptive retry mode: a client-side token bucket
// whose rate follows TCP CUBIC, cut on a refusal and grown back while
// answers are good. Processes on one machine that use the same credential
// share one throttle through a file (throttle_share.go), so a fleet of
// Terraform runs on one host paces itself as one client. See the package
// doc.
const (
	// throttleBeta is the share of the refused rate kept after a 429.
	throttleBeta = 0.9
	// throttleRecovery is how long after a 429 the rate is back at the
	// refused one; it then stays near it before probing higher.
	throttleRecovery = 4 * time.Second
	// throttleRelease: once the rate has grown to this multiple of the
	// refused one without another 429, the throttle lets go. It is well
	// above the refused rate, so that a probe drains what the service
	// saved while the rate was below its own (a burst, about a second's
	// worth) and meets its limit before the throttle lets go.
	throttleRelease = 4.0
	// throttleMinRate is the slowest the throttle gets, in requests per
	// second, so a bad estimate cannot stall a run.
	throttleMinRate = 0.5
	// throttlePauseJitter is the largest share of a Retry-After added to
	// the pause, so that clients refused together (processes on other
	// hosts) do not all come back at the same instant.
	throttlePauseJitter = 0.1
	// throttleMinWindow is the least time over which the rate that went
	// through is measured as a rate; see refusedEstimate.
	throttleMinWindow = 250 * time.Millisecond
	// throttleCutSpan is the least time between two cuts over which the
	// rate that went through measures the service's rate: long enough
	// that its burst and a pause weigh little. See refusedEstimate.
	throttleCutSpan = 2 * time.Second
)

// throttle is shared by every request of one credential of one service in
// this process (see sharedThrottle), and through share by the processes of
// this machine. It is safe for concurrent use.
type throttle struct {
	now   func() time.Time
	sleep func(ctx context.Context, d time.Duration) error
	rand  func() float64 // in [0, 1), for jitter

	mu sync.Mutex
	// ceiling is the user's max requests per second (0 means none), kept
	// by this process alone: each process of a fleet has its own.
	ceiling  float64
	floor    bucket // the ceiling's bucket
	adaptive bool
	// maxPause caps the pause a Retry-After imposes on every request, as
	// RetryWaitMax caps the refused request's own wait.
	maxPause time.Duration
	// st is what the 429s taught, shared with the other processes of the
	// machine when share is set.
	st    throttleState
	share *stateFile
	// shareOff is set once a Config turned sharing off: it stays off for
	// the process.
	shareOff bool
	// baseURL and label name the service and the credential in the
	// usage summary; usage counts this process's requests.
	baseURL, label string
	usage          Usage
}

// throttleState is the learned part of a throttle: everything the
// processes of one machine share. Times are wall-clock nanoseconds, which
// every process of the machine reads alike.
type throttleState struct {
	// bucket paces the requests at the learned rate; its Rate is 0 while
	// nothing limits.
	bucket bucket
	// learned is the rate the 429s taught, 0 while none did (or after
	// the throttle let go).
	learned float64
	// refusedRate is the rate at the last 429 and refusedAt its time:
	// the CUBIC curve's plateau and origin.
	refusedRate float64
	refusedAt   int64
	// pausedUntil holds every request back after a 429 with Retry-After.
	pausedUntil int64
	accepted    meter
	// acceptedSinceCut counts what went through since refusedAt.
	acceptedSinceCut int64
	// perLateAnswer is what each answer still on its way at a counted cut
	// adds to refusedRate (see refusedEstimate); 0 once the estimate is
	// final.
	perLateAnswer float64
	// othersUnseen is set once a refusal showed that others the throttle
	// does not see share the allowance (see refused).
	othersUnseen bool
}

// accept counts an answer that went through, to a request sent at sentAt.
func (st *throttleState) accept(now, sentAt int64) {
	st.accepted.add(now)
	st.acceptedSinceCut++
	if st.perLateAnswer == 0 {
		return
	}
	if sentAt >= st.refusedAt { // sent after the cut: the count is complete
		st.perLateAnswer = 0
		return
	}
	// Sent in the counted second, answered after the refusal: the service
	// took it, so the refused rate was that much higher.
	st.refusedRate += st.perLateAnswer
	st.learned = max(throttleBeta*st.refusedRate, throttleMinRate)
	st.applyRate(now)
}

func newThrottle() *throttle {
	return &throttle{now: time.Now, sleep: sleepContext, rand: rand.Float64, adaptive: true, maxPause: DefaultRetryWaitMax}
}

// configure sets the user's ceiling (0 for none), whether the throttle
// learns from 429s and the longest pause. What it has learned is kept.
func (t *throttle) configure(ceiling float64, adaptive bool, maxPause time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.ceiling, t.adaptive, t.maxPause = ceiling, adaptive, maxPause
	t.floor.set(t.now().UnixNano(), ceiling, 1)
	if !adaptive {
		t.update(func(st *throttleState, _ int64) {
			st.learned, st.pausedUntil = 0, 0
			st.applyRate(t.now().UnixNano())
		})
	}
}

// update runs f on the state under the process's lock and, when shared,
// the machine's: the state is read from the file first and written back
// after. A file that cannot be used leaves the process on its own state.
func (t *throttle) update(f func(st *throttleState, now int64)) {
	if t.share == nil {
		f(&t.st, t.now().UnixNano())
		return
	}
	if err := t.share.update(&t.st, func() { f(&t.st, t.now().UnixNano()) }); err != nil {
		t.share = nil // e.g. a read-only temporary directory: go on alone
		f(&t.st, t.now().UnixNano())
	}
}

// wait blocks until the caller may send, and returns when it was cleared
// to send and how long it waited. The request counts as sent when it was
// cleared, so that a cut that comes after does not take it for sent after.
func (t *throttle) wait(ctx context.Context) (cleared time.Time, waited time.Duration, err error) {
	start := t.now()
	for {
		turn := t.reserve()
		if d := turn.at.Sub(t.now()); d > 0 {
			if err := t.sleep(ctx, d); err != nil {
				return time.Time{}, t.now().Sub(start), err
			}
		}
		cleared = t.now()
		if t.stands(turn, cleared) {
			return cleared, cleared.Sub(start), nil
		}
	}
}

// turn is when a request may go, given under the rate in force since the
// cut at cutAt.
type turn struct {
	at    time.Time
	cutAt int64
}

// reserve takes the next turn.
func (t *throttle) reserve() turn {
	t.mu.Lock()
	defer t.mu.Unlock()
	var tn turn
	var at int64
	t.update(func(st *throttleState, now int64) {
		at, tn.cutAt = st.bucket.reserve(max(now, st.pausedUntil)), st.refusedAt
	})
	if t.ceiling > 0 {
		at = max(at, t.floor.reserve(max(at, t.now().UnixNano())))
	}
	tn.at = time.Unix(0, at)
	return tn
}

// stands says whether a turn still holds at now. A 429 that arrived
// meanwhile paused everyone, and a cut gave the rate anew: the turns given
// at the old rate went with it (the bucket started afresh at the cut), so
// the request takes a new one.
func (t *throttle) stands(tn turn, now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	ok := false
	t.update(func(st *throttleState, _ int64) {
		ok = now.UnixNano() >= st.pausedUntil && st.refusedAt == tn.cutAt
	})
	return ok
}

// throttleChange is a decision worth logging; the zero value means none.
type throttleChange struct {
	slowed, released bool
	rate, refused    float64
	pause            time.Duration
}

// observe learns from the answer to a request sent at sentAt: status 0
// for a transport error, retryAfter 0 when the answer had none.
func (t *throttle) observe(sentAt time.Time, status int, retryAfter time.Duration) throttleChange {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.adaptive {
		return throttleChange{}
	}
	var c throttleChange
	switch {
	case status == http.StatusTooManyRequests:
		pause := min(retryAfter, t.maxPause)
		pause += time.Duration(throttlePauseJitter * t.rand() * float64(pause))
		t.update(func(st *throttleState, now int64) { c = st.refused(now, sentAt.UnixNano(), pause) })
	case status >= 200 && status < 500:
		t.update(func(st *throttleState, now int64) {
			st.accept(now, sentAt.UnixNano())
			c = st.grow(now)
		})
	}
	return c // 5xx and transport errors say nothing about the rate
}

// refused pauses everyone for the pause and cuts the rate, once per burst
// of refusals: requests sent before the last cut were sent too fast
// already and teach nothing new.
func (st *throttleState) refused(now, sentAt int64, pause time.Duration) throttleChange {
	pausedBefore := st.pausedUntil
	if pause > 0 {
		st.pausedUntil = max(st.pausedUntil, now+int64(pause))
	}
	if sentAt < st.refusedAt {
		return throttleChange{}
	}
	rate, perLateAnswer := st.refusedEstimate(now, pausedBefore)
	if st.learned > 0 && time.Duration(now-st.refusedAt) < throttleCutSpan {
		// Refused so soon after a cut, at a rate 0.9 times a refused
		// one: others the throttle does not see (processes on other
		// machines) take the allowance the pause saved.
		st.othersUnseen = true
	}
	if pausedBefore > now {
		// Sent after the last cut, refused while a pause runs: the second
		// before is mostly pause and measures nothing, but the rate in
		// force is still too fast for the service (others share it).
		rate = st.learned
	}
	if rate == 0 {
		// Nothing went through yet: no rate to learn, only the pause.
		return throttleChange{slowed: true, pause: pause}
	}
	st.refusedRate, st.refusedAt, st.acceptedSinceCut, st.perLateAnswer = rate, now, 0, perLateAnswer
	st.learned = max(throttleBeta*rate, throttleMinRate)
	st.applyRate(now)
	// The service has no room left, and neither have we: the bucket starts
	// empty and out of debt, the turns it gave at the old rate void (see
	// stands). It fills during the pause as the service's allowance does,
	// so the requests held up go out together when the pause ends, unless
	// others take that allowance: then it starts when the pause ends.
	start := now
	if st.othersUnseen {
		start = max(now, st.pausedUntil)
	}
	st.bucket.restart(start)
	return throttleChange{slowed: true, rate: st.learned, refused: rate, pause: pause}
}

// refusedEstimate is the rate the service refused. Refused again at least
// throttleCutSpan after the last cut, it is what went through between the
// two: the service's allowance had run out at both, so that count is what
// it allowed meanwhile, whatever its burst. Refused again sooner, it is the
// rate in force, to be cut once more: so short a span holds a pause and
// the burst after it, and says more about them than about the rate.
// Otherwise (nothing learned yet, or let go) it is what went through in
// the last second, or since the end of the last pause when that is more
// recent (a pause sends nothing, and counting it would take the rate for a
// fraction of what it is). Within moments of a pause, the count itself
// stands in: the service refilled its burst, about a second's worth, while
// everyone waited. A count is counted short by the answers still on their
// way (a 429 comes back faster than the work the service does for the
// others), so it also returns what each of them adds when it arrives.
// 0 when there is nothing to go by.
func (st *throttleState) refusedEstimate(now, pausedUntil int64) (rate, perLateAnswer float64) {
	if st.learned > 0 {
		if span := time.Duration(now - st.refusedAt); span >= throttleCutSpan {
			return max(float64(st.acceptedSinceCut)/span.Seconds(), throttleMinRate), 0
		}
		return st.learned, 0
	}
	since := max(now-int64(time.Second), pausedUntil)
	rate, perLateAnswer = float64(st.accepted.countSince(since, now)), 1
	if window := time.Duration(now - since); window >= throttleMinWindow {
		rate, perLateAnswer = rate/window.Seconds(), 1/window.Seconds()
	}
	if rate == 0 {
		return 0, 0
	}
	return max(rate, throttleMinRate), perLateAnswer
}

// grow moves the rate along the CUBIC curve: fast back towards the refused
// rate, slowly around it, then faster beyond it, until it lets go.
func (st *throttleState) grow(now int64) throttleChange {
	if st.learned == 0 {
		return throttleChange{}
	}
	x := (time.Duration(now-st.refusedAt).Seconds() - throttleRecovery.Seconds()) / throttleRecovery.Seconds()
	next := st.refusedRate * (1 + (1-throttleBeta)*x*x*x)
	if next >= throttleRelease*st.refusedRate {
		st.learned = 0
		st.applyRate(now)
		return throttleChange{released: true, refused: st.refusedRate}
	}
	st.learned = max(next, throttleMinRate)
	st.applyRate(now)
	return throttleChange{}
}

// applyRate sets the bucket to the learned rate, with bursts of one
// second's worth, as a service that allows N requests a second usually
// does; no rate means no limit.
func (st *throttleState) applyRate(now int64) {
	st.bucket.set(now, st.learned, max(1, math.Floor(st.learned)))
}

// currentRate is the rate in force, 0 for none; for logs.
func (t *throttle) currentRate() float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	rate := 0.0
	t.update(func(st *throttleState, _ int64) { rate = st.bucket.rate })
	if t.ceiling > 0 && (rate == 0 || t.ceiling < rate) {
		rate = t.ceiling
	}
	return rate
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

// restart empties the bucket at now and forgives its debt.
func (b *bucket) restart(now int64) {
	b.tokens, b.last = 0, max(b.last, now)
}

func sleepContext(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
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
// label in the usage summary; with share, the processes of this machine
// share what it learns (throttle_share.go).
func sharedThrottle(baseURL string, auth API, label string, share bool, credential ...string) *throttle {
	key := throttleKey{baseURL: baseURL, auth: auth, credential: credentialHash(credential...)}
	throttles.mu.Lock()
	defer throttles.mu.Unlock()
	t := throttles.m[key]
	if t == nil {
		t = newThrottle()
		t.baseURL, t.label = baseURL, label
		throttles.m[key] = t
	}
	if share && t.share == nil && !t.shareOff {
		t.share = newStateFile(shareDir(), key)
	}
	if !share {
		t.share, t.shareOff = nil, true
	}
	return t
}

// throttleTransport makes each attempt wait for its credential's turn and
// tells that credential's throttle how the service answered. It sits above
// the logging and timeout transports, so the wait does not count against
// an attempt's time limit.
type throttleTransport struct {
	next            http.RoundTripper
	partner, bearer *throttle
	// proof hears of the attempts made with the partner credentials
	// (CheckPartnerCredentials); bearerProof is proof when the data API's
	// tokens are minted with them, nil with an access token.
	proof, bearerProof *credentialProof
}

// newThrottleTransport wraps next with the process-wide throttles of cfg's
// hosts and credentials, configured by cfg (its base URLs normalized). The
// data host's calls count against the access token when one is set, else
// against the partner credentials that mint their tokens; proof is what
// the process knows of those credentials.
func newThrottleTransport(next http.RoundTripper, cfg Config, proof *credentialProof) *throttleTransport {
	partnerID, token := strings.TrimSpace(cfg.PartnerClientID), strings.TrimSpace(cfg.AccessToken)
	dataCredential, bearerProof := []string{token}, (*credentialProof)(nil)
	if token == "" {
		dataCredential, bearerProof = []string{cfg.PartnerClientID, cfg.PartnerClientSecret}, proof
	}
	share := !cfg.DisableHostSharing
	tt := &throttleTransport{
		next:  next,
		proof: proof, bearerProof: bearerProof,
		partner: sharedThrottle(cfg.BaseURL, PartnerAPI, credentialLabel(PartnerAPI, partnerID, ""), share,
			cfg.PartnerClientID, cfg.PartnerClientSecret),
		bearer: sharedThrottle(cfg.AISBaseURL, DataAPI, credentialLabel(DataAPI, partnerID, token), share,
			dataCredential...),
	}
	for _, t := range []*throttle{tt.partner, tt.bearer} {
		t.configure(cfg.MaxRequestsPerSecond, !cfg.DisableAdaptiveThrottle, cfg.RetryWaitMax)
	}
	return tt
}

func (tt *throttleTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	st := callStateFrom(ctx)
	if st == nil { // not one of ours
		return tt.next.RoundTrip(req)
	}
	t, credential, proof := tt.partner, "partner", tt.proof
	if st.ep.onDataHost() {
		t, credential, proof = tt.bearer, "data_api", tt.bearerProof
	}
	sentAt, waited, err := t.wait(ctx)
	if waited > 0 {
		tflog.Debug(ctx, "cardpay API request waited for its turn under the rate limit", map[string]any{
			"http_method": req.Method, "http_path": st.ep.path, "request_id": st.requestID,
			"credential": credential, "wait_ms": waited.Milliseconds(), "rate_limit_per_second": round2(t.currentRate()),
		})
	}
	if err != nil {
		return nil, err
	}
	retry := st.attempts.Load() > 0 // the logging transport below counts the attempts
	proof.sending()
	resp, err := tt.next.RoundTrip(req)
	status, wait := 0, time.Duration(0)
	if resp != nil {
		status = resp.StatusCode
		wait, _ = retryAfter(resp.Header.Get("Retry-After"), t.now())
	}
	proof.ended(status)
	t.count(waited, retry, status)
	var change throttleChange
	if left, reset, ok := exhausted(resp, t.now()); ok && left == 0 {
		change = t.observeExhausted(sentAt, reset)
	} else {
		change = t.observe(sentAt, status, wait)
	}
	logThrottleChange(ctx, st, credential, change)
	return resp, err
}

func logThrottleChange(ctx context.Context, st *callState, credential string, c throttleChange) {
	if c == (throttleChange{}) {
		return // most answers change nothing: build no fields for them
	}
	fields := map[string]any{"http_path": st.ep.path, "request_id": st.requestID, "credential": credential}
	switch {
	case c.slowed && c.rate == 0:
		fields["pause_ms"] = c.pause.Milliseconds()
		tflog.Debug(ctx, "cardpay API rate limit reached before any request went through: pausing every request", fields)
	case c.slowed:
		fields["pause_ms"] = c.pause.Milliseconds()
		fields["refused_rate_per_second"] = round2(c.refused)
		fields["rate_limit_per_second"] = round2(c.rate)
		tflog.Debug(ctx, "cardpay API rate limit reached: slowing every request of this credential", fields)
	case c.released:
		fields["refused_rate_per_second"] = round2(c.refused)
		tflog.Debug(ctx, "cardpay API rate limit no longer reached: the throttle lets go", fields)
	}
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }
