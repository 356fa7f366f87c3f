// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"sync"
	"time"
)

// A plan that only creates objects sends nothing to the service, so wrong
// partner credentials would show only at apply. CheckPartnerCredentials
// proves them at the cost of one read, at most once per process, and not
// at all once another request has proved them.

// credentialsSettle is how long after a Client is made a check waits for
// another request with the credentials to start. A caller's first reads
// may start beside its check, a few milliseconds apart in either order (a
// Terraform plan refreshes beside planning its first change); such a read
// proves the credentials for free, so a check that comes first waits for
// it. A caller with nothing to read pays this wait once.
const credentialsSettle = 250 * time.Millisecond

// credentialProof is what this process knows of one partner credential
// (base URL, client ID and secret): whether any request made with it had
// a 2xx answer, how many of its attempts are on their way, and whether a
// check was claimed. Requests of the data API count when their tokens are
// minted with the credential.
type credentialProof struct {
	mu       sync.Mutex
	changed  chan struct{} // closed and replaced when an attempt starts or ends
	inFlight int
	accepted bool
	claimed  bool
}

// proofs keeps one credentialProof per partner credential for the life of
// the process, keyed like the throttles.
var proofs = struct {
	mu sync.Mutex
	m  map[throttleKey]*credentialProof
}{m: map[throttleKey]*credentialProof{}}

func sharedProof(baseURL, clientID, secret string) *credentialProof {
	key := throttleKey{baseURL: baseURL, auth: PartnerAPI, credential: credentialHash(clientID, secret)}
	proofs.mu.Lock()
	defer proofs.mu.Unlock()
	p := proofs.m[key]
	if p == nil {
		p = &credentialProof{changed: make(chan struct{})}
		proofs.m[key] = p
	}
	return p
}

// sending counts an attempt on its way; nil (an attempt with an access
// token) counts nothing.
func (p *credentialProof) sending() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.inFlight++
	p.notify()
}

// ended counts an attempt's end: status is its HTTP status, 0 without an
// answer.
func (p *credentialProof) ended(status int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.inFlight--
	p.accepted = p.accepted || (status >= 200 && status <= 299)
	p.notify()
}

// notify wakes the claims waiting for a change; p.mu is held.
func (p *credentialProof) notify() {
	close(p.changed)
	p.changed = make(chan struct{})
}

// claim reports whether the caller is to check the credential: no attempt
// with it was accepted and no check was claimed. It first waits for the
// attempts on their way, and until settled for one to start, so a check
// beside a plan's first read waits for that read's answer instead of
// sending another. It gives up (false) when ctx ends.
func (p *credentialProof) claim(ctx context.Context, settled time.Time) bool {
	for {
		p.mu.Lock()
		if p.accepted || p.claimed {
			p.mu.Unlock()
			return false
		}
		wait, busy := time.Until(settled), p.inFlight > 0
		if !busy && wait <= 0 {
			p.claimed = true
			p.mu.Unlock()
			return true
		}
		changed := p.changed
		p.mu.Unlock()
		if !waitForChange(ctx, changed, busy, wait) {
			return false
		}
	}
}

// waitForChange waits until changed is closed or, unless busy, wait has
// passed; false when ctx ended first.
func waitForChange(ctx context.Context, changed <-chan struct{}, busy bool, wait time.Duration) bool {
	var timeout <-chan time.Time
	if !busy {
		timer := time.NewTimer(wait)
		defer timer.Stop()
		timeout = timer.C
	}
	select {
	case <-changed:
	case <-timeout:
	case <-ctx.Done():
		return false
	}
	return true
}

// CheckPartnerCredentials proves the partner credentials with one read of
// the partner's profile, and returns that read's error (an *APIError with
// status 401 for a wrong secret). It sends nothing, and returns nil, when
// Config.SkipCredentialsCheck is set, when a credential is missing (the
// call that needs it says so), when a request with these credentials has
// had a 2xx answer in this process, or when a check of them was already
// made in this process: its caller reported the outcome.
func (c *Client) CheckPartnerCredentials(ctx context.Context) error {
	if c.skipCredentialsCheck || c.partnerID == "" || c.partnerKey == "" || !c.proof.claim(ctx, c.settled) {
		return nil
	}
	_, err := c.GetProfile(ctx)
	return err
}
