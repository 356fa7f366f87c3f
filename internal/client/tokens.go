// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"crypto/sha256"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/sync/singleflight"
)

// Short-lived bearer tokens: the partner's OAuth2 token (PartnerAuthOAuth2)
// and the data API's tokens, minted per merchant, user and permission set.
// Each lives in a tokenCache shared by every Client of the same host and
// credentials in this process, is renewed shortly before it expires and
// once after a 401, and is never written anywhere: the client masks every
// token it holds in logs and errors.
const (
	// tokenRenewMargin is how long before its expiry a token is renewed,
	// at most; tokenRenewShare caps the margin at that share of a short
	// token's life, so a token of two seconds is still used. The guide's
	// sample OAuth2 client renews 300 s early.
	tokenRenewMargin = 5 * time.Minute
	tokenRenewShare  = 5
	// assumedTokenLife is how long a token without an expiry (no JWT exp
	// claim, no expires_in) is taken to live: the data API's pages say
	// tokens "expire after a set time (e.g., 1 hour)". A shorter life
	// costs one 401, after which the token is renewed.
	assumedTokenLife = time.Hour
)

// bearerToken is one token and when to stop using it.
type bearerToken struct {
	value   string
	renewAt time.Time
}

// newBearerToken schedules the renewal of a token minted at issued that
// expires at expires (zero: unknown).
func newBearerToken(value string, issued, expires time.Time) bearerToken {
	if expires.IsZero() {
		expires = issued.Add(assumedTokenLife)
	}
	margin := min(tokenRenewMargin, expires.Sub(issued)/tokenRenewShare)
	return bearerToken{value: value, renewAt: expires.Add(-margin)}
}

// jwtExpiry reads the exp claim of a JWT without verifying it: the client
// only needs to know when the service will stop accepting the token. Zero
// when the token is not a JWT or has no exp.
func jwtExpiry(token string) time.Time {
	claims := jwt.MapClaims{}
	if _, _, err := jwt.NewParser().ParseUnverified(token, claims); err != nil {
		return time.Time{}
	}
	exp, err := claims.GetExpirationTime()
	if err != nil || exp == nil {
		return time.Time{}
	}
	return exp.Time
}

// tokenCache keeps tokens by scope key and mints each at most once at a
// time, however many calls need it at once.
type tokenCache struct {
	now   func() time.Time
	group singleflight.Group

	mu     sync.Mutex
	tokens map[string]bearerToken
	// issued keeps every token handed out, expired ones included, so
	// that a late log line or error quoting one is still masked.
	issued map[string]bool
}

func newTokenCache() *tokenCache {
	return &tokenCache{now: time.Now, tokens: map[string]bearerToken{}, issued: map[string]bool{}}
}

// minter asks the service for a token and says when it expires (zero:
// not stated).
type minter func(ctx context.Context) (value string, expires time.Time, err error)

// token returns a fresh token for key, minting one when there is none or
// it is due for renewal. Concurrent callers for one key share one mint;
// each waits only as long as its own context allows.
func (tc *tokenCache) token(ctx context.Context, key string, mint minter) (string, error) {
	tc.mu.Lock()
	t, ok := tc.tokens[key]
	tc.mu.Unlock()
	if ok && tc.now().Before(t.renewAt) {
		return t.value, nil
	}
	ch := tc.group.DoChan(key, func() (any, error) {
		// Not the first caller's context: its cancellation must not
		// fail the others who wait for the same token.
		issued := tc.now()
		value, expires, err := mint(context.WithoutCancel(ctx))
		if err != nil {
			return "", err
		}
		t := newBearerToken(value, issued, expires)
		tc.mu.Lock()
		tc.tokens[key] = t
		tc.issued[t.value] = true
		tc.mu.Unlock()
		return t.value, nil
	})
	select {
	case res := <-ch:
		if res.Err != nil {
			return "", res.Err
		}
		value, _ := res.Val.(string) // mints return strings
		return value, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// invalidate drops key's token if it is still value, so that the next
// call mints a new one; a token another caller already renewed stays.
func (tc *tokenCache) invalidate(key, value string) {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if t, ok := tc.tokens[key]; ok && t.value == value {
		delete(tc.tokens, key)
	}
}

// values lists every token this cache has handed out, for masking.
func (tc *tokenCache) values() []string {
	if tc == nil { // a Client built by hand in a test
		return nil
	}
	tc.mu.Lock()
	defer tc.mu.Unlock()
	out := make([]string, 0, len(tc.issued))
	for v := range tc.issued {
		out = append(out, v)
	}
	return out
}

// tokenCaches are process-wide, like the throttles: Terraform may
// configure the provider more than once in one process, and a token
// minted for one configuration serves the next.
var tokenCaches = struct {
	mu sync.Mutex
	m  map[tokenCacheKey]*tokenCache
}{m: map[tokenCacheKey]*tokenCache{}}

// tokenCacheKey names a host, a kind of token and the credentials that
// mint it, the latter by a hash so the map holds no secret.
type tokenCacheKey struct {
	host, kind string
	credential [sha256.Size]byte
}

func sharedTokens(host, kind string, credential ...string) *tokenCache {
	key := tokenCacheKey{host: host, kind: kind, credential: credentialHash(credential...)}
	tokenCaches.mu.Lock()
	defer tokenCaches.mu.Unlock()
	tc := tokenCaches.m[key]
	if tc == nil {
		tc = newTokenCache()
		tokenCaches.m[key] = tc
	}
	return tc
}

// credentialHash hashes the parts of a credential, each followed by a NUL
// so that ("ab", "c") and ("a", "bc") differ.
func credentialHash(parts ...string) [sha256.Size]byte {
	h := sha256.New()
	for _, part := range parts {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// errNoToken is the answer of a token endpoint that carries no token.
var errNoToken = errors.New("the answer carries no token")

// trimmedToken is a token field of an answer, required.
func trimmedToken(s string) (string, error) {
	if s = strings.TrimSpace(s); s == "" {
		return "", errNoToken
	}
	return s, nil
}
