// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// checkRetry is the retryablehttp.CheckRetry policy. Whether a request may
// be repeated comes from the call state in its context.
func checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return false, ctxErr
	}
	repeatable := false
	if st := callStateFrom(ctx); st != nil {
		repeatable = st.ep.repeatable
	}
	if refused(resp) {
		return false, nil // throttleTransport went on until the time was up
	}
	return shouldRetry(repeatable, resp, err), nil
}

// shouldRetry decides whether an attempt that ended with resp or err is
// worth repeating.
//
//   - 429 and 503 say the request was not processed: always retried (a
//     refusal with Retry-After never comes here: see throttleTransport).
//   - 500, 502, 504 and transport errors leave the outcome unknown: retried
//     only when sending the request again cannot create a duplicate.
//   - A connection that could not be opened sent nothing: always retried.
func shouldRetry(repeatable bool, resp *http.Response, err error) bool {
	if err != nil {
		if notSent(err) {
			return true
		}
		return repeatable && transient(err)
	}
	switch resp.StatusCode {
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		return true
	case http.StatusInternalServerError, http.StatusBadGateway, http.StatusGatewayTimeout:
		return repeatable
	default:
		return false
	}
}

// notSent reports whether err happened while connecting, before any byte
// of the request could reach the service.
func notSent(err error) bool {
	var opErr *net.OpError
	return errors.As(err, &opErr) && opErr.Op == "dial"
}

// transient reports whether a transport error might go away on its own.
// Certificate problems and cancellation will not.
func transient(err error) bool {
	var (
		unknownAuthority x509.UnknownAuthorityError
		hostname         x509.HostnameError
		invalid          x509.CertificateInvalidError
		verification     *tls.CertificateVerificationError
	)
	switch {
	case errors.Is(err, context.Canceled),
		errors.As(err, &unknownAuthority),
		errors.As(err, &hostname),
		errors.As(err, &invalid),
		errors.As(err, &verification):
		return false
	default:
		return true
	}
}

// backoff is the retryablehttp.Backoff policy for failures: exponential
// backoff with jitter, capped at waitMax. Refusals (429, and 503 with
// Retry-After) never come here: throttleTransport waits what the service
// asked and sends them again.
func backoff(waitMin, waitMax time.Duration, attempt int, _ *http.Response) time.Duration {
	return jitteredExponential(waitMin, waitMax, attempt)
}

// maxRetryAfter bounds a parsed Retry-After so a far-off date or a huge
// number cannot overflow.
const maxRetryAfter = 24 * time.Hour

// cappedSeconds is n seconds, at most maxRetryAfter.
func cappedSeconds(n int64) time.Duration {
	return time.Duration(min(n, int64(maxRetryAfter/time.Second))) * time.Second
}

// retryAfter parses a Retry-After value, either delay seconds or an HTTP
// date. A date in the past means "now".
func retryAfter(value string, now time.Time) (time.Duration, bool) {
	value = strings.TrimSpace(value)
	if value == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(value, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		return cappedSeconds(secs), true
	}
	when, err := http.ParseTime(value)
	if err != nil {
		return 0, false
	}
	return min(max(when.Sub(now), 0), maxRetryAfter), true
}

// requestedWait is the wait a Retry-After header asks for, rounded up to
// whole seconds (the header's own precision); 0 when absent or invalid.
func requestedWait(h http.Header) time.Duration {
	wait, _ := retryAfter(h.Get("Retry-After"), time.Now())
	return (wait + time.Second - 1).Truncate(time.Second)
}

// jitteredExponential doubles waitMin per attempt up to waitMax and picks a
// random wait in the upper half, so clients that failed together do not
// retry together.
func jitteredExponential(waitMin, waitMax time.Duration, attempt int) time.Duration {
	wait := max(min(waitMin, waitMax), 0)
	// A zero wait stays zero: stop rather than spin through a huge attempt
	// count. Stop at the cap before doubling past it, which could overflow.
	for i := 0; i < attempt && wait > 0 && wait < waitMax; i++ {
		if wait > waitMax/2 {
			wait = waitMax
			break
		}
		wait *= 2
	}
	half := wait / 2
	return half + time.Duration(rand.Int64N(int64(wait-half)+1))
}
