// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// The robustness tests' table (robustness_test.go): how each API route is
// called, added by each area from its own test file.

// robustCase is how the robustness tests call one API route: a valid
// request body with every field the route accepts (nil: the route takes no
// body), which the tests mutate field by field, and the value of each of
// its path parameters, chosen for this route (a {paymentId} of one route
// may name another object than that of another). {merchantId} is 1001
// unless path says otherwise. The objects the values name are in the
// robustness server: the fixtures, and what each area's robustSeed adds.
type robustCase struct {
	body map[string]any
	path map[string]string
}

// robustCases holds the case of every API route. Each area adds its own,
// with addRobustCases in an init function of its own test file, and
// TestRobustnessTableCoversEveryRoute names a route without one.
var robustCases = map[string]robustCase{}

// robustSeeds add the objects the cases' path values name and that the
// fixtures lack (created IDs are random); each area adds its own with
// addRobustSeed.
var robustSeeds []func(srv *Server)

func addRobustCases(cases map[string]robustCase) {
	for route, c := range cases {
		if _, dup := robustCases[route]; dup {
			panic("robustness case of " + route + " added twice")
		}
		robustCases[route] = c
	}
}

func addRobustSeed(seed func(srv *Server)) { robustSeeds = append(robustSeeds, seed) }

// routePath fills a route key's path parameters with the values of its
// case and returns its method and path.
func routePath(route string) (method, path string) {
	method, path, _ = strings.Cut(route, " ")
	values := map[string]string{"merchantId": "1001"}
	maps.Copy(values, robustCases[route].path)
	for name, value := range values {
		path = strings.ReplaceAll(path, "{"+name+"}", value)
	}
	return method, path
}

// methodsByPath groups the routes' methods by filled-in path: several
// routes share a path (GET, PUT and DELETE of a store).
func methodsByPath(routes []string) map[string][]string {
	out := map[string][]string{}
	for _, route := range routes {
		method, path := routePath(route)
		out[path] = append(out[path], method)
	}
	return out
}

// robustServer is a sandbox with an authorized consent for user-1001 and
// the objects of robustSeeds, so valid bodies succeed and only the
// mutations fail.
func robustServer(t testing.TB) *Server {
	t.Helper()
	srv := New(Config{Now: testclock.New(testclock.Start).Now})
	authorizeUserConsent(t, srv)
	seedRobustObjects(srv)
	return srv
}

func seedRobustObjects(srv *Server) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	for _, seed := range robustSeeds {
		seed(srv)
	}
}

// TestRobustnessTableCoversEveryRoute names what an area's routes lack:
// a robustness case, or a value of a path parameter, and where to add it.
func TestRobustnessTableCoversEveryRoute(t *testing.T) {
	srv := New(Config{})
	for _, route := range srv.routeKeys {
		file := areaTestFile(srv.routeAreas[route])
		c, ok := robustCases[route]
		if !ok {
			t.Errorf("route %q has no robustness case: add it to the init function of %s, "+
				"addRobustCases(map[string]robustCase{%s: {body: ..., path: ...}})", route, file, routeConstant(route))
			continue
		}
		method, path := routePath(route)
		if strings.Contains(path, "{") {
			t.Errorf("route %q: %s %s has a path parameter without a value: add it to the path of its robustness case in %s",
				route, method, path, file)
		}
		for name := range c.path {
			if !strings.Contains(route, "{"+name+"}") {
				t.Errorf("route %q has no path parameter %q, which its robustness case in %s names", route, name, file)
			}
		}
	}
	for route := range robustCases {
		if !slices.Contains(srv.routeKeys, route) {
			t.Errorf("robustness case of %q, which the server does not serve", route)
		}
	}
}

// areaTestFile is the test file of an area, where its rows go: an area
// is named after its file (registerArea), such as consentaccounts.go.
func areaTestFile(area string) string { return area + "_test.go" }

// routeConstant is how a message shows a route: its pattern, quoted, for
// its Route constant.
func routeConstant(route string) string { return strconv.Quote(route) }
