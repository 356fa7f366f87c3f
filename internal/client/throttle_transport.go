// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"context"
	"io"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// throttleTransport makes each attempt wait for its credential's turn,
// tells that credential's throttle how the service answered, and sends a
// refused request again (see refused) until it goes through or its time is
// up, so that refusals never count against Config.MaxRetries. It sits above
// the logging and timeout transports, so the wait does not count against
// an attempt's time limit.
type throttleTransport struct {
	next            http.RoundTripper
	partner, bearer *throttle
	// proof hears of the attempts made with the partner credentials
	// (CheckPartnerCredentials); bearerProof is proof when the data API's
	// tokens are minted with them, nil with an access token.
	proof, bearerProof *credentialProof
	// maxWait bounds how long a call may go on being refused (see
	// Config.MaxRateLimitWait); waitMin and waitMax bound the backoff of a
	// refusal that says no Retry-After.
	maxWait, waitMin, waitMax time.Duration
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
	tt := &throttleTransport{
		next:  next,
		proof: proof, bearerProof: bearerProof,
		partner: sharedThrottle(cfg.BaseURL, PartnerAPI, credentialLabel(PartnerAPI, partnerID, ""),
			cfg.PartnerClientID, cfg.PartnerClientSecret),
		bearer:  sharedThrottle(cfg.AISBaseURL, DataAPI, credentialLabel(DataAPI, partnerID, token), dataCredential...),
		maxWait: cfg.MaxRateLimitWait, waitMin: cfg.RetryWaitMin, waitMax: cfg.RetryWaitMax,
	}
	for _, t := range []*throttle{tt.partner, tt.bearer} {
		t.configure(cfg.MaxRequestsPerSecond)
	}
	return tt
}

// refused says whether an answer means the service did not process the
// request and said when to come back: a 429, or a 503 with Retry-After.
func refused(resp *http.Response) bool {
	if resp == nil {
		return false
	}
	return resp.StatusCode == http.StatusTooManyRequests ||
		(resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != "")
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
	var notBefore time.Time // a refused request's next attempt
	var ticket int64        // its place in the queue, kept from its first attempt
	for {
		resp, err := tt.attempt(ctx, st, t, credential, proof, req, notBefore, &ticket)
		if err != nil || !refused(resp) {
			return resp, err
		}
		deadline := st.began.Add(tt.maxWait)
		if d, ok := ctx.Deadline(); ok {
			deadline = d // the operation's own timeout
		}
		st.refusals++
		ra, _ := retryAfter(resp.Header.Get("Retry-After"), t.now())
		wait := t.refusalWait(ra, jitteredExponential(tt.waitMin, tt.waitMax, st.refusals-1))
		if t.now().Add(wait).After(deadline) {
			st.refusedFor = max(t.now().Sub(st.began), time.Nanosecond)
			return resp, nil // the caller reports the refusal: the time is up
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxResponseBytes))
		_ = resp.Body.Close()
		notBefore = t.now().Add(wait)
		req = resend(req, st)
	}
}

// attempt sends req once, when its turn comes and not before notBefore,
// in the queue's place of ticket (see throttle.wait), and lets the
// throttle learn from the answer.
func (tt *throttleTransport) attempt(ctx context.Context, st *callState, t *throttle, credential string, proof *credentialProof, req *http.Request, notBefore time.Time, ticket *int64) (*http.Response, error) {
	sentAt, waited, err := t.wait(ctx, notBefore, ticket)
	if st.began.IsZero() && err == nil {
		st.began = sentAt
	}
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
	a := answer{}
	if resp != nil {
		a.status, a.quota = resp.StatusCode, quotaOf(resp, t.now())
		a.retryAfter, _ = retryAfter(resp.Header.Get("Retry-After"), t.now())
	}
	proof.ended(a.status)
	t.count(waited, retry, a.status)
	logThrottleChange(ctx, st, credential, t.observe(sentAt, a))
	return resp, err
}

// resend is req again with its body from the start.
func resend(req *http.Request, st *callState) *http.Request {
	again := req.Clone(req.Context())
	if st.body != nil {
		again.Body = io.NopCloser(bytes.NewReader(st.body))
		again.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(st.body)), nil }
	}
	return again
}

func logThrottleChange(ctx context.Context, st *callState, credential string, c throttleChange) {
	if !c.cut {
		return // most answers change nothing: build no fields for them
	}
	tflog.Debug(ctx, "cardpay API rate limit reached: slowing every request of this credential", map[string]any{
		"http_path": st.ep.path, "request_id": st.requestID, "credential": credential,
		"rate_limit_per_second": round2(c.rate),
	})
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }
