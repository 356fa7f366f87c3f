// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Some gateways tell, on every answer, how much of the quota is left. The
// API reference publishes no such header, so the throttle never needs one;
// when an answer carries one of the common forms and says the quota is
// used up, the throttle acts as on a 429 (pauses until the quota is back
// and slows to the rate that went through) before any request is refused.
//
// Read, in this order:
//   - the IETF field (draft-ietf-httpapi-ratelimit-headers):
//     RateLimit: "policy";r=<remaining>;t=<seconds>
//   - its earlier drafts: RateLimit: limit=<n>, remaining=<n>, reset=<s>,
//     or RateLimit-Remaining and RateLimit-Reset
//   - the common X-RateLimit-Remaining and X-RateLimit-Reset, the reset in
//     seconds or as a Unix time (as GitHub sends it).

// quotaLeft reads the remaining quota and the wait until it is back from
// h; ok is false when h has no such header.
func quotaLeft(h http.Header, now time.Time) (remaining int64, reset time.Duration, ok bool) {
	if v := h.Get("RateLimit"); v != "" {
		if r, t, ok := structuredRateLimit(v); ok {
			return r, t, true
		}
		if r, t, ok := listedRateLimit(v); ok {
			return r, t, true
		}
	}
	for _, prefix := range []string{"RateLimit-", "X-RateLimit-"} {
		r, err := strconv.ParseInt(strings.TrimSpace(h.Get(prefix+"Remaining")), 10, 64)
		if err != nil {
			continue
		}
		return r, resetIn(h.Get(prefix+"Reset"), now), true
	}
	return 0, 0, false
}

// exhausted reads the quota left from an answer that went through.
func exhausted(resp *http.Response, now time.Time) (remaining int64, reset time.Duration, ok bool) {
	if resp == nil || resp.StatusCode >= 400 {
		return 0, 0, false
	}
	return quotaLeft(resp.Header, now)
}

// structuredRateLimit reads the first item of the IETF field, such as
// `"default";r=0;t=1`.
func structuredRateLimit(v string) (int64, time.Duration, bool) {
	item, _, _ := strings.Cut(v, ",")
	_, params, found := strings.Cut(item, ";")
	if !found {
		return 0, 0, false
	}
	return quotaParams(strings.Split(params, ";"), "r", "t")
}

// listedRateLimit reads the earlier drafts' `limit=20, remaining=0, reset=1`,
// whose names may be in any case.
func listedRateLimit(v string) (int64, time.Duration, bool) {
	return quotaParams(strings.Split(strings.ToLower(v), ","), "remaining", "reset")
}

// quotaParams reads the remaining count and the reset in seconds from
// key=value parameters; a value that is not a whole number from 0 up is
// passed over. ok is false when no count was read.
func quotaParams(params []string, remainingKey, resetKey string) (remaining int64, reset time.Duration, ok bool) {
	remaining = -1
	for _, p := range params {
		k, val, _ := strings.Cut(strings.TrimSpace(p), "=")
		n, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
		if err != nil || n < 0 {
			continue
		}
		switch k {
		case remainingKey:
			remaining = n
		case resetKey:
			reset = cappedSeconds(n)
		}
	}
	return remaining, reset, remaining >= 0
}

// resetIn reads a reset in seconds, or as a Unix time when it is one.
func resetIn(v string, now time.Time) time.Duration {
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	const unixTimes = 1_000_000_000 // a "number of seconds" this large is a date (2001 on)
	if n >= unixTimes {
		return max(0, time.Unix(n, 0).Sub(now))
	}
	return cappedSeconds(n)
}

// observeExhausted learns from an answer that went through but said the
// quota is used up: it counts as accepted, and then as a refusal would,
// pausing until the quota is back (at most the longest pause).
func (t *throttle) observeExhausted(sentAt time.Time, reset time.Duration) throttleChange {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.adaptive {
		return throttleChange{}
	}
	pause := min(reset, t.maxPause)
	pause += time.Duration(throttlePauseJitter * t.rand() * float64(pause))
	var c throttleChange
	t.update(func(st *throttleState, now int64) {
		st.accept(now, sentAt.UnixNano())
		c = st.refused(now, sentAt.UnixNano(), pause)
	})
	return c
}
