// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// fuzzMethods are the methods a fuzzed request may use instead of its
// route's own, to reach the 405 path.
var fuzzMethods = []string{
	http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodHead, http.MethodOptions,
}

// FuzzDecodeRequest drives the real handler with a fuzzed route, method and
// body, authenticated for both route families. Whatever the input, the
// answer must be a non-5xx JSON response and the handler must not panic.
// route indexes fuzzRoutes; method 0 is the route's own method, anything
// else picks from fuzzMethods.
func FuzzDecodeRequest(f *testing.F) {
	srv := New(Config{Now: testclock.New(testclock.Start).Now})
	routes := fuzzRoutes(srv)
	for i, route := range routes {
		raw, _ := json.Marshal(robustCases[route].body)
		f.Add(uint8(i), uint8(0), raw)
		f.Add(uint8(i), uint8(0), []byte{})
	}
	f.Add(uint8(4), uint8(0), []byte(`{"amount":"100","currency":"DKK"}`))
	f.Add(uint8(4), uint8(3), []byte(`{}`))

	f.Fuzz(func(t *testing.T, route, method uint8, body []byte) {
		key := routes[int(route)%len(routes)]
		m, path := routePath(key)
		if k := int(method) % (len(fuzzMethods) + 1); k > 0 {
			m = fuzzMethods[k-1]
		}
		// A fresh state per input keeps runs reproducible and stops
		// created objects from piling up over millions of inputs.
		srv.Reset()
		authorizeUserConsent(t, srv)
		seedRobustObjects(srv)

		rec := serveRaw(t, srv, m, path, "application/json", body)
		if rec.Code >= 500 {
			t.Fatalf("%s %s with body %q: status %d %s", m, path, body, rec.Code, rec.Body)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/json" || !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("%s %s with body %q: Content-Type %q, body %q is not JSON", m, path, body, ct, rec.Body)
		}
		if rec.Code >= 400 {
			if problem := envelopeProblem(path, rec.Code, rec.Body.Bytes()); problem != "" {
				t.Fatalf("%s %s with body %q: %d: %s", m, path, body, rec.Code, problem)
			}
		}
	})
}

// authorizeUserConsent gives user-1001 an authorized consent with every
// permission, so AIS bodies that pass validation reach the data code too.
func authorizeUserConsent(t testing.TB, srv *Server) {
	t.Helper()
	body, _ := json.Marshal(consentBody())
	rec := serveRaw(t, srv, http.MethodPost, "/v1/ais/consents", "application/json", body)
	if rec.Code != http.StatusCreated {
		t.Fatalf("consent: %d %s", rec.Code, rec.Body)
	}
	var c Consent
	if err := json.Unmarshal(rec.Body.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	if err := srv.AuthorizeConsent(c.RequestID); err != nil {
		t.Fatal(err)
	}
}

// corpusRoutes are the routes the seed corpus in testdata names by index,
// in the order it means them, whatever order the areas register their
// routes in. Routes the corpus does not know come after them.
var corpusRoutes = []string{
	RouteCreateOnlineTerminal,
	RouteListPaymentMethods,
	RouteActivatePaymentMethod,
	RouteStartOnboarding,
	RouteCreateOrder,
	RouteCreateInterappCode,
	RouteUpdateStore,
	RouteCreateConsent,
	RouteListAccounts,
	RouteGetBalance,
	RouteListTransactions,
	RouteOnboardingStatus,
	RouteListTerminals,
	RouteCreateStore,
	RouteListStores,
	RouteGetStore,
	RouteDeactivateStore,
	RouteGetOrder,
	RouteCreateWebhook,
	RouteListWebhooks,
	RouteUpdateWebhook,
	RouteGetConsent,
	RouteConsentAuthorizationURL,
}

// fuzzRoutes are the routes a fuzzed input indexes: corpusRoutes, then the
// server's other routes in the order it registers them.
func fuzzRoutes(srv *Server) []string {
	routes := slices.Clone(corpusRoutes)
	for _, route := range srv.routeKeys {
		if !slices.Contains(routes, route) {
			routes = append(routes, route)
		}
	}
	return routes
}

// Every route the corpus names is still served, and fuzzing reaches every
// route once.
func TestFuzzRoutes(t *testing.T) {
	srv := New(Config{})
	got := fuzzRoutes(srv)
	if len(got) != len(srv.routeKeys) {
		t.Errorf("fuzzRoutes has %d routes, the server %d: a corpus route is no longer served", len(got), len(srv.routeKeys))
	}
	for _, route := range srv.routeKeys {
		if !slices.Contains(got, route) {
			t.Errorf("fuzzRoutes lacks %s", route)
		}
	}
}
