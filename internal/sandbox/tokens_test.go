// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// mintToken asks for a data-API token for user-1001 of merchant 1001.
func (e *env) mintToken(user string, perms ...string) string {
	e.t.Helper()
	r := e.partner(http.MethodPost, "/v1/auth/generate-token", map[string]any{"userId": user, "merchantId": 1001, "permissions": perms})
	expectStatus(e.t, r, http.StatusOK)
	return get[string](e.t, r.obj(e.t), "token")
}

func accountsBody(user string) map[string]any {
	return map[string]any{"userId": user, "merchantId": 1001}
}

func TestGenerateTokenChecks(t *testing.T) {
	e := newEnv(t)
	body := map[string]any{"userId": "user-1001", "merchantId": 1001, "permissions": []string{"ais:accounts:read"}}
	expectMessage(t, e.do(http.MethodPost, "/v1/auth/generate-token", body, nil), http.StatusUnauthorized, "X-Partner-Client-Id")
	expectMessage(t, e.partner(http.MethodPost, "/v1/auth/generate-token", map[string]any{"merchantId": 1001, "permissions": []string{"ais:accounts:read"}}),
		http.StatusBadRequest, `"userId"`)
	expectMessage(t, e.partner(http.MethodPost, "/v1/auth/generate-token", map[string]any{"userId": "u", "merchantId": 1001, "permissions": []string{"ReadBalances"}}),
		http.StatusBadRequest, "ais:balance:read")
	expectMessage(t, e.partner(http.MethodPost, "/v1/auth/generate-token", map[string]any{"userId": "u", "merchantId": 2001, "permissions": []string{"ais:accounts:read"}}),
		http.StatusForbidden, "2001")
	expectMessage(t, e.partner(http.MethodPost, "/v1/auth/generate-token", map[string]any{"userId": "u", "merchantId": 9999, "permissions": []string{"ais:accounts:read"}}),
		http.StatusNotFound, "9999")
	r := e.partner(http.MethodPost, "/v1/auth/generate-token", body)
	expectStatus(t, r, http.StatusOK)
	expectKeys(t, r.obj(t), "token")
}

// A minted token reads only its own user's data with its own permissions;
// anything else is a 401.
func TestMintedTokenScope(t *testing.T) {
	e := newEnv(t)
	e.authorizedConsent(consentBody())
	accounts := e.mintToken("user-1001", "ais:accounts:read")
	expectStatus(t, e.do(http.MethodPost, "/v1/ais/accounts", accountsBody("user-1001"), bearer(accounts)), http.StatusOK)

	expectMessage(t, e.do(http.MethodPost, "/v1/ais/accounts", accountsBody("user-1001-big"), bearer(accounts)),
		http.StatusUnauthorized, "issued for user user-1001 of merchant 1001, not user user-1001-big")
	balance := map[string]any{"userId": "user-1001", "merchantId": 1001, "accountId": "acc-1001-dkk"}
	expectMessage(t, e.do(http.MethodPost, "/v1/ais/accounts/balance", balance, bearer(accounts)),
		http.StatusUnauthorized, "lacks permission ais:balance:read")
	expectStatus(t, e.do(http.MethodPost, "/v1/ais/accounts/balance", balance, bearer(e.mintToken("user-1001", "ais:balance:read"))), http.StatusOK)

	// A consent read with another user's token.
	r := e.ais("/v1/ais/consents", consentBody())
	id := get[string](t, r.obj(t), "requestId")
	other := e.mintToken("user-1001-big", "ais:accounts:read")
	expectMessage(t, e.do(http.MethodGet, "/v1/ais/consents/"+id, nil, bearer(other)), http.StatusUnauthorized, "not user user-1001")
	expectStatus(t, e.do(http.MethodGet, "/v1/ais/consents/"+id, nil, bearer(accounts)), http.StatusOK)
	// A consent for another user cannot be created with this token.
	big := consentBody()
	big["userId"] = "user-1001-big"
	expectStatus(t, e.do(http.MethodPost, "/v1/ais/consents", big, bearer(accounts)), http.StatusUnauthorized)
	// The partner's static token still reads everything of its partner.
	expectStatus(t, e.ais("/v1/ais/accounts", accountsBody("user-1001")), http.StatusOK)
}

// Tokens end when their life runs out, and all at once on ExpireTokens
// (also through the admin surface); new ones work again.
func TestMintedTokenExpiry(t *testing.T) {
	e := newEnvWith(t, Config{TokenLife: time.Minute})
	e.authorizedConsent(consentBody())
	token := e.mintToken("user-1001", "ais:accounts:read")
	e.clock.Advance(59 * time.Second)
	expectStatus(t, e.do(http.MethodPost, "/v1/ais/accounts", accountsBody("user-1001"), bearer(token)), http.StatusOK)
	e.clock.Advance(2 * time.Second)
	r := e.do(http.MethodPost, "/v1/ais/accounts", accountsBody("user-1001"), bearer(token))
	expectMessage(t, r, http.StatusUnauthorized, "token expired")
	if got := r.header.Get("WWW-Authenticate"); got == "" {
		t.Error("a 401 of the data API should carry WWW-Authenticate")
	}

	token = e.mintToken("user-1001", "ais:accounts:read")
	expectStatus(t, e.do(http.MethodPost, "/_sandbox/tokens/expire", nil, nil), http.StatusOK)
	expectMessage(t, e.do(http.MethodPost, "/v1/ais/accounts", accountsBody("user-1001"), bearer(token)), http.StatusUnauthorized, "token expired")
	expectStatus(t, e.do(http.MethodPost, "/v1/ais/accounts", accountsBody("user-1001"), bearer(e.mintToken("user-1001", "ais:accounts:read"))), http.StatusOK)

	expectStatus(t, e.do(http.MethodPut, "/_sandbox/tokens", map[string]any{"life": "2s"}, nil), http.StatusOK)
	token = e.mintToken("user-1001", "ais:accounts:read")
	e.clock.Advance(3 * time.Second)
	expectStatus(t, e.do(http.MethodPost, "/v1/ais/accounts", accountsBody("user-1001"), bearer(token)), http.StatusUnauthorized)
	expectStatus(t, e.do(http.MethodPut, "/_sandbox/tokens", map[string]any{"life": "soon"}, nil), http.StatusBadRequest)

	forged := token[:len(token)-2] + "xx"
	expectMessage(t, e.do(http.MethodPost, "/v1/ais/accounts", accountsBody("user-1001"), bearer(forged)), http.StatusUnauthorized, "invalid")
}

func (e *env) oauthGrant(form url.Values) response {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, e.http.URL+"/oauth/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := e.http.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	var raw json.RawMessage
	_ = json.NewDecoder(resp.Body).Decode(&raw)
	return response{path: req.URL.Path, status: resp.StatusCode, header: resp.Header, raw: raw}
}

func TestOAuthPartnerToken(t *testing.T) {
	e := newEnv(t)
	grant := url.Values{"grant_type": {"client_credentials"}, "client_id": {DemoPartnerClientID}, "client_secret": {DemoPartnerClientSecret}}
	r := e.oauthGrant(grant)
	expectStatus(t, r, http.StatusOK)
	body := r.obj(t)
	expectKeys(t, body, "access_token", "token_type", "expires_in", "scope")
	if body["token_type"] != "Bearer" || body["expires_in"] != float64(3600) {
		t.Errorf("answer %v", body)
	}
	token := get[string](t, body, "access_token")
	methods := "/v1/partner/merchants/1001/card-payments/payment-methods"
	expectStatus(t, e.do(http.MethodGet, methods, nil, map[string]string{"Authorization": "Bearer " + token, "X-Merchant-Client-Id": DemoPartnerClientID}), http.StatusOK)
	expectStatus(t, e.do(http.MethodGet, methods, nil, bearer(token)), http.StatusOK)
	expectMessage(t, e.do(http.MethodGet, methods, nil, map[string]string{"Authorization": "Bearer " + token, "X-Merchant-Client-Id": "someone"}),
		http.StatusUnauthorized, "X-Merchant-Client-Id")
	expectStatus(t, e.do(http.MethodGet, "/v1/partner/merchants/2001/card-payments/payment-methods", nil, bearer(token)), http.StatusForbidden)
	// A data-API token is not a partner token, nor the other way round.
	expectStatus(t, e.do(http.MethodGet, methods, nil, bearer(e.mintToken("user-1001", "ais:accounts:read"))), http.StatusUnauthorized)
	expectStatus(t, e.do(http.MethodPost, "/v1/ais/accounts", accountsBody("user-1001"), bearer(token)), http.StatusUnauthorized)
	e.srv.ExpireTokens()
	expectStatus(t, e.do(http.MethodGet, methods, nil, bearer(token)), http.StatusUnauthorized)

	wrong := url.Values{"grant_type": {"client_credentials"}, "client_id": {DemoPartnerClientID}, "client_secret": {"nope"}}
	r = e.oauthGrant(wrong)
	expectStatus(t, r, http.StatusUnauthorized)
	if got := r.obj(t); got["error"] != "invalid_client" || got["error_description"] == "" {
		t.Errorf("OAuth2 error body %v", got)
	}
	r = e.oauthGrant(url.Values{"grant_type": {"password"}})
	expectStatus(t, r, http.StatusBadRequest)
	if got := r.obj(t)["error"]; got != "invalid_request" {
		t.Errorf("error %v, want invalid_request", got)
	}
}

// The data API on a host of its own: each handler answers only its own
// API's paths, and both share one state.
func TestPartnerAndDataAPIApart(t *testing.T) {
	srv := New(Config{})
	partner, data := httptest.NewServer(srv.PartnerAPI()), httptest.NewServer(srv.DataAPI())
	t.Cleanup(partner.Close)
	t.Cleanup(data.Close)
	send := func(base, method, path string, headers map[string]string) int {
		t.Helper()
		var body io.Reader
		if method == http.MethodPost {
			body = strings.NewReader(`{"userId":"user-1001","merchantId":1001,"permissions":["ais:accounts:read"]}`)
		}
		req, _ := http.NewRequest(method, base+path, body)
		req.Header.Set("Content-Type", "application/json")
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		return resp.StatusCode
	}
	methods := "/v1/partner/merchants/1001/card-payments/payment-methods"
	for _, c := range []struct {
		base, method, path string
		headers            map[string]string
		want               int
	}{
		{partner.URL, http.MethodGet, methods, partnerAuth(), http.StatusOK},
		{data.URL, http.MethodGet, methods, partnerAuth(), http.StatusNotFound},
		{data.URL, http.MethodPost, "/v1/auth/generate-token", partnerAuth(), http.StatusOK},
		{partner.URL, http.MethodPost, "/v1/auth/generate-token", partnerAuth(), http.StatusNotFound},
		{partner.URL, http.MethodPost, "/v1/ais/accounts", bearer(DemoAccessToken), http.StatusNotFound},
		{data.URL, http.MethodGet, "/_sandbox/state", nil, http.StatusOK},
	} {
		if got := send(c.base, c.method, c.path, c.headers); got != c.want {
			t.Errorf("%s %s on %s: %d, want %d", c.method, c.path, c.base, got, c.want)
		}
	}
}

// Every token minted for a partner counts against that partner's one
// data-API bucket, not a bucket per token.
func TestRateLimitKeyOfMintedTokens(t *testing.T) {
	e := newEnv(t)
	a, b := e.mintToken("user-1001", "ais:accounts:read"), e.mintToken("user-1001-big", "ais:balance:read")
	key := func(token string) string {
		req := httptest.NewRequest(http.MethodPost, "/v1/ais/accounts", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		return rateLimitKey(RouteListAccounts, req)
	}
	if key(a) != key(b) || key(a) != "data:"+DemoPartnerClientID {
		t.Errorf("keys %q and %q, want both data:%s", key(a), key(b), DemoPartnerClientID)
	}
	if key(DemoAccessToken) == key(a) {
		t.Error("a static access token should count apart from minted tokens")
	}
}

// The token routes' robustness cases.
func init() {
	addRobustCases(map[string]robustCase{
		RouteGenerateToken: {body: map[string]any{"userId": "user-1001", "merchantId": 1001, "permissions": []any{"ais:accounts:read"}}},
		// A form on the wire; the sandbox takes the same fields as JSON too.
		RouteOAuthToken: {body: map[string]any{
			"grant_type": "client_credentials", "client_id": DemoPartnerClientID, "client_secret": DemoPartnerClientSecret,
		}},
	})
}
