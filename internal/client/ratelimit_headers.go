// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Some gateways tell, on every answer, how much of the quota is left and
// when it is whole again. The API reference publishes no such field, so the
// throttle never needs one; when answers carry one of the common forms,
// the throttle paces to it before anything is refused (throttleState.quota).
//
// Read, in this order:
//   - the IETF fields (draft-ietf-httpapi-ratelimit-headers):
//     RateLimit: "policy";r=<remaining>;t=<seconds>, and the quota from
//     RateLimit-Policy: "policy";q=<quota>;w=<seconds>
//   - their earlier drafts: RateLimit: limit=<n>, remaining=<n>, reset=<s>,
//     or RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset
//   - the common X-RateLimit-Limit, X-RateLimit-Remaining and
//     X-RateLimit-Reset, the reset in seconds or as a Unix time (as GitHub
//     sends it).

// quotaFields are the quota fields of an answer: the requests that remain,
// the time until the quota is whole again, the quota and the window it
// is given for (0 when not said); ok is false when the answer had none.
type quotaFields struct {
	remaining, limit int64
	reset, window    time.Duration
	ok               bool
}

// quotaOf reads the quota fields of an answer, refused or accepted.
func quotaOf(resp *http.Response, now time.Time) quotaFields {
	if resp == nil {
		return quotaFields{}
	}
	return quotaLeft(resp.Header, now)
}

// quotaLeft reads the quota fields of h.
func quotaLeft(h http.Header, now time.Time) quotaFields {
	if v := h.Get("RateLimit"); v != "" {
		if q, ok := structuredRateLimit(v); ok {
			policy := h.Get("RateLimit-Policy")
			q.limit, _ = firstParam(policy, "q")
			w, _ := firstParam(policy, "w")
			q.window = cappedSeconds(w)
			return q
		}
		if q, ok := listedRateLimit(v); ok {
			return q
		}
	}
	for _, prefix := range []string{"RateLimit-", "X-RateLimit-"} {
		r, err := strconv.ParseInt(strings.TrimSpace(h.Get(prefix+"Remaining")), 10, 64)
		if err != nil || r < 0 {
			continue
		}
		return quotaFields{remaining: r, limit: leadingCount(h.Get(prefix + "Limit")),
			reset: resetIn(h.Get(prefix+"Reset"), now), ok: true}
	}
	return quotaFields{}
}

// structuredRateLimit reads the first item of the IETF field, such as
// `"default";r=0;t=1`.
func structuredRateLimit(v string) (quotaFields, bool) {
	r, ok := firstParam(v, "r")
	if !ok {
		return quotaFields{}, false
	}
	t, _ := firstParam(v, "t")
	return quotaFields{remaining: r, reset: cappedSeconds(t), ok: true}, true
}

// firstParam reads the parameter key of the first item of a structured
// field, such as q in `"default";q=20;w=1`: a whole number from 0 up.
func firstParam(v, key string) (int64, bool) {
	item, _, _ := strings.Cut(v, ",")
	_, params, found := strings.Cut(item, ";")
	if !found {
		return 0, false
	}
	return paramValue(strings.Split(params, ";"), key)
}

// listedRateLimit reads the earlier drafts' `limit=20, remaining=0, reset=1`,
// whose names may be in any case.
func listedRateLimit(v string) (quotaFields, bool) {
	params := strings.Split(strings.ToLower(v), ",")
	r, ok := paramValue(params, "remaining")
	if !ok {
		return quotaFields{}, false
	}
	t, _ := paramValue(params, "reset")
	limit, _ := paramValue(params, "limit")
	return quotaFields{remaining: r, limit: limit, reset: cappedSeconds(t), ok: true}, true
}

// paramValue reads key's value from key=value parameters; a value that is
// not a whole number from 0 up is passed over.
func paramValue(params []string, key string) (int64, bool) {
	for _, p := range params {
		k, val, _ := strings.Cut(strings.TrimSpace(p), "=")
		if strings.TrimSpace(k) != key {
			continue
		}
		if n, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64); err == nil && n >= 0 {
			return n, true
		}
	}
	return 0, false
}

// leadingCount reads a limit field such as `20` or `20, 20;w=1` (an
// earlier draft's form); 0 when there is none.
func leadingCount(v string) int64 {
	first, _, _ := strings.Cut(v, ",")
	first, _, _ = strings.Cut(first, ";")
	n, err := strconv.ParseInt(strings.TrimSpace(first), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
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
