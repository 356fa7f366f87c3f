// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"crypto/sha256"
	"math"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
	"golang.org/x/time/rate"
)

// The adaptive throttle learns the service's rate limit from its 429s and
// makes every request of the same credential wait its turn, so that one
// refusal slows all callers instead of each caller meeting its own. It
// works like the AWS SDKs' adaptive retry mode: a client-side token bucket
// (golang.org/x/time/rate) whose rate follows TCP CUBIC, cut on a refusal
// and grown back while answers are good. See the package doc.
const (
	// throttleBeta is the share of the refused rate kept after a 429.
	throttleBeta = 0.9
	// throttleRecovery is how long after a 429 the rate is back at the
	// refused one; it then stays near it before probing higher.
	throttleRecovery = 4 * time.Second
	// throttleRelease: once the rate has grown to this multiple of the
	// refused one without another 429, the throttle lets go.
	throttleRelease = 2.0
	// throttleMinRate is the slowest the throttle gets, in requests per
	// second, so a bad estimate cannot stall a run.
	throttleMinRate = 0.5
)

// throttle is shared by every request of one credential of one service in
// this process (see sharedThrottle). It is safe for concurrent use.
type throttle struct {
	now   func() time.Time
	sleep func(ctx context.Context, d time.Duration) error

	mu       sync.Mutex
	ceiling  float64 // the user's max requests per second; 0 means none
	adaptive bool
	// maxPause caps the pause a Retry-After imposes on every request, as
	// RetryWaitMax caps the refused request's own wait.
	maxPause time.Duration
	limiter  *rate.Limiter // nil while nothing limits
	clock    time.Time     // the latest time given to limiter; it must not go back
	// learned is the rate the 429s taught, 0 while none did (or after
	// the throttle let go).
	learned float64
	// refusedRate is the rate at the last 429 and refusedAt its time:
	// the CUBIC curve's plateau and origin.
	refusedRate float64
	refusedAt   time.Time
	// pausedUntil holds every request back after a 429 with Retry-After.
	pausedUntil time.Time
	accepted    meter
}

func newThrottle() *throttle {
	return &throttle{now: time.Now, sleep: sleepContext, adaptive: true, maxPause: DefaultRetryWaitMax}
}

// configure sets the user's ceiling (0 for none), whether the throttle
// learns from 429s and the longest pause. What it has learned is kept.
func (t *throttle) configure(ceiling float64, adaptive bool, maxPause time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.ceiling, t.adaptive, t.maxPause = ceiling, adaptive, maxPause
	if !adaptive {
		t.learned, t.pausedUntil = 0, time.Time{}
	}
	t.applyRate(t.tick(t.now()))
}

// wait blocks until the caller may send, and returns how long it waited.
func (t *throttle) wait(ctx context.Context) (time.Duration, error) {
	start := t.now()
	for {
		at := t.reserve()
		if d := at.Sub(t.now()); d > 0 {
			if err := t.sleep(ctx, d); err != nil {
				return t.now().Sub(start), err
			}
		}
		// A 429 that arrived meanwhile paused everyone: wait again.
		if !t.paused(t.now()) {
			return t.now().Sub(start), nil
		}
	}
}

// reserve takes the next turn and returns when it comes.
func (t *throttle) reserve() time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()
	at := t.tick(t.now())
	if t.limiter == nil {
		return at
	}
	return at.Add(t.limiter.ReserveN(at, 1).DelayFrom(at))
}

func (t *throttle) paused(now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return now.Before(t.pausedUntil)
}

// tick returns the time for the limiter: now, or the end of the pause,
// and never earlier than a time it was already given.
func (t *throttle) tick(now time.Time) time.Time {
	t.clock = latest(t.clock, now, t.pausedUntil)
	return t.clock
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
	now := t.now()
	switch {
	case status == http.StatusTooManyRequests:
		return t.refused(now, sentAt, retryAfter)
	case status >= 200 && status < 500:
		t.accepted.add(now)
		return t.grow(now)
	default: // 5xx and transport errors say nothing about the rate
		return throttleChange{}
	}
}

// refused pauses everyone for the Retry-After and cuts the rate, once per
// burst of refusals: requests sent before the last cut were sent too fast
// already and teach nothing new.
func (t *throttle) refused(now, sentAt time.Time, retryAfter time.Duration) throttleChange {
	at := t.tick(now) // before the pause: the bucket refills during it
	pause := min(retryAfter, t.maxPause)
	t.pausedUntil = latest(t.pausedUntil, now.Add(pause))
	if sentAt.Before(t.refusedAt) {
		return throttleChange{}
	}
	rate := t.refusedEstimate(now)
	if rate == 0 {
		// Nothing went through yet: no rate to learn, only the pause.
		return throttleChange{slowed: true, pause: pause}
	}
	t.refusedRate, t.refusedAt = rate, now
	t.learned = max(throttleBeta*rate, throttleMinRate)
	t.applyRate(at)
	// The service has no room left: neither have we.
	if n := int(t.limiter.TokensAt(at)); n > 0 {
		t.limiter.AllowN(at, n)
	}
	return throttleChange{slowed: true, rate: t.learned, refused: rate, pause: pause}
}

// refusedEstimate is the rate the service refused: what went through in
// the last second, or the throttle's own rate when that is lower (then
// someone else shares the quota). 0 when there is nothing to go by.
func (t *throttle) refusedEstimate(now time.Time) float64 {
	rate := t.accepted.perSecond(now)
	if t.learned > 0 && (rate == 0 || t.learned < rate) {
		rate = t.learned
	}
	if rate == 0 {
		return 0
	}
	return max(rate, throttleMinRate)
}

// grow moves the rate along the CUBIC curve: fast back towards the refused
// rate, slowly around it, then faster beyond it, until it lets go.
func (t *throttle) grow(now time.Time) throttleChange {
	if t.learned == 0 {
		return throttleChange{}
	}
	x := (now.Sub(t.refusedAt).Seconds() - throttleRecovery.Seconds()) / throttleRecovery.Seconds()
	next := t.refusedRate * (1 + (1-throttleBeta)*x*x*x)
	if next >= throttleRelease*t.refusedRate {
		t.learned = 0
		t.applyRate(t.tick(now))
		return throttleChange{released: true, refused: t.refusedRate}
	}
	t.learned = max(next, throttleMinRate)
	t.applyRate(t.tick(now))
	return throttleChange{}
}

// applyRate sets the limiter to the lower of the learned rate and the
// ceiling. A learned rate allows bursts of one second's worth, as a
// service that allows N requests a second usually does; the ceiling is
// kept evenly, one request at a time.
func (t *throttle) applyRate(at time.Time) {
	limit, burst := math.Inf(1), 1
	if t.learned > 0 {
		limit, burst = t.learned, max(1, int(t.learned))
	}
	if t.ceiling > 0 && t.ceiling < limit {
		limit, burst = t.ceiling, 1
	}
	switch {
	case math.IsInf(limit, 1):
		t.limiter = nil
	case t.limiter == nil:
		t.limiter = rate.NewLimiter(rate.Limit(limit), burst)
		t.limiter.AllowN(at, 0) // start its clock at at
	default:
		t.limiter.SetLimitAt(at, rate.Limit(limit))
		if t.limiter.Burst() != burst {
			t.limiter.SetBurstAt(at, burst)
		}
	}
}

// currentRate is the rate in force, 0 for none; for logs.
func (t *throttle) currentRate() float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.limiter == nil {
		return 0
	}
	return float64(t.limiter.Limit())
}

func latest(times ...time.Time) time.Time {
	var l time.Time
	for _, x := range times {
		if x.After(l) {
			l = x
		}
	}
	return l
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
	slots [10]struct {
		index int64 // which tenth of a second since the epoch
		n     int
	}
}

const meterSlot = 100 * time.Millisecond

func (m *meter) add(now time.Time) {
	i := now.UnixNano() / int64(meterSlot)
	s := &m.slots[i%int64(len(m.slots))]
	if s.index != i {
		s.index, s.n = i, 0
	}
	s.n++
}

// perSecond is the count of the last second.
func (m *meter) perSecond(now time.Time) float64 {
	i := now.UnixNano() / int64(meterSlot)
	n := 0
	for _, s := range m.slots {
		if age := i - s.index; age >= 0 && age < int64(len(m.slots)) {
			n += s.n
		}
	}
	return float64(n)
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
	auth       Area
	credential [sha256.Size]byte
}

func sharedThrottle(baseURL string, auth Area, credential ...string) *throttle {
	key := throttleKey{baseURL: baseURL, auth: auth, credential: credentialHash(credential...)}
	throttles.mu.Lock()
	defer throttles.mu.Unlock()
	t := throttles.m[key]
	if t == nil {
		t = newThrottle()
		throttles.m[key] = t
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
}

// newThrottleTransport wraps next with the process-wide throttles of cfg's
// hosts and credentials, configured by cfg (its base URLs normalized). The
// data host's calls count against the access token when one is set, else
// against the partner credentials that mint their tokens.
func newThrottleTransport(next http.RoundTripper, cfg Config) *throttleTransport {
	dataCredential := []string{cfg.AccessToken}
	if strings.TrimSpace(cfg.AccessToken) == "" {
		dataCredential = []string{cfg.PartnerClientID, cfg.PartnerClientSecret}
	}
	tt := &throttleTransport{
		next:    next,
		partner: sharedThrottle(cfg.BaseURL, AreaPartner, cfg.PartnerClientID, cfg.PartnerClientSecret),
		bearer:  sharedThrottle(cfg.AISBaseURL, AreaAIS, dataCredential...),
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
	t, credential := tt.partner, "partner"
	if st.ep.onDataHost() {
		t, credential = tt.bearer, "data_api"
	}
	waited, err := t.wait(ctx)
	if waited > 0 {
		tflog.Debug(ctx, "cardpay API request waited for its turn under the rate limit", map[string]any{
			"http_method": req.Method, "http_path": st.ep.path, "request_id": st.requestID,
			"credential": credential, "wait_ms": waited.Milliseconds(), "rate_limit_per_second": round2(t.currentRate()),
		})
	}
	if err != nil {
		return nil, err
	}
	sentAt := t.now()
	resp, err := tt.next.RoundTrip(req)
	status, wait := 0, time.Duration(0)
	if resp != nil {
		status = resp.StatusCode
		wait, _ = retryAfter(resp.Header.Get("Retry-After"), t.now())
	}
	logThrottleChange(ctx, st, credential, t.observe(sentAt, status, wait))
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
