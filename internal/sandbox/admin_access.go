// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"crypto/subtle"
	"net"
	"net/http"
	"strings"
)

// Who may use the admin surface (/_sandbox/), decided in one place for
// every admin operation:
//
//   - with AdminDisabled, nobody;
//   - with an AdminToken, whoever sends it as "Authorization: Bearer
//     <token>", from any address, loopback included;
//   - without one, loopback peers only: another machine (or, in a
//     container, the host and the other containers) is refused.
//
// The API keeps its demo credentials either way. The readiness endpoint
// and the CA certificate are no admin operations: they show no data and
// change nothing, so anyone may read them (publicRoutes).

// Paths of the sandbox's public endpoints.
const (
	ReadyPath = "/_sandbox/ready"
	CAPath    = "/_sandbox/ca.pem"
)

// adminAccess refuses an admin request the sandbox's settings do not
// allow, or returns nil.
func (s *Server) adminAccess(r *http.Request) error {
	switch {
	case s.adminDisabled:
		return errorf(http.StatusForbidden, "the admin surface is turned off: this sandbox was started with -disable-admin")
	case s.adminToken != "":
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || subtle.ConstantTimeCompare([]byte(token), []byte(s.adminToken)) != 1 {
			return errorf(http.StatusUnauthorized, "the admin surface needs this sandbox's admin token: send "+
				"\"Authorization: Bearer <token>\" with the token it was started with (-admin-token or CARDPAY_SANDBOX_ADMIN_TOKEN)")
		}
		return nil
	case !loopbackPeer(r.RemoteAddr):
		return errorf(http.StatusForbidden, "the admin surface answers only this machine (loopback) unless the sandbox "+
			"was started with an admin token (-admin-token or CARDPAY_SANDBOX_ADMIN_TOKEN); then send it as "+
			"\"Authorization: Bearer <token>\"")
	}
	return nil
}

// loopbackPeer reports whether a request's remote address is on this
// machine's loopback interface (127.0.0.0/8, ::1).
func loopbackPeer(remoteAddr string) bool {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// publicRoutes registers the endpoints anyone may read: readiness, for a
// CI system that waits for the sandbox, and the CA certificate of a
// sandbox that made its own (-tls), for clients that trust it on first
// use. Neither shows data of the API.
func (s *Server) publicRoutes() {
	s.mux.HandleFunc("GET "+ReadyPath, func(w http.ResponseWriter, r *http.Request) {
		s.serve(func(w http.ResponseWriter, _ *http.Request) error {
			return writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
		}, w, r)
	})
	s.mux.HandleFunc("GET "+CAPath, func(w http.ResponseWriter, r *http.Request) {
		if len(s.caPEM) == 0 {
			writeError(w, r, http.StatusNotFound, "this sandbox has no CA certificate of its own: it serves plain http, "+
				"or TLS with a certificate it was handed (-tls-cert), whose CA you have")
			return
		}
		w.Header().Set("Content-Type", "application/x-pem-file")
		_, _ = w.Write(s.caPEM)
	})
}
