// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// An answer that cannot be encoded (here hand-built fixtures with broken
// accountDetails) is a 500 in the envelope of the route's API area.
func TestUnencodableAnswerUsesTheAreaEnvelope(t *testing.T) {
	f := DefaultFixtures()
	f.AISUsers[0].Accounts[0].AccountDetails = json.RawMessage(`{"broken":`)
	e := newEnvWith(t, Config{Fixtures: f})
	e.authorizedConsent(consentBody())
	r := e.ais("/v1/ais/accounts", map[string]any{"merchantId": 1001, "userId": "user-1001"})
	expectMessage(t, r, http.StatusInternalServerError, "internal sandbox error")
}

// Every error answer under /v1/ais/ has the AIS pages' envelope
// {"statusCode", "message"}; partner and admin routes keep {"status":
// "ERROR", "message"}. expectMessage checks the envelope by path.
func TestErrorEnvelopesByArea(t *testing.T) {
	e := newEnv(t)
	expectStatus(t, e.partner(http.MethodPost, webhooksPath, webhookBody("https://hooks.example/a", "payment.failed")), http.StatusCreated)
	pending := get[string](t, e.ais("/v1/ais/consents", consentBody()).obj(t), "requestId")
	big := `{"userId":"` + strings.Repeat("x", defaultMaxBodyBytes) + `"}`
	text := func(h map[string]string) map[string]string { h["Content-Type"] = "text/plain"; return h }
	for _, tc := range []struct {
		name, method, path string
		headers            map[string]string
		body               any
		fault              int
		status             int
		message            string
	}{
		{"AIS 401", http.MethodGet, "/v1/ais/consents/" + pending, nil, nil, 0, 401, "missing header Authorization"},
		{"AIS 400", http.MethodPost, "/v1/ais/consents", bearer(DemoAccessToken), `{"noSuchField":1}`, 0, 400, `unknown field "noSuchField"`},
		{"AIS 403", http.MethodPost, "/v1/ais/accounts", bearer(OtherAccessToken), map[string]any{"merchantId": 1001, "userId": "u"}, 0, 403, "not managed by this partner"},
		{"AIS 404", http.MethodGet, "/v1/ais/consents/nope", bearer(DemoAccessToken), nil, 0, 404, `consent "nope" not found`},
		{"AIS 404 route", http.MethodGet, "/v1/ais/nothing", bearer(DemoAccessToken), nil, 0, 404, "no such endpoint"},
		{"AIS 405", http.MethodDelete, "/v1/ais/consents/" + pending, bearer(DemoAccessToken), nil, 0, 405, "use GET"},
		{"AIS 413", http.MethodPost, "/v1/ais/accounts", bearer(DemoAccessToken), big, 0, 413, "exceeds the limit"},
		{"AIS 415", http.MethodPost, "/v1/ais/accounts", text(bearer(DemoAccessToken)), `{}`, 0, 415, "Content-Type must be application/json"},
		{"AIS fault", http.MethodGet, "/v1/ais/consents/" + pending, bearer(DemoAccessToken), nil, 500, 500, "injected sandbox fault"},
		{"AIS fault on authorize", http.MethodPost, "/v1/ais/consents/" + pending + "/authorize", bearer(DemoAccessToken), nil, 503, 503, "injected sandbox fault"},
		{"partner 401", http.MethodGet, webhooksPath, nil, nil, 0, 401, "missing header X-Partner-Client-Id"},
		{"partner 400", http.MethodPost, webhooksPath, partnerAuth(), webhookBody("ftp://hooks.example/"), 0, 400, "absolute https URL"},
		{"partner 404", http.MethodPut, webhooksPath + "/9999", partnerAuth(), webhookBody("https://hooks.example/a", "payment.failed"), 0, 404, "webhook 9999 not found"},
		{"partner 405: no delete is published", http.MethodDelete, webhooksPath + "/9001", partnerAuth(), nil, 0, 405, "use PUT"},
		{"partner 413", http.MethodPost, webhooksPath, partnerAuth(), big, 0, 413, "exceeds the limit"},
		{"partner 415", http.MethodPost, webhooksPath, text(partnerAuth()), `{}`, 0, 415, "Content-Type must be application/json"},
		{"partner fault", http.MethodGet, webhooksPath, partnerAuth(), nil, 502, 502, "injected sandbox fault"},
		{"admin 404", http.MethodPatch, "/_sandbox/webhooks/1", nil, `{}`, 0, 404, "webhook 1"},
		{"admin 409", http.MethodPost, "/_sandbox/consents/" + pending + "/revoke", nil, nil, 0, 409, "only authorized consents can be revoked"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.fault != 0 {
				_, pattern := e.srv.mux.Handler(httptest.NewRequest(tc.method, tc.path, nil))
				e.srv.InjectFault(Fault{Route: pattern, Status: tc.fault, Count: 1})
			}
			expectMessage(t, e.do(tc.method, tc.path, tc.body, tc.headers), tc.status, tc.message)
		})
	}
}
