// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// slowHandler answers nothing for 30 seconds or until the client goes
// away, like a service that is stuck.
func slowHandler(w http.ResponseWriter, r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-time.After(30 * time.Second):
	}
}

// stalledBodyHandler sends the status and the start of a body, then stalls
// like slowHandler.
func stalledBodyHandler(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = io.WriteString(w, `[{"method":"visa",`)
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	slowHandler(w, r)
}

// Each attempt is bounded by Config.Timeout, so a call against a stuck
// service gives up after about (max retries + 1) timeouts.
func TestTimeoutEveryAttempt(t *testing.T) {
	const timeout = 200 * time.Millisecond
	for _, maxRetries := range []int{0, 1} {
		t.Run(fmt.Sprintf("max retries %d", maxRetries), func(t *testing.T) {
			t.Parallel()
			api := newFakeAPIHandler(t, slowHandler)
			c := api.client(t, withMaxRetries(maxRetries), func(c *Config) { c.Timeout = timeout })
			start := time.Now()
			err := listMethods(t.Context(), c)
			elapsed := time.Since(start)

			attempts := maxRetries + 1
			assertTimeout(t, err, "timed out after 200ms")
			if got := len(api.requests()); got != attempts {
				t.Errorf("sent %d requests, want %d", got, attempts)
			}
			if attempts > 1 && !strings.Contains(err.Error(), fmt.Sprintf("gave up after %d attempts", attempts)) {
				t.Errorf("error %q does not count the attempts", err)
			}
			least := time.Duration(attempts) * timeout
			if elapsed < least || elapsed > least+2*time.Second {
				t.Errorf("gave up after %s, want about %s", elapsed, least)
			}
		})
	}
}

// The timeout also covers reading the body.
func TestTimeoutWhileReadingBody(t *testing.T) {
	api := newFakeAPIHandler(t, stalledBodyHandler)
	c := api.client(t, withMaxRetries(0), func(c *Config) { c.Timeout = 200 * time.Millisecond })
	err := listMethods(t.Context(), c)
	assertTimeout(t, err, "reading response")
}

func assertTimeout(t *testing.T, err error, wantText string) {
	t.Helper()
	if !IsTimeout(err) {
		t.Fatalf("IsTimeout(%v) = false", err)
	}
	if errors.Is(err, context.Canceled) {
		t.Errorf("timeout %v reported as cancellation", err)
	}
	if !strings.Contains(err.Error(), wantText) {
		t.Errorf("error %q does not contain %q", err, wantText)
	}
}

// The caller's own deadline is not the per-request timeout.
func TestCallerDeadlineIsNotTimeout(t *testing.T) {
	api := newFakeAPIHandler(t, slowHandler)
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	err := listMethods(ctx, api.client(t))
	if IsTimeout(err) {
		t.Errorf("IsTimeout(%v) = true for the caller's deadline", err)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want context.DeadlineExceeded", err)
	}
}

// Cancelling the caller's context ends the call at once, wherever it is.
func TestCancellationIsPrompt(t *testing.T) {
	rateLimited := func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(http.StatusTooManyRequests)
	}
	tests := []struct {
		name     string
		handler  http.HandlerFunc
		wantSent int
	}{
		{"waiting for the answer", slowHandler, 1},
		{"reading the body", stalledBodyHandler, 1},
		{"waiting for Retry-After", rateLimited, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			api := newFakeAPIHandler(t, tc.handler)
			c := api.client(t, func(c *Config) {
				c.Timeout = time.Minute
				c.MaxRateLimitWait = time.Minute // wait the full 30s
			})
			ctx, cancel := context.WithCancel(t.Context())
			api.cancelAfterArrival(ctx, cancel)
			start := time.Now()
			err := listMethods(ctx, c)
			if waited := time.Since(start); waited > 5*time.Second {
				t.Errorf("cancellation took %s", waited)
			}
			if !errors.Is(err, context.Canceled) {
				t.Errorf("err = %v, want context.Canceled", err)
			}
			if IsTimeout(err) {
				t.Errorf("cancellation %v reported as a timeout", err)
			}
			if got := len(api.requests()); got != tc.wantSent {
				t.Errorf("sent %d requests, want %d", got, tc.wantSent)
			}
		})
	}
}
