// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// A consent reads by consent ID, as published, and by request ID, the
// sandbox's addition; only the client that created it can read it.
func TestConsentRead(t *testing.T) {
	e := newEnv(t)
	r := e.ais("/v1/ais/consents", consentBody())
	expectStatus(t, r, http.StatusCreated)
	requestID := get[string](t, r.obj(t), "requestId")

	r = e.do(http.MethodGet, "/v1/ais/consents/"+requestID, nil, bearer(DemoAccessToken))
	expectStatus(t, r, http.StatusOK)
	if c := r.obj(t); c["status"] != "pending" || c["requestId"] != requestID {
		t.Errorf("read by request ID = %v", c)
	}
	if err := e.srv.AuthorizeConsent(requestID); err != nil {
		t.Fatal(err)
	}
	consentID := e.srv.Snapshot().Consents[0].ConsentID
	if !strings.HasPrefix(consentID, "ta:") || strings.Count(consentID, ":") != 2 {
		t.Errorf("consent ID %q is not of the data provider's ta:…:… form", consentID)
	}
	r = e.do(http.MethodGet, "/v1/ais/consents/"+consentID, nil, bearer(DemoAccessToken))
	expectStatus(t, r, http.StatusOK)
	if c := r.obj(t); c["status"] != "authorized" || c["consentId"] != consentID {
		t.Errorf("read by consent ID = %v", c)
	}

	r = e.do(http.MethodGet, "/v1/ais/consents/"+consentID, nil, bearer(OtherAccessToken))
	expectMessage(t, r, http.StatusNotFound, "not found")
	if problem := envelopeProblem("/v1/ais/consents/x", r.status, r.raw); problem != "" {
		t.Error(problem)
	}
	expectMessage(t, e.do(http.MethodGet, "/v1/ais/consents/nope", nil, bearer(DemoAccessToken)), http.StatusNotFound, `consent "nope" not found`)
	r = e.do(http.MethodGet, "/v1/ais/consents/nope", nil, nil)
	if expectStatus(t, r, http.StatusUnauthorized); envelopeProblem("/v1/ais/consents/nope", r.status, r.raw) != "" {
		t.Errorf("AIS 401 is not in the AIS envelope: %s", r.raw)
	}
}

// A pending consent gets a fresh authorization URL, which reads return;
// any other status is a conflict.
func TestConsentFreshAuthorizationURL(t *testing.T) {
	e := newEnv(t)
	r := e.ais("/v1/ais/consents", consentBody())
	first := r.obj(t)
	requestID := get[string](t, first, "requestId")

	r = e.ais("/v1/ais/consents/"+requestID+"/authorize", nil)
	expectStatus(t, r, http.StatusOK)
	fresh := get[string](t, r.obj(t), "authorizationUrl")
	if fresh == first["authorizationUrl"] || !strings.HasPrefix(fresh, "https://bank.sandbox.cardpay.example/authorize?requestId="+requestID) {
		t.Errorf("fresh URL %q (first was %v)", fresh, first["authorizationUrl"])
	}
	r = e.do(http.MethodGet, "/v1/ais/consents/"+requestID, nil, bearer(DemoAccessToken))
	if get[string](t, r.obj(t), "authorizationUrl") != fresh {
		t.Errorf("read after renewal = %s", r.raw)
	}
	if err := e.srv.FailConsent(requestID, ""); err != nil {
		t.Fatal(err)
	}
	expectMessage(t, e.ais("/v1/ais/consents/"+requestID+"/authorize", nil), http.StatusConflict, "is failed")
}

func TestRevokeConsent(t *testing.T) {
	e := newEnv(t)
	pending := get[string](t, e.ais("/v1/ais/consents", consentBody()).obj(t), "requestId")
	if err := e.srv.RevokeConsent(pending); !errors.Is(err, ErrInvalidTransition) {
		t.Errorf("revoking a pending consent: %v, want ErrInvalidTransition", err)
	}
	id := e.authorizedConsent(consentBody())
	expectStatus(t, e.do(http.MethodPost, "/_sandbox/consents/"+id+"/revoke", nil, nil), http.StatusOK)
	if err := e.srv.RevokeConsent(id); err != nil {
		t.Errorf("revoking again: %v, want a no-op", err)
	}
	r := e.do(http.MethodGet, "/v1/ais/consents/"+id, nil, bearer(DemoAccessToken))
	if c := r.obj(t); c["status"] != "revoked" {
		t.Errorf("consent after revocation = %v", c)
	}
	// A revoked consent no longer opens the user's data.
	expectMessage(t, e.ais("/v1/ais/accounts", map[string]any{"userId": "user-1001", "merchantId": 1001}),
		http.StatusForbidden, "is revoked")
}

// The callback carries the consent ID as a query parameter, as the
// published browser redirect does, after the URL's own query, which stays
// as it was written; a stale consentId in it is replaced.
func TestCallbackCarriesConsentID(t *testing.T) {
	query := make(chan string, 1)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		query <- r.URL.RawQuery
	}))
	defer receiver.Close()
	e := newEnv(t)
	body := consentBody()
	body["callbackUrl"] = receiver.URL + "/cb?tenant=1001&note=a%20b&flag&consentId=stale"
	e.authorizedConsent(body)
	consentID := e.srv.Snapshot().Consents[0].ConsentID
	if got, want := <-query, "tenant=1001&note=a%20b&flag&consentId="+url.QueryEscape(consentID); got != want {
		t.Errorf("callback query %q, want %q", got, want)
	}
}

func TestWithQuery(t *testing.T) {
	for raw, want := range map[string]string{
		"https://app.example/cb":              "https://app.example/cb?consentId=ta%3A1%3A2",
		"https://app.example/cb?":             "https://app.example/cb?consentId=ta%3A1%3A2",
		"https://app.example/cb?b=2&a=1":      "https://app.example/cb?b=2&a=1&consentId=ta%3A1%3A2",
		"https://app.example/cb?consentId=x":  "https://app.example/cb?consentId=ta%3A1%3A2",
		"https://app.example/cb?x=1#done":     "https://app.example/cb?x=1&consentId=ta%3A1%3A2#done",
		"https://app.example/cb?consent%49d=": "https://app.example/cb?consentId=ta%3A1%3A2",
	} {
		if got := withQuery(raw, "consentId", "ta:1:2"); got != want {
			t.Errorf("withQuery(%q) = %q, want %q", raw, got, want)
		}
	}
}

// A read answers exactly what the create answer shows, with the status
// words moving on: consentId after authorization, expired once due.
func TestConsentReadShapeAndExpiry(t *testing.T) {
	e := newEnv(t)
	r := e.ais("/v1/ais/consents", consentBody())
	created := r.obj(t)
	requestID := get[string](t, created, "requestId")
	read := e.do(http.MethodGet, "/v1/ais/consents/"+requestID, nil, bearer(DemoAccessToken))
	expectStatus(t, read, http.StatusOK)
	if string(read.raw) != string(r.raw) {
		t.Errorf("read %s\nwant the create answer %s", read.raw, r.raw)
	}

	e.clock.Advance(time.Minute)
	if err := e.srv.AuthorizeConsent(requestID); err != nil {
		t.Fatal(err)
	}
	consentID := e.srv.Snapshot().Consents[0].ConsentID
	// Clients may escape the colons of a consent ID.
	read = e.do(http.MethodGet, "/v1/ais/consents/"+strings.ReplaceAll(consentID, ":", "%3A"), nil, bearer(DemoAccessToken))
	expectStatus(t, read, http.StatusOK)
	got := read.obj(t)
	expectKeys(t, got, append(mapKeys(created), "consentId")...)
	if got["status"] != "authorized" || got["updatedAt"] != "2026-01-15T12:01:00Z" || got["consentId"] != consentID {
		t.Errorf("authorized consent = %v", got)
	}

	e.clock.Advance(365 * 24 * time.Hour) // past expirationDateTime 2026-12-31T23:59:59Z
	got = e.do(http.MethodGet, "/v1/ais/consents/"+consentID, nil, bearer(DemoAccessToken)).obj(t)
	if got["status"] != "expired" || got["updatedAt"] != "2026-12-31T23:59:59Z" {
		t.Errorf("consent past its expiration = %v", got)
	}
	expectMessage(t, e.do(http.MethodGet, "/v1/ais/consents/"+requestID, `{"x":1}`, bearer(DemoAccessToken)),
		http.StatusBadRequest, `unknown field "x"`)
}

func TestConsentAuthorizeErrors(t *testing.T) {
	e := newEnv(t)
	pending := get[string](t, e.ais("/v1/ais/consents", consentBody()).obj(t), "requestId")
	authorized := e.authorizedConsent(consentBody())
	consentID := e.srv.Snapshot().Consents[1].ConsentID
	soon := consentBody()
	soon["expirationDateTime"] = "2026-01-15T13:00:00Z"
	due := get[string](t, e.ais("/v1/ais/consents", soon).obj(t), "requestId")
	e.clock.Advance(2 * time.Hour)

	authorize := func(id string) string { return "/v1/ais/consents/" + id + "/authorize" }
	for _, tc := range []struct {
		name, path string
		headers    map[string]string
		body       any
		status     int
		message    string
	}{
		{"no token", authorize(pending), nil, nil, 401, "missing header Authorization"},
		{"unknown token", authorize(pending), bearer("stolen"), nil, 401, "invalid or expired access token"},
		{"unknown consent", authorize("req_nope"), bearer(DemoAccessToken), nil, 404, `consent "req_nope" not found`},
		{"other partner's consent", authorize(pending), bearer(OtherAccessToken), nil, 404, "not found"},
		{"other partner's consent ID", authorize(consentID), bearer(OtherAccessToken), nil, 404, "not found"},
		{"authorized, by consent ID", authorize(consentID), bearer(DemoAccessToken), nil, 409, "consent " + authorized + " is authorized; only a pending consent"},
		{"expired by the clock", authorize(due), bearer(DemoAccessToken), nil, 409, "is expired"},
		{"body", authorize(pending), bearer(DemoAccessToken), `{"redirect":"x"}`, 400, `unknown field "redirect"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.do(http.MethodPost, tc.path, tc.body, tc.headers)
			expectMessage(t, r, tc.status, tc.message)
			if tc.status == 401 && r.header.Get("WWW-Authenticate") == "" {
				t.Error("401 without WWW-Authenticate")
			}
		})
	}
	if c := e.srv.Snapshot().Consents[0]; c.Status != "pending" || c.UpdatedAt != "2026-01-15T12:00:00Z" {
		t.Errorf("refused requests changed the pending consent: %+v", c)
	}
}

// Every call gives a new URL; the last one is what reads answer.
func TestConsentAuthorizeTwice(t *testing.T) {
	e := newEnv(t)
	id := get[string](t, e.ais("/v1/ais/consents", consentBody()).obj(t), "requestId")
	seen := map[string]bool{}
	var last string
	for range 3 {
		r := e.ais("/v1/ais/consents/"+id+"/authorize", nil)
		expectStatus(t, r, http.StatusOK)
		expectKeys(t, r.obj(t), "authorizationUrl")
		last = get[string](t, r.obj(t), "authorizationUrl")
		if seen[last] {
			t.Errorf("authorization URL %s handed out twice", last)
		}
		seen[last] = true
	}
	if got := e.srv.Snapshot().Consents[0].AuthorizationURL; got != last {
		t.Errorf("stored URL %s, want the last one %s", got, last)
	}
	if err := e.srv.AuthorizeConsent(id); err != nil {
		t.Errorf("authorizing after renewed URLs: %v", err)
	}
}

func TestRevokeConsentTransitions(t *testing.T) {
	e := newEnv(t)
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/consents/req_nope/revoke", nil, nil), http.StatusNotFound, "consent req_nope")
	failed := get[string](t, e.ais("/v1/ais/consents", consentBody()).obj(t), "requestId")
	if err := e.srv.FailConsent(failed, ""); err != nil {
		t.Fatal(err)
	}
	expectMessage(t, e.do(http.MethodPost, "/_sandbox/consents/"+failed+"/revoke", nil, nil), http.StatusConflict, "is failed")
	expired := e.authorizedConsent(consentBody())
	if err := e.srv.ExpireConsent(expired); err != nil {
		t.Fatal(err)
	}
	if err := e.srv.RevokeConsent(expired); !errors.Is(err, ErrInvalidTransition) {
		t.Errorf("revoking an expired consent: %v, want ErrInvalidTransition", err)
	}
	revoked := e.authorizedConsent(consentBody())
	e.clock.Advance(time.Minute)
	r := e.do(http.MethodPost, "/_sandbox/consents/"+revoked+"/revoke", nil, nil)
	expectStatus(t, r, http.StatusOK)
	if c := r.obj(t); c["status"] != "revoked" || c["updatedAt"] != "2026-01-15T12:01:00Z" {
		t.Errorf("revoke answer = %v", c)
	}
	if err := e.srv.ExpireConsent(revoked); !errors.Is(err, ErrInvalidTransition) {
		t.Errorf("expiring a revoked consent: %v, want ErrInvalidTransition", err)
	}
	expectMessage(t, e.ais("/v1/ais/consents/"+revoked+"/authorize", nil), http.StatusConflict, "is revoked")
}

func TestConsentRoutesAreCountedAndFaultable(t *testing.T) {
	e := newEnv(t)
	created := e.ais("/v1/ais/consents", consentBody()).obj(t)
	id := get[string](t, created, "requestId")
	e.srv.ResetRequestCounts()
	const read, renew = RouteGetConsent, RouteConsentAuthorizationURL
	e.srv.InjectFault(Fault{Route: renew, Status: http.StatusBadGateway, AfterApply: true, Count: 1})
	expectMessage(t, e.ais("/v1/ais/consents/"+id+"/authorize", nil), http.StatusBadGateway, "injected sandbox fault")
	renewed := e.do(http.MethodGet, "/v1/ais/consents/"+id, nil, bearer(DemoAccessToken))
	expectStatus(t, renewed, http.StatusOK)
	if url := get[string](t, renewed.obj(t), "authorizationUrl"); url == created["authorizationUrl"] {
		t.Errorf("read = %s, want the new URL the lost answer carried", renewed.raw)
	}
	e.do(http.MethodGet, "/v1/ais/consents/"+id, nil, nil) // 401s are counted too
	if counts := e.srv.RequestCounts(); counts[read] != 2 || counts[renew] != 1 || len(counts) != 2 {
		t.Errorf("counts = %v, want 2 reads and 1 renewal", counts)
	}
}

// robustConsentID is the pending consent the robustness server holds.
const robustConsentID = "req_robustness"

// The consent routes' robustness cases, and the consent they read.
func init() {
	pending := map[string]string{"consentId": robustConsentID}
	addRobustCases(map[string]robustCase{
		RouteCreateConsent: {body: map[string]any{
			"merchantId": 1001, "userId": "user-1001", "permissions": []any{"ReadBalances"},
			"expirationDateTime": "2026-12-31T23:59:59Z", "transactionFromDateTime": "2025-01-01T00:00:00Z",
			"callbackUrl": "http://127.0.0.1:1/callback",
		}},
		RouteGetConsent:              {path: pending},
		RouteConsentAuthorizationURL: {path: pending},
	})
	addRobustSeed(func(srv *Server) {
		srv.st.consents = append(srv.st.consents, &ConsentRecord{
			Consent: Consent{RequestID: robustConsentID, MerchantID: 1001, UserID: "user-robust", Permissions: []string{permBalances},
				ExpirationDateTime: "2099-01-01T00:00:00Z", TransactionFromDateTime: "2025-01-01T00:00:00Z", Status: consentPending,
				CreatedAt: fixtureCreatedAt, UpdatedAt: fixtureCreatedAt},
			ClientID: DemoAISClientID, expires: time.Date(2099, 1, 1, 0, 0, 0, 0, time.UTC),
		})
	})
}
