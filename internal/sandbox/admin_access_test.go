// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// adminCall sends GET /_sandbox/state to srv as if from remoteAddr (the
// test fakes the peer: no traffic leaves the process) and returns the
// status and body.
func adminCall(srv *Server, path, remoteAddr, authorization string) (int, string) {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.RemoteAddr = remoteAddr
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

// Who may use the admin surface: every case of adminAccess, with the peer
// on loopback or on another machine.
func TestAdminAccess(t *testing.T) {
	const remote, loopback, loopback6 = "192.0.2.10:40000", "127.0.0.1:40000", "[::1]:40000"
	withToken := New(Config{AdminToken: "s3cret"})
	without := New(Config{})
	disabled := New(Config{AdminDisabled: true})
	for _, tc := range []struct {
		name          string
		srv           *Server
		peer, auth    string
		status        int
		messageSubstr string
	}{
		{"no token, loopback peer", without, loopback, "", 200, ""},
		{"no token, IPv6 loopback peer", without, loopback6, "", 200, ""},
		{"no token, remote peer", without, remote, "", 403, "answers only this machine (loopback) unless"},
		{"no token, remote peer sending one", without, remote, "Bearer s3cret", 403, "CARDPAY_SANDBOX_ADMIN_TOKEN"},
		{"token, remote peer without it", withToken, remote, "", 401, "needs this sandbox's admin token"},
		{"token, remote peer with a wrong one", withToken, remote, "Bearer s3cre", 401, "needs this sandbox's admin token"},
		{"token, remote peer with it in another scheme", withToken, remote, "Basic s3cret", 401, "Authorization: Bearer"},
		{"token, remote peer with it", withToken, remote, "Bearer s3cret", 200, ""},
		{"token, loopback peer without it", withToken, loopback, "", 401, "needs this sandbox's admin token"},
		{"token, loopback peer with it", withToken, loopback, "Bearer s3cret", 200, ""},
		{"disabled, loopback peer", disabled, loopback, "", 403, "turned off"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := adminCall(tc.srv, "/_sandbox/state", tc.peer, tc.auth)
			if status != tc.status || !strings.Contains(body, tc.messageSubstr) {
				t.Errorf("GET /_sandbox/state = %d %s, want %d with %q", status, body, tc.status, tc.messageSubstr)
			}
			if status != 200 && strings.Contains(body, "merchants") {
				t.Errorf("a refused admin request shows data: %s", body)
			}
		})
	}
}

// The readiness endpoint answers anyone, and shows nothing but that the
// sandbox is ready; the CA certificate is there only when the sandbox has
// one.
func TestPublicEndpoints(t *testing.T) {
	const remote = "192.0.2.10:40000"
	for _, srv := range []*Server{New(Config{AdminToken: "s3cret"}), New(Config{AdminDisabled: true}), New(Config{})} {
		if status, body := adminCall(srv, ReadyPath, remote, ""); status != 200 || body != "{\"status\":\"ready\"}\n" {
			t.Errorf("GET %s = %d %q, want 200 {\"status\":\"ready\"}", ReadyPath, status, body)
		}
		if status, body := adminCall(srv, CAPath, remote, ""); status != 404 || !strings.Contains(body, "no CA certificate of its own") {
			t.Errorf("GET %s without a CA = %d %s, want 404 saying why", CAPath, status, body)
		}
	}
	ca := "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
	if status, body := adminCall(New(Config{CACertPEM: []byte(ca), AdminToken: "s3cret"}), CAPath, remote, ""); status != 200 || body != ca {
		t.Errorf("GET %s = %d %q, want 200 with the CA", CAPath, status, body)
	}
}
