// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"time"
)

// Usage is what the requests of one credential cost this process: the
// attempts sent, those the service refused with 429, the attempts that
// repeated an earlier one, and the time requests waited for their turn
// under the rate limit (the throttle's pacing and pauses; the waits of
// the retry policy between attempts are not in it).
type Usage struct {
	Sent, Refused, Retried int64
	Waited                 time.Duration
}

// CredentialUsage is the Usage of one credential of one service, named
// without its secret.
type CredentialUsage struct {
	// BaseURL is the service's root.
	BaseURL string
	// Credential names the credential: "partner client <client ID>", the
	// data API's tokens minted with it ("data-API tokens of partner
	// client <client ID>") or "access token <first 8 hex digits of its
	// SHA-256>".
	Credential string
	Usage
}

// UsageSummary returns the usage of every credential that sent a request
// in this process, by base URL and credential.
func UsageSummary() []CredentialUsage {
	throttles.mu.Lock()
	list := make([]*throttle, 0, len(throttles.m))
	for _, t := range throttles.m {
		list = append(list, t)
	}
	throttles.mu.Unlock()
	var out []CredentialUsage
	for _, t := range list {
		t.mu.Lock()
		u := CredentialUsage{BaseURL: t.baseURL, Credential: t.label, Usage: t.usage}
		t.mu.Unlock()
		if u.Sent > 0 {
			out = append(out, u)
		}
	}
	slices.SortFunc(out, func(a, b CredentialUsage) int {
		return cmp.Or(strings.Compare(a.BaseURL, b.BaseURL), strings.Compare(a.Credential, b.Credential))
	})
	return out
}

// count adds one attempt to the usage.
func (t *throttle) count(waited time.Duration, retry bool, status int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.usage.Sent++
	t.usage.Waited += waited
	if retry {
		t.usage.Retried++
	}
	if status == 429 {
		t.usage.Refused++
	}
}

// credentialLabel names a credential in logs: by the partner's client ID,
// which is no secret, or by a short hash of an access token.
func credentialLabel(auth API, partnerID, accessToken string) string {
	switch {
	case accessToken != "":
		sum := sha256.Sum256([]byte(accessToken))
		return "access token " + hex.EncodeToString(sum[:4])
	case auth == DataAPI:
		return "data-API tokens of partner client " + partnerID
	default:
		return "partner client " + partnerID
	}
}
