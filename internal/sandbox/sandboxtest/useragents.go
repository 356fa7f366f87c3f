// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandboxtest

import (
	"net/http"
	"sync"
)

// UserAgents records the User-Agent of each request a sandbox receives,
// for tests of what the provider says of itself: start the sandbox with
// Wrap(agents.Record).
type UserAgents struct {
	mu   sync.Mutex
	seen []string
}

// Record is the middleware for Wrap.
func (u *UserAgents) Record(_ Host, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u.mu.Lock()
		u.seen = append(u.seen, r.UserAgent())
		u.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

// Take returns the User-Agents recorded since the last Take.
func (u *UserAgents) Take() []string {
	u.mu.Lock()
	defer u.mu.Unlock()
	seen := u.seen
	u.seen = nil
	return seen
}
