// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const partnerMethodsPath = merchantPath + "/card-payments/payment-methods"

func pairAuth(id, secret string) map[string]string {
	return map[string]string{"X-Partner-Client-Id": id, "X-Partner-Client-Secret": secret}
}

// The fixtures' header pair is each partner's first credential, listed
// with its secret's last four characters only.
func TestFixtureCredentialIsListed(t *testing.T) {
	e := newEnv(t)
	var list []map[string]any
	r := e.partner(http.MethodGet, credentialsPath, nil)
	expectStatus(t, r, http.StatusOK)
	mustUnmarshal(t, r.raw, &list)
	if len(list) != 1 {
		t.Fatalf("list = %s", r.raw)
	}
	expectKeys(t, list[0], "id", "name", "clientId", "clientSecretLast4", "status", "createdAt")
	if list[0]["id"] != float64(firstCredentialID) || list[0]["clientId"] != DemoPartnerClientID ||
		list[0]["clientSecretLast4"] != "..."+DemoPartnerClientSecret[len(DemoPartnerClientSecret)-4:] ||
		list[0]["status"] != "active" || list[0]["createdAt"] != fixtureCreatedAt {
		t.Errorf("fixture credential = %v", list[0])
	}
	mustUnmarshal(t, e.do(http.MethodGet, credentialsPath, nil, otherPartnerAuth()).raw, &list)
	if len(list) != 1 || list[0]["id"] != float64(firstCredentialID+1) || list[0]["clientId"] != OtherPartnerClientID {
		t.Errorf("other partner's list = %v", list)
	}
	expectMessage(t, e.do(http.MethodGet, credentialsPath, nil, nil), http.StatusUnauthorized, "missing header X-Partner-Client-Id")
}

// A new pair works at once on partner routes and the OAuth2 token
// endpoint; its secret is shown once.
func TestCreateCredential(t *testing.T) {
	e := newEnv(t)
	r := e.partner(http.MethodPost, credentialsPath, map[string]any{"name": "ci"})
	expectStatus(t, r, http.StatusCreated)
	created := r.obj(t)
	expectKeys(t, created, "id", "name", "clientId", "clientSecret", "clientSecretLast4", "status", "createdAt")
	id, secret := get[string](t, created, "clientId"), get[string](t, created, "clientSecret")
	if !regexp.MustCompile(`^partner_[a-z0-9]{16}$`).MatchString(id) || len(secret) < 32 ||
		created["clientSecretLast4"] != "..."+secret[len(secret)-4:] || created["name"] != "ci" || created["id"] != float64(firstCredentialID+2) {
		t.Errorf("create answer = %v", created)
	}
	if strings.Contains(string(e.partner(http.MethodGet, credentialsPath, nil).raw), secret) {
		t.Error("the list shows the secret")
	}

	expectStatus(t, e.do(http.MethodGet, partnerMethodsPath, nil, pairAuth(id, secret)), http.StatusOK)
	expectStatus(t, e.do(http.MethodGet, "/v1/partner/merchants/2001/card-payments/payment-methods", nil, pairAuth(id, secret)), http.StatusForbidden)
	token := e.grant(id, secret)
	expectStatus(t, e.do(http.MethodGet, partnerMethodsPath, nil, map[string]string{"Authorization": "Bearer " + token, "X-Merchant-Client-Id": id}), http.StatusOK)

	for name, body := range map[string]any{
		"no name":    map[string]any{},
		"blank name": map[string]any{"name": " "},
		"long name":  map[string]any{"name": strings.Repeat("n", 101)},
	} {
		t.Run(name, func(t *testing.T) {
			expectMessage(t, e.partner(http.MethodPost, credentialsPath, body), http.StatusBadRequest, `"name"`)
		})
	}
}

// grant returns an OAuth2 token for the pair.
func (e *env) grant(id, secret string) string {
	e.t.Helper()
	r := e.oauthGrant(url.Values{"grant_type": {"client_credentials"}, "client_id": {id}, "client_secret": {secret}})
	expectStatus(e.t, r, http.StatusOK)
	return get[string](e.t, r.obj(e.t), "access_token")
}

// ciCredential is a pair the demo partner creates for a test: the create
// answer, the pair's client ID and secret, and its path.
type ciCredential struct {
	created          map[string]any
	id, secret, path string
}

func (e *env) createCICredential() ciCredential {
	e.t.Helper()
	created := e.partner(http.MethodPost, credentialsPath, map[string]any{"name": "ci"}).obj(e.t)
	return ciCredential{
		created: created,
		id:      get[string](e.t, created, "clientId"),
		secret:  get[string](e.t, created, "clientSecret"),
		path:    fmt.Sprintf("%s/%v", credentialsPath, created["id"]),
	}
}

// Rotating issues a new secret: the old one, and the OAuth2 tokens it got,
// are refused at once; the new one works.
func TestRotateCredential(t *testing.T) {
	e := newEnv(t)
	c := e.createCICredential()
	id, old, path := c.id, c.secret, c.path
	oldToken := e.grant(id, old)

	r := e.partner(http.MethodPost, path+"/rotate", nil)
	expectStatus(t, r, http.StatusOK)
	rotated := r.obj(t)
	expectKeys(t, rotated, "id", "name", "clientId", "clientSecret", "clientSecretLast4", "status", "createdAt")
	fresh := get[string](t, rotated, "clientSecret")
	if fresh == old || rotated["clientId"] != id || rotated["createdAt"] != c.created["createdAt"] || rotated["status"] != "active" {
		t.Errorf("rotate answer = %v", rotated)
	}

	expectMessage(t, e.do(http.MethodGet, partnerMethodsPath, nil, pairAuth(id, old)), http.StatusUnauthorized, "invalid partner credentials")
	if r := e.oauthGrant(url.Values{"grant_type": {"client_credentials"}, "client_id": {id}, "client_secret": {old}}); r.status != http.StatusUnauthorized {
		t.Errorf("OAuth2 grant with the old secret: %d %s", r.status, r.raw)
	}
	expectMessage(t, e.do(http.MethodGet, partnerMethodsPath, nil, bearer(oldToken)), http.StatusUnauthorized, "rotated or revoked")
	expectStatus(t, e.do(http.MethodGet, partnerMethodsPath, nil, pairAuth(id, fresh)), http.StatusOK)
	expectStatus(t, e.do(http.MethodGet, partnerMethodsPath, nil, bearer(e.grant(id, fresh))), http.StatusOK)
	if stored := e.srv.Snapshot().Credentials[2]; stored.Rotations != 1 || stored.RotatedAt == "" || stored.ClientSecret != fresh {
		t.Errorf("stored credential = %v", stored)
	}
}

// Revoking refuses the pair's secret and tokens at once; it stays listed,
// revoked. A revoked pair cannot be rotated; revoking again changes
// nothing.
func TestRevokeCredential(t *testing.T) {
	e := newEnv(t)
	c := e.createCICredential()
	id, secret, path := c.id, c.secret, c.path
	token := e.grant(id, secret)

	r := e.partner(http.MethodDelete, path, nil)
	expectStatus(t, r, http.StatusOK)
	revoked := r.obj(t)
	expectKeys(t, revoked, "id", "name", "clientId", "clientSecretLast4", "status", "createdAt")
	if revoked["status"] != "revoked" {
		t.Errorf("revoke answer = %v", revoked)
	}
	expectMessage(t, e.do(http.MethodGet, partnerMethodsPath, nil, pairAuth(id, secret)), http.StatusUnauthorized, "revoked")
	expectMessage(t, e.do(http.MethodGet, partnerMethodsPath, nil, pairAuth(id, "guess")), http.StatusUnauthorized, "unknown client ID or wrong client secret")
	expectStatus(t, e.do(http.MethodGet, partnerMethodsPath, nil, bearer(token)), http.StatusUnauthorized)
	if r := e.oauthGrant(url.Values{"grant_type": {"client_credentials"}, "client_id": {id}, "client_secret": {secret}}); r.status != http.StatusUnauthorized {
		t.Errorf("OAuth2 grant of a revoked pair: %d", r.status)
	}
	if !strings.Contains(string(e.partner(http.MethodGet, credentialsPath, nil).raw), `"status":"revoked"`) {
		t.Error("the list does not show the revoked pair")
	}
	expectStatus(t, e.partner(http.MethodDelete, path, nil), http.StatusOK)
	expectMessage(t, e.partner(http.MethodPost, path+"/rotate", nil), http.StatusConflict, "revoked")
}

// Another partner's pair is as unknown as a missing one; IDs are numbers.
func TestCredentialScoping(t *testing.T) {
	e := newEnv(t)
	theirs := fmt.Sprintf("%s/%d", credentialsPath, firstCredentialID+1)
	expectMessage(t, e.partner(http.MethodPost, theirs+"/rotate", nil), http.StatusNotFound, "not found")
	expectMessage(t, e.partner(http.MethodDelete, theirs, nil), http.StatusNotFound, "not found")
	expectMessage(t, e.partner(http.MethodDelete, credentialsPath+"/999", nil), http.StatusNotFound, "credential 999 not found")
	expectMessage(t, e.partner(http.MethodDelete, credentialsPath+"/abc", nil), http.StatusBadRequest, "positive integer")
	expectMessage(t, e.partner(http.MethodPost, fmt.Sprintf("%s/%d/rotate", credentialsPath, firstCredentialID), `{"name":"x"}`),
		http.StatusBadRequest, `unknown field "name"`)
	if c := e.srv.Snapshot().Credentials[1]; c.Status != "active" || c.ClientSecret != OtherPartnerClientSecret {
		t.Errorf("other partner's pair = %v", c)
	}
}

// A partner may revoke the pair it calls with: that call is answered, the
// next is refused, and Reset brings the fixtures back.
func TestRevokeOwnCredential(t *testing.T) {
	e := newEnv(t)
	expectStatus(t, e.partner(http.MethodDelete, fmt.Sprintf("%s/%d", credentialsPath, firstCredentialID), nil), http.StatusOK)
	expectStatus(t, e.partner(http.MethodGet, credentialsPath, nil), http.StatusUnauthorized)
	e.srv.Reset()
	expectStatus(t, e.partner(http.MethodGet, credentialsPath, nil), http.StatusOK)
}

// A pair's header requests and its OAuth2 tokens share one rate-limit
// bucket, apart from the partner's other pairs.
func TestRateLimitKeyOfPairs(t *testing.T) {
	e := newEnv(t)
	c := e.createCICredential()
	id, secret := c.id, c.secret
	key := func(headers map[string]string) string {
		req, _ := http.NewRequest(http.MethodGet, partnerMethodsPath, nil)
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		return rateLimitKey(RouteListPaymentMethods, req)
	}
	pair, token := key(pairAuth(id, secret)), key(bearer(e.grant(id, secret)))
	if pair != "partner:"+id || token != pair {
		t.Errorf("keys %q (headers) and %q (OAuth2 token), want both partner:%s", pair, token, id)
	}
	if fixture := key(bearer(e.grant(DemoPartnerClientID, DemoPartnerClientSecret))); fixture != "partner:"+DemoPartnerClientID {
		t.Errorf("the fixture pair's token key = %q", fixture)
	}
}

// The credential routes' robustness cases: the demo partner's first
// credential.
func init() {
	first := map[string]string{"credentialId": strconv.Itoa(firstCredentialID)}
	addRobustCases(map[string]robustCase{
		RouteListCredentials:  {},
		RouteCreateCredential: {body: map[string]any{"name": "ci"}},
		RouteRotateCredential: {path: first},
		RouteRevokeCredential: {path: first},
	})
}
