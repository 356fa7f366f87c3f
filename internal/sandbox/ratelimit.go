// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"fmt"
	"maps"
	"math"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"golang.org/x/time/rate"
)

// maxRateLimit bounds the admin settings; a faster limit limits nothing.
const maxRateLimit = 1_000_000

// maxRateWindow bounds a fixed window, in seconds: a day.
const maxRateWindow = 86400

// RateLimit is an optional limit in front of every API route, per
// credential, like the gateway of a real payment API: a token bucket that
// refills PerSecond tokens a second up to Burst, or with Window a fixed
// window. A request that finds no token gets 429 with Retry-After in whole
// seconds and never reaches the handler, faults or request counts; it is
// counted in RefusedCounts.
type RateLimit struct {
	// PerSecond is the refill rate; 0 means no limit.
	PerSecond float64 `json:"perSecond"`
	// Burst is the bucket's size; 0 means one second's worth (PerSecond
	// rounded up).
	Burst int `json:"burst,omitempty"`
	// Headers adds rate-limit headers to every answer under the limit,
	// accepted or refused (see rateLimitHeaders). Real gateways differ:
	// some send them, many do not, so they are optional here.
	Headers bool `json:"headers,omitempty"`
	// Window, in seconds, makes the limit a fixed window instead, as many
	// gateways count: Burst requests (by default PerSecond × Window) in
	// each window of Window seconds from the Unix epoch, given anew whole
	// at its end; a refusal's Retry-After and the headers' reset name that
	// end.
	Window int `json:"window,omitempty"`
}

// Validate reports a setting the sandbox cannot use.
func (l RateLimit) Validate() error {
	switch {
	case !(l.PerSecond >= 0 && l.PerSecond <= maxRateLimit): // also catches NaN
		return fmt.Errorf("perSecond must be between 0 (no limit) and %d, got %v", maxRateLimit, l.PerSecond)
	case l.Burst < 0 || l.Burst > maxRateLimit:
		return fmt.Errorf("burst must be between 0 (one second's worth) and %d, got %d", maxRateLimit, l.Burst)
	case l.Window < 0 || l.Window > maxRateWindow:
		return fmt.Errorf("window must be between 0 (a token bucket) and %d seconds, got %d", maxRateWindow, l.Window)
	}
	return nil
}

// withDefaults fills in the default burst: one second's worth, or a
// whole window's.
func (l RateLimit) withDefaults() RateLimit {
	if l.PerSecond > 0 && l.Burst == 0 {
		l.Burst = max(1, int(math.Ceil(l.PerSecond*float64(max(l.Window, 1)))))
	}
	return l
}

// fixedWindow is what a credential has used of the window under way.
type fixedWindow struct {
	index int64 // which window since the Unix epoch
	used  int
}

// rateLimits holds the setting, one bucket per credential and the refusals.
// It has its own lock: it is consulted before Server.mu is taken.
type rateLimits struct {
	mu      sync.Mutex
	limit   RateLimit
	buckets map[string]*rate.Limiter
	windows map[string]*fixedWindow
	refused map[string]int
}

func (rl *rateLimits) set(l RateLimit) {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	rl.limit = l.withDefaults()
	rl.buckets, rl.windows = map[string]*rate.Limiter{}, map[string]*fixedWindow{} // full under the new setting
}

// refill forgets what every credential has used.
func (rl *rateLimits) refill() {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	rl.buckets, rl.windows = map[string]*rate.Limiter{}, map[string]*fixedWindow{}
}

func (rl *rateLimits) clearRefused() {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	rl.refused = map[string]int{}
}

// bucketState is what a credential's bucket holds after a request: the
// whole tokens left and how long until a token is there (0 when one is)
// and until the bucket is full again.
type bucketState struct {
	limit          RateLimit
	remaining      int
	wait, fullIn   time.Duration
	limited, taken bool
}

// take spends one token of r's credential's bucket at now, or counts a
// refusal under route; either way it returns the bucket's state.
func (rl *rateLimits) take(now time.Time, route string, r *http.Request) bucketState {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	if rl.limit.PerSecond <= 0 {
		return bucketState{taken: true}
	}
	credential := rateLimitKey(route, r)
	if rl.limit.Window > 0 {
		st := rl.takeWindow(now, credential)
		if !st.taken {
			rl.refused[route]++
		}
		return st
	}
	b := rl.buckets[credential]
	if b == nil {
		b = rate.NewLimiter(rate.Limit(rl.limit.PerSecond), rl.limit.Burst)
		rl.buckets[credential] = b
	}
	st := bucketState{limit: rl.limit, limited: true, taken: b.AllowN(now, 1)}
	if !st.taken {
		rl.refused[route]++
	}
	tokens := b.TokensAt(now)
	st.remaining = max(0, int(math.Floor(tokens)))
	st.wait = rl.secondsOf(max(0, 1-tokens))
	st.fullIn = rl.secondsOf(float64(rl.limit.Burst) - tokens)
	return st
}

// takeWindow is take under a fixed window: a request goes through while
// the window has room, and the window is whole again at its end.
func (rl *rateLimits) takeWindow(now time.Time, credential string) bucketState {
	length := int64(rl.limit.Window) * int64(time.Second)
	index := now.UnixNano() / length
	w := rl.windows[credential]
	if w == nil || w.index != index {
		w = &fixedWindow{index: index}
		rl.windows[credential] = w
	}
	st := bucketState{limit: rl.limit, limited: true, taken: w.used < rl.limit.Burst}
	if st.taken {
		w.used++
	}
	st.remaining = rl.limit.Burst - w.used
	st.fullIn = time.Duration((index+1)*length - now.UnixNano())
	if st.remaining == 0 {
		st.wait = st.fullIn
	}
	return st
}

// secondsOf is how long the bucket takes to refill n tokens.
func (rl *rateLimits) secondsOf(n float64) time.Duration {
	return time.Duration(max(0, n) / rl.limit.PerSecond * float64(time.Second))
}

// rateLimitHeaders writes the bucket's state in the forms gateways use:
// the IETF fields (draft-ietf-httpapi-ratelimit-headers: RateLimit-Policy
// with the quota q per window w seconds, RateLimit with the remaining r
// and the seconds t until the quota is whole again) and the common
// X-RateLimit-Limit, -Remaining and -Reset (seconds). Seconds are whole,
// rounded up, as in Retry-After. A bucket's window is the time it takes
// to refill from empty.
func rateLimitHeaders(h http.Header, st bucketState) {
	window := st.limit.Window
	if window == 0 {
		window = max(1, int(math.Ceil(float64(st.limit.Burst)/st.limit.PerSecond)))
	}
	reset := int(math.Ceil(st.fullIn.Seconds()))
	h.Set("RateLimit-Policy", fmt.Sprintf(`"credential";q=%d;w=%d`, st.limit.Burst, window))
	h.Set("RateLimit", fmt.Sprintf(`"credential";r=%d;t=%d`, st.remaining, reset))
	h.Set("X-RateLimit-Limit", fmt.Sprint(st.limit.Burst))
	h.Set("X-RateLimit-Remaining", fmt.Sprint(st.remaining))
	h.Set("X-RateLimit-Reset", fmt.Sprint(reset))
}

// SetRateLimit replaces the rate limit (the zero RateLimit turns it off)
// and starts every credential with a full bucket. It survives Reset.
func (s *Server) SetRateLimit(l RateLimit) error {
	if err := l.Validate(); err != nil {
		return err
	}
	s.limits.set(l)
	return nil
}

// RateLimit returns the rate limit in force, its default burst filled in.
func (s *Server) RateLimit() RateLimit {
	s.limits.mu.Lock()
	defer s.limits.mu.Unlock()
	return s.limits.limit
}

// RefusedCounts returns how many requests of each API route the rate limit
// refused, keyed like RequestCounts, which does not count them.
func (s *Server) RefusedCounts() map[string]int {
	s.limits.mu.Lock()
	defer s.limits.mu.Unlock()
	return maps.Clone(s.limits.refused)
}

// withRateLimit answers 429 when the caller's credential has no token left.
func (s *Server) withRateLimit(route string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := s.limits.take(s.now(), route, r)
		if st.limited && st.limit.Headers {
			rateLimitHeaders(w.Header(), st)
		}
		if st.taken {
			next.ServeHTTP(w, r)
			return
		}
		if !sleep(r.Context(), s.latency) { // a refusal crosses the same network
			return
		}
		secs := max(1, int(math.Ceil(st.wait.Seconds()))) // Retry-After has whole seconds
		w.Header().Set("Retry-After", fmt.Sprint(secs))
		writeError(w, r, http.StatusTooManyRequests,
			fmt.Sprintf("rate limit exceeded for this credential; retry after %d s", secs))
	})
}

// rateLimitKey names the bucket: the API (partner or data) and the
// credential. A header pair and the OAuth2 tokens issued for it name the
// pair's client ID; the data-API tokens minted for a partner name the
// partner; a static access token names itself. Requests without
// credentials share one bucket per API. The key stays in memory; it is
// never logged.
func rateLimitKey(route string, r *http.Request) string {
	area := "partner:"
	if _, pattern, _ := strings.Cut(route, " "); onDataAPI(pattern) {
		area = "data:"
	}
	if id := r.Header.Get("X-Partner-Client-Id"); id != "" {
		return area + id
	}
	auth := r.Header.Get("Authorization")
	if token, err := bearerToken(r); err == nil {
		var claims tokenClaims
		// Unverified: a forged token only spends the bucket it names.
		if _, _, err := jwt.NewParser().ParseUnverified(token, &claims); err == nil && claims.Partner != "" {
			return area + cmpOr(claims.Client, claims.Partner) // a partner token names its pair
		}
	}
	return area + auth
}

// rateLimitRoutes registers the admin operations of the rate limit.
func (s *Server) rateLimitRoutes() {
	s.admin("GET /_sandbox/rate-limit", func(*http.Request) (int, any, error) {
		return http.StatusOK, s.RateLimit(), nil
	})
	s.admin("PUT /_sandbox/rate-limit", func(r *http.Request) (int, any, error) {
		var l RateLimit
		if err := s.adminBody(r, &l, true); err != nil {
			return 0, nil, err
		}
		if err := s.SetRateLimit(l); err != nil {
			return 0, nil, badRequest("%v", err)
		}
		return http.StatusOK, s.RateLimit(), nil
	})
	s.admin("DELETE /_sandbox/rate-limit", func(*http.Request) (int, any, error) {
		_ = s.SetRateLimit(RateLimit{})
		return http.StatusOK, okBody, nil
	})
	s.admin("GET /_sandbox/requests/refused", func(*http.Request) (int, any, error) {
		return http.StatusOK, s.RefusedCounts(), nil
	})
}
