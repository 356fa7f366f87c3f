// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/hashicorp/terraform-plugin-log/tflogtest"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// tokenService is a fake data API and partner API that mints tokens: a
// JWT per generate-token call, valid for an hour, and an OAuth2 token per
// /oauth/token call. It accepts a bearer token only while it is one it
// minted and not revoked.
type tokenService struct {
	t    *testing.T
	api  *fakeAPI
	life time.Duration

	mu      sync.Mutex
	minted  []tokenRequest // the generate-token bodies, in order
	oauth   []url.Values   // the /oauth/token forms, in order
	valid   map[string]tokenRequest
	revoked map[string]bool
	// mintDelay slows every generate-token call, so concurrent callers
	// overlap.
	mintDelay time.Duration
	// refuseAll makes the service refuse every bearer token.
	refuseAll bool
	// refuseMints is how many token requests (either endpoint) are yet to
	// be refused with 429 and Retry-After: 1; refusedMints counts them.
	refuseMints, refusedMints int
}

func newTokenService(t *testing.T) *tokenService {
	ts := &tokenService{t: t, life: time.Hour, valid: map[string]tokenRequest{}, revoked: map[string]bool{}}
	ts.api = newFakeAPIHandler(t, ts.serve)
	return ts
}

func (ts *tokenService) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if ts.refuseMint(r.URL.Path) {
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(`{"statusCode":429,"message":"too many token requests"}`))
		return
	}
	switch r.URL.Path {
	case TokenPath:
		ts.mintData(w, r)
	case OAuthTokenPath:
		ts.mintOAuth(w, r)
	default:
		ts.serveAPI(w, r)
	}
}

func (ts *tokenService) mintData(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("X-Partner-Client-Secret") != testPartnerSecret && !ts.bearerOK(r) {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"statusCode":401,"message":"partner credentials required"}`))
		return
	}
	var req tokenRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		ts.t.Errorf("generate-token body: %v", err)
	}
	time.Sleep(ts.mintDelay)
	token := ts.sign(req.UserID)
	ts.mu.Lock()
	ts.minted = append(ts.minted, req)
	ts.valid[token] = req
	ts.mu.Unlock()
	_, _ = fmt.Fprintf(w, `{"token":%q}`, token)
}

// refuseMint says whether a request to path is a token request to refuse.
func (ts *tokenService) refuseMint(path string) bool {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if (path != TokenPath && path != OAuthTokenPath) || ts.refuseMints == 0 {
		return false
	}
	ts.refuseMints--
	ts.refusedMints++
	return true
}

func (ts *tokenService) mintOAuth(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		ts.t.Errorf("oauth form: %v", err)
	}
	token := ts.sign("partner")
	ts.mu.Lock()
	ts.oauth = append(ts.oauth, r.PostForm)
	ts.valid[token] = tokenRequest{}
	ts.mu.Unlock()
	_, _ = fmt.Fprintf(w, `{"access_token":%q,"token_type":"Bearer","expires_in":%d,"scope":"partner"}`, token, int(ts.life.Seconds()))
}

func (ts *tokenService) sign(subject string) string {
	ts.mu.Lock()
	n := len(ts.minted) + len(ts.oauth)
	ts.mu.Unlock()
	claims := jwt.MapClaims{"sub": subject, "exp": time.Now().Add(ts.life).Unix(), "n": n}
	token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte("test-key"))
	if err != nil {
		ts.t.Fatal(err)
	}
	return token
}

func (ts *tokenService) bearerOK(r *http.Request) bool {
	token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	ts.mu.Lock()
	defer ts.mu.Unlock()
	_, ok := ts.valid[token]
	return ok && !ts.revoked[token] && !ts.refuseAll
}

// serveAPI answers every other call: 401 unless its bearer token is valid
// (or, on partner paths, the partner headers are), then an empty answer
// of the right shape.
func (ts *tokenService) serveAPI(w http.ResponseWriter, r *http.Request) {
	partnerHeaders := r.Header.Get("X-Partner-Client-Secret") == testPartnerSecret
	if !ts.bearerOK(r) && (!partnerHeaders || !strings.HasPrefix(r.URL.Path, "/v1/partner/")) {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = fmt.Fprintf(w, `{"statusCode":401,"message":"invalid token %s"}`, r.Header.Get("Authorization"))
		return
	}
	switch {
	case strings.HasPrefix(r.URL.Path, "/v1/ais/accounts"):
		_, _ = w.Write([]byte(`{"accounts":[],"transactions":[]}`))
	default:
		_, _ = w.Write([]byte(`[]`))
	}
}

// revokeAll makes the service refuse every token minted so far.
func (ts *tokenService) revokeAll() {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for token := range ts.valid {
		ts.revoked[token] = true
	}
}

func (ts *tokenService) mints() []tokenRequest {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return slices.Clone(ts.minted)
}

// mintingClient is a client of ts without an access token, so it mints.
func (ts *tokenService) mintingClient(opts ...func(*Config)) *Client {
	return newTestClient(ts.t, ts.api.srv.URL, append([]func(*Config){func(c *Config) { c.AccessToken = "" }}, opts...)...)
}

// Each data-API read asks for a token of its user, its merchant and the one
// permission it needs; the partner headers authenticate the token request.
func TestDataTokensPerReadAndUser(t *testing.T) {
	ts := newTokenService(t)
	c := ts.mintingClient()
	ctx := t.Context()
	if _, err := c.ListAccounts(ctx, AccountsRequest{UserID: "u1", MerchantID: 1001}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetAccountBalance(ctx, BalanceRequest{UserID: "u1", MerchantID: 1001, AccountID: "a"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListTransactions(ctx, TransactionsRequest{UserID: "u2", MerchantID: 1002, AccountID: "a"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListAccounts(ctx, AccountsRequest{UserID: "u1", MerchantID: 1001}); err != nil {
		t.Fatal(err)
	}
	want := []tokenRequest{
		{UserID: "u1", MerchantID: 1001, Permissions: []string{PermissionAccountsRead}},
		{UserID: "u1", MerchantID: 1001, Permissions: []string{PermissionBalanceRead}},
		{UserID: "u2", MerchantID: 1002, Permissions: []string{PermissionTransactionsRead}},
	}
	if got := ts.mints(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("minted %v, want %v (the second accounts read reuses the first token)", got, want)
	}
	for _, r := range ts.api.requests() {
		if strings.HasPrefix(r.path, "/v1/ais/") && r.header.Get("X-Partner-Client-Secret") != "" {
			t.Errorf("%s carries the partner secret; data calls must carry only their token", r.path)
		}
	}
}

// A consent's calls use a token of the consent's own user with the token
// permissions of its consent permissions.
func TestConsentScope(t *testing.T) {
	ts := newTokenService(t)
	c := ts.mintingClient()
	if _, err := c.GetConsent(t.Context(), ConsentScope(7, "u7", []string{"ReadBalances", "ReadAccountsDetail"}), "ta:1:2"); err == nil {
		t.Log("the fake answers [] to a consent read; only the token request matters here")
	}
	want := []tokenRequest{{UserID: "u7", MerchantID: 7, Permissions: []string{PermissionAccountsRead, PermissionBalanceRead}}}
	if got := ts.mints(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("minted %v, want %v", got, want)
	}
	if got := ConsentScope(7, "u7", []string{"SomethingNew"}).Permissions; len(got) != 3 {
		t.Errorf("unknown consent permissions ask for %v, want all three token permissions", got)
	}
}

// Concurrent reads for one user and permission mint one token, not one each.
func TestConcurrentReadsMintOnce(t *testing.T) {
	ts := newTokenService(t)
	ts.mintDelay = 50 * time.Millisecond
	c := ts.mintingClient()
	var wg sync.WaitGroup
	var failed atomic.Int32
	for range 20 {
		wg.Go(func() {
			if _, err := c.ListAccounts(t.Context(), AccountsRequest{UserID: "u1", MerchantID: 1001}); err != nil {
				failed.Add(1)
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := len(ts.mints()); n != 1 {
		t.Errorf("20 concurrent reads minted %d tokens, want 1", n)
	}
}

// A token is renewed shortly before the expiry its JWT states, not after.
func TestDataTokenRenewedBeforeExpiry(t *testing.T) {
	ts := newTokenService(t)
	c := ts.mintingClient()
	// The token service signs expiries on the real clock, so the fake one
	// starts there.
	clock := testclock.New(time.Now())
	c.dataTokens.now = clock.Now
	read := func() {
		t.Helper()
		if _, err := c.ListAccounts(t.Context(), AccountsRequest{UserID: "u1", MerchantID: 1001}); err != nil {
			t.Fatal(err)
		}
	}
	read()
	clock.Advance(54 * time.Minute) // more than five minutes left: kept
	read()
	if n := len(ts.mints()); n != 1 {
		t.Fatalf("minted %d tokens with 6 minutes left, want 1", n)
	}
	clock.Advance(2 * time.Minute) // four minutes left: renewed
	read()
	if n := len(ts.mints()); n != 2 {
		t.Errorf("minted %d tokens with 4 minutes left, want 2", n)
	}
}

func TestRenewSchedule(t *testing.T) {
	issued := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		expires time.Time
		want    time.Time
	}{
		{"an hour: five minutes early", issued.Add(time.Hour), issued.Add(55 * time.Minute)},
		{"ten seconds: a fifth early", issued.Add(10 * time.Second), issued.Add(8 * time.Second)},
		{"unknown: an hour assumed", time.Time{}, issued.Add(55 * time.Minute)},
	}
	for _, tc := range tests {
		if got := newBearerToken("x", issued, tc.expires).renewAt; !got.Equal(tc.want) {
			t.Errorf("%s: renew at %s, want %s", tc.name, got, tc.want)
		}
	}
}

// A token the service refuses is renewed once and the call sent again; a
// second refusal is the caller's error, without a loop.
func TestDataTokenRenewedOnceAfter401(t *testing.T) {
	ts := newTokenService(t)
	c := ts.mintingClient()
	if _, err := c.ListAccounts(t.Context(), AccountsRequest{UserID: "u1", MerchantID: 1001}); err != nil {
		t.Fatal(err)
	}
	ts.revokeAll()
	if _, err := c.ListAccounts(t.Context(), AccountsRequest{UserID: "u1", MerchantID: 1001}); err != nil {
		t.Fatalf("after the token was revoked: %v", err)
	}
	if n := len(ts.mints()); n != 2 {
		t.Errorf("minted %d tokens, want 2 (one renewal)", n)
	}

	// A service that refuses every token: one renewal, then the error.
	refusing := newFakeAPIHandler(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == TokenPath {
			_, _ = w.Write([]byte(`{"token":"opaque-token-` + fmt.Sprint(time.Now().UnixNano()) + `"}`))
			return
		}
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"statusCode":401,"message":"token expired"}`))
	})
	c = newTestClient(t, refusing.srv.URL, func(c *Config) { c.AccessToken = "" })
	_, err := c.ListAccounts(t.Context(), AccountsRequest{UserID: "u1", MerchantID: 1001})
	if !IsUnauthorized(err) {
		t.Fatalf("err = %v, want the 401", err)
	}
	var mints, reads int
	for _, r := range refusing.requests() {
		if r.path == TokenPath {
			mints++
		} else {
			reads++
		}
	}
	if mints != 2 || reads != 2 {
		t.Errorf("%d token requests and %d reads, want 2 and 2", mints, reads)
	}
}

// A user's own access token replaces minting.
func TestAccessTokenOverride(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `{"accounts":[]}`})
	if _, err := api.client(t).ListAccounts(t.Context(), AccountsRequest{UserID: "u1", MerchantID: 1}); err != nil {
		t.Fatal(err)
	}
	reqs := api.requests()
	if len(reqs) != 1 || reqs[0].header.Get("Authorization") != "Bearer "+testAccessToken {
		t.Errorf("requests %v, want one read with the configured token", reqs)
	}
}

// Minted tokens appear in no log line and no error, even when the
// service echoes one back.
func TestMintedTokensNeverShown(t *testing.T) {
	ts := newTokenService(t)
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &logs)
	c := ts.mintingClient(withBodyLogs)
	if _, err := c.ListAccounts(ctx, AccountsRequest{UserID: "u1", MerchantID: 1001}); err != nil {
		t.Fatal(err)
	}
	ts.mu.Lock()
	ts.refuseAll = true // the 401 echoes the token
	ts.mu.Unlock()
	_, err := c.ListAccounts(ctx, AccountsRequest{UserID: "u1", MerchantID: 1001})
	if err == nil {
		t.Fatal("want the 401")
	}
	for _, token := range c.dataTokens.values() {
		if strings.Contains(err.Error(), token) {
			t.Errorf("error shows a token: %v", err)
		}
		for _, line := range strings.Split(logs.String(), "\n") {
			if strings.Contains(line, token) {
				t.Errorf("a log line shows a token: %s", line)
			}
		}
	}
	if len(c.dataTokens.values()) != 2 {
		t.Errorf("tokens issued: %d, want 2", len(c.dataTokens.values()))
	}
	if !strings.Contains(err.Error(), "invalid token Bearer ***") {
		t.Errorf("error %q should show the echoed token masked", err)
	}
}

// Partner calls with OAuth2: one token for every call, the form the guide
// shows, "Authorization: Bearer" with X-Merchant-Client-Id, and renewal
// after a 401.
func TestPartnerOAuth2(t *testing.T) {
	ts := newTokenService(t)
	c := ts.mintingClient(func(c *Config) { c.PartnerAuth = PartnerAuthOAuth2 })
	for range 3 {
		if _, err := c.ListPaymentMethods(t.Context(), 1001); err != nil {
			t.Fatal(err)
		}
	}
	ts.revokeAll()
	if _, err := c.ListPaymentMethods(t.Context(), 1001); err != nil {
		t.Fatal(err)
	}
	ts.mu.Lock()
	forms := slices.Clone(ts.oauth)
	ts.mu.Unlock()
	if len(forms) != 2 {
		t.Fatalf("%d OAuth2 token requests, want 2 (one renewal after the 401)", len(forms))
	}
	want := url.Values{"grant_type": {"client_credentials"}, "client_id": {testPartnerID}, "client_secret": {testPartnerSecret}}
	if forms[0].Encode() != want.Encode() {
		t.Errorf("form %v, want %v", forms[0], want)
	}
	for _, r := range ts.api.requests() {
		switch {
		case r.path == OAuthTokenPath:
			if ct := r.header.Get("Content-Type"); ct != contentTypeForm {
				t.Errorf("token request content type %q", ct)
			}
		case r.header.Get("X-Partner-Client-Secret") != "":
			t.Errorf("%s sends the partner secret header under OAuth2", r.path)
		case !strings.HasPrefix(r.header.Get("Authorization"), "Bearer ") || r.header.Get("X-Merchant-Client-Id") != testPartnerID:
			t.Errorf("%s: Authorization %q, X-Merchant-Client-Id %q", r.path, r.header.Get("Authorization"), r.header.Get("X-Merchant-Client-Id"))
		}
	}
}

// The data API may live on a host of its own: each area's requests, and
// the data API's token requests, go to their own host.
func TestDataAPIOnItsOwnHost(t *testing.T) {
	data := newTokenService(t)
	partner := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`})
	c := newTestClient(t, partner.srv.URL+"/v1/partner", func(c *Config) {
		c.AccessToken, c.AISBaseURL = "", data.api.srv.URL+"/v1"
	})
	if _, err := c.ListPaymentMethods(t.Context(), 1001); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListAccounts(t.Context(), AccountsRequest{UserID: "u1", MerchantID: 1001}); err != nil {
		t.Fatal(err)
	}
	for _, r := range partner.requests() {
		if !strings.HasPrefix(r.path, "/v1/partner/") {
			t.Errorf("partner host got %s", r.path)
		}
	}
	var paths []string
	for _, r := range data.api.requests() {
		paths = append(paths, r.path)
	}
	if want := []string{TokenPath, "/v1/ais/accounts"}; !slices.Equal(paths, want) {
		t.Errorf("data host got %v, want %v", paths, want)
	}
}

func TestDecimalInt64(t *testing.T) {
	for in, want := range map[Decimal]int64{"10000": 10000, "10000.00": 10000, "1e4": 10000, "-5": -5} {
		if got, ok := in.Int64(); !ok || got != want {
			t.Errorf("%q.Int64() = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []Decimal{"100.5", "", "abc", "99999999999999999999"} {
		if _, ok := in.Int64(); ok {
			t.Errorf("%q.Int64() is ok, want not a whole int64", in)
		}
	}
}

// The area's operations for the published examples' tests (decoders).
func init() {
	addDecoders(map[string]Decoder{
		"generateDataToken": func(ctx context.Context, c *Client) error {
			_, err := c.GenerateDataToken(ctx, DataScope{MerchantID: 1, UserID: "user_35100188", Permissions: []string{PermissionAccountsRead}})
			return err
		},
		"requestOAuthToken": func(ctx context.Context, c *Client) error {
			_, err := c.RequestOAuthToken(ctx)
			return err
		},
	})
}

// A 429 from either token endpoint waits its Retry-After and goes again,
// like any refusal, and counts as refused in the usage of the credential
// that mints; the calls that need the token meanwhile wait for that one
// mint: three concurrent data-API reads get one data-API token, and three
// partner calls under OAuth2 one OAuth2 token, each after one refusal.
func TestTokenMintRefusedWaitsAndMintsOnce(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  []func(*Config)
		call  func(*Client) error
		mints func(*tokenService) int
	}{
		{"data-API token", nil,
			func(c *Client) error {
				_, err := c.ListAccounts(t.Context(), AccountsRequest{UserID: "u1", MerchantID: 1001})
				return err
			},
			func(ts *tokenService) int { return len(ts.mints()) }},
		{"OAuth2 token", []func(*Config){func(c *Config) { c.PartnerAuth = PartnerAuthOAuth2 }},
			func(c *Client) error { _, err := c.ListPaymentMethods(t.Context(), 1001); return err },
			func(ts *tokenService) int { ts.mu.Lock(); defer ts.mu.Unlock(); return len(ts.oauth) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTokenService(t)
			ts.refuseMints = 1
			// Long enough to wait the Retry-After of 1 s (the test waits it).
			c := ts.mintingClient(append(tc.opts, func(c *Config) { c.MaxRateLimitWait = 5 * time.Second })...)
			var wg sync.WaitGroup
			for range 3 {
				wg.Go(func() {
					if err := tc.call(c); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if n := tc.mints(ts); n != 1 || ts.refusedMints != 1 {
				t.Errorf("%d tokens minted after %d refusals; want 1 after 1", n, ts.refusedMints)
			}
			var refused int64
			for _, u := range UsageSummary() {
				if u.BaseURL == c.baseURL {
					refused += u.Refused
				}
			}
			if refused != 1 {
				t.Errorf("usage counts %d refused requests, want the token request's 1", refused)
			}
		})
	}
}
