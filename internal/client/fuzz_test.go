// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzErrorMessage feeds arbitrary error bodies, with a configured secret
// that the seeds plant in every form, to the error-body parser. Seeds are in
// testdata/fuzz/FuzzErrorMessage.
func FuzzErrorMessage(f *testing.F) {
	f.Fuzz(func(t *testing.T, body []byte, secret string) {
		if !plausibleSecret(secret) {
			t.Skip("input rejected: the secret does not look like a credential (see plausibleSecret)")
		}
		c := &Client{partnerKey: secret, accessToken: testAccessToken}
		msg := errorMessage(http.StatusBadRequest, body, c.redact)
		if !utf8.ValidString(msg) {
			t.Errorf("invalid UTF-8: %q", msg)
		}
		if n := utf8.RuneCountInString(msg); n > maxMessageRunes+1 {
			t.Errorf("%d runes, want at most %d", n, maxMessageRunes+1)
		}
		if strings.ContainsFunc(msg, func(r rune) bool { return r == '\n' || r == '\r' || r == '\x1b' }) {
			t.Errorf("not one plain line: %q", msg)
		}
		for _, s := range c.secrets() {
			if strings.Contains(msg, s) {
				t.Errorf("message %q contains the secret %q", msg, s)
			}
		}
	})
}

// plausibleSecret limits fuzzed secrets to what credentials look like:
// New trims them, and masking cannot hide a secret made of "*" or white
// space, which the masking or flattening itself produces.
func plausibleSecret(s string) bool {
	if len(s) < 8 || len(s) > 128 {
		return false
	}
	for _, r := range s {
		if !strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~+/=", r) {
			return false
		}
	}
	return true
}

// FuzzRetryAfter checks the Retry-After parser and the wait built on it.
// Seeds are in testdata/fuzz/FuzzRetryAfter.
func FuzzRetryAfter(f *testing.F) {
	f.Fuzz(func(t *testing.T, value string, status, attempt int, rawMin, rawMax int64) {
		now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		got, ok := retryAfter(value, now)
		if got < 0 || got > maxRetryAfter || (!ok && got != 0) {
			t.Errorf("retryAfter(%q) = %s, %v", value, got, ok)
		}
		if n, err := strconv.ParseUint(strings.TrimSpace(value), 10, 64); err == nil && n <= 86400 {
			if want := time.Duration(n) * time.Second; got != want || !ok {
				t.Errorf("retryAfter(%q) = %s, %v; want %s", value, got, ok, want)
			}
		}
		assertRoundTrip(t, now, time.Duration(uint64(attempt)%86401)*time.Second)

		// Config guarantees non-negative waits; any sizes are allowed.
		waitMin := time.Duration(uint64(rawMin) % uint64(time.Hour))
		waitMax := waitMin + time.Duration(uint64(rawMax)>>2)
		backoff := jitteredExponential(waitMin, waitMax, attempt)
		if backoff < 0 || backoff > waitMax {
			t.Errorf("jitteredExponential(%s, %s, %d) = %s, want within [0, %s]", waitMin, waitMax, attempt, backoff, waitMax)
		}
		// A refusal waits what the service asked, and at most a fifth more.
		th := newThrottle()
		th.rand = func() float64 { return float64(uint64(status)%1000) / 1000 }
		switch wait := th.refusalWait(got, backoff); {
		case got == 0 && wait != backoff, got > 0 && (wait < got || wait > got+got/5):
			t.Errorf("refusalWait(%s, %s) = %s", got, backoff, wait)
		}
		h := http.Header{"Retry-After": {value}}
		if w := requestedWait(h); w < 0 || w > maxRetryAfter || w%time.Second != 0 {
			t.Errorf("requestedWait(%q) = %s, want whole seconds within [0, 24h]", value, w)
		}
	})
}

// assertRoundTrip checks that a wait written in either Retry-After form
// reads back unchanged.
func assertRoundTrip(t *testing.T, now time.Time, d time.Duration) {
	t.Helper()
	for _, value := range []string{strconv.Itoa(int(d / time.Second)), now.Add(d).Format(http.TimeFormat)} {
		if got, ok := retryAfter(value, now); got != d || !ok {
			t.Errorf("retryAfter(%q) = %s, %v; want %s", value, got, ok, d)
		}
	}
}
