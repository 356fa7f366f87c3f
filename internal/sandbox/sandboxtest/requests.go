// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandboxtest

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// RequestMark is a sandbox's API request counts at one moment, so a test
// can later say that nothing reached the service since: the check that bad
// input is refused before any request is sent.
type RequestMark struct {
	srv    *sandbox.Server
	counts map[string]int
}

// MarkRequests marks srv's request counts now. A mark taken right after
// the sandbox started counts every request of the test.
func MarkRequests(srv *sandbox.Server) RequestMark {
	return RequestMark{srv: srv, counts: srv.RequestCounts()}
}

// NoneReached returns an error naming every route the sandbox served a
// request of since the mark, or nil when there is none. With routes it
// looks at those routes only (sandbox.Route constants), for tests whose
// other requests are expected. A reset of the counts in between (Reset,
// ResetRequestCounts) hides the requests before it.
func (m RequestMark) NoneReached(routes ...string) error {
	var reached []string
	for route, n := range m.Since() {
		if len(routes) == 0 || slices.Contains(routes, route) {
			reached = append(reached, fmt.Sprintf("%s (%d)", route, n))
		}
	}
	if len(reached) == 0 {
		return nil
	}
	slices.Sort(reached)
	scope := "the service"
	if len(routes) > 0 {
		scope = strings.Join(slices.Sorted(slices.Values(routes)), ", ")
	}
	return fmt.Errorf("requests reached %s, want none: %s", scope, strings.Join(reached, ", "))
}

// ExpectNoneReached fails t unless NoneReached finds nothing.
func (m RequestMark) ExpectNoneReached(t TB, routes ...string) {
	t.Helper()
	if err := m.NoneReached(routes...); err != nil {
		t.Errorf("%v", err)
	}
}

// Since returns how many requests of each route the sandbox served since
// the mark, leaving out the routes it served none of.
func (m RequestMark) Since() map[string]int {
	out := maps.Clone(m.srv.RequestCounts())
	for route, n := range out {
		if n -= m.counts[route]; n > 0 {
			out[route] = n
		} else {
			delete(out, route)
		}
	}
	return out
}
