// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

const profilePath = "/v1/partner/profile"

// profileReads counts the requests of f that read the profile.
func profileReads(f *fakeAPI) int {
	n := 0
	for _, r := range f.requests() {
		if r.path == profilePath {
			n++
		}
	}
	return n
}

// The first check reads the profile; every later one, in this process and
// with these credentials, sends nothing.
func TestCheckPartnerCredentials_once(t *testing.T) {
	f := newFakeAPI(t, reply{status: http.StatusOK, body: `{"id": 1}`})
	for i := range 3 {
		if err := f.client(t).CheckPartnerCredentials(t.Context()); err != nil {
			t.Fatalf("check %d: %v", i+1, err)
		}
	}
	if n := profileReads(f); n != 1 {
		t.Errorf("three checks read the profile %d times, want 1", n)
	}
}

// A wrong secret makes the check fail with the service's 401; the process
// does not ask again (the first caller reported it), and another
// credential is checked on its own.
func TestCheckPartnerCredentials_refused(t *testing.T) {
	f := newFakeAPI(t, reply{status: http.StatusUnauthorized, body: `{"message": "invalid client credentials"}`})
	err := f.client(t).CheckPartnerCredentials(t.Context())
	if !IsUnauthorized(err) {
		t.Fatalf("check = %v, want the service's 401", err)
	}
	if err := f.client(t).CheckPartnerCredentials(t.Context()); err != nil {
		t.Errorf("second check = %v, want nil: the first one reported the outcome", err)
	}
	other := func(c *Config) { c.PartnerClientSecret = "another-secret" }
	if err := f.client(t, other).CheckPartnerCredentials(t.Context()); !IsUnauthorized(err) {
		t.Errorf("check of another secret = %v, want its own 401", err)
	}
	if n := profileReads(f); n != 2 {
		t.Errorf("the profile was read %d times, want 2 (once per secret)", n)
	}
}

// A 2xx answer to any request with the partner credentials proves them; an
// error answer, or an answer to the access token, does not.
func TestCheckPartnerCredentials_provenByOtherRequests(t *testing.T) {
	f := newFakeAPIHandler(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/v1/partner/missing" {
			w.WriteHeader(http.StatusNotFound)
		}
		_, _ = w.Write([]byte(`{"id": 1}`))
	})
	c := f.client(t, withMaxRetries(0))
	ctx := t.Context()
	_ = c.do(ctx, partnerRead("read missing", "/v1/partner/missing"), nil, nil)
	_ = c.do(ctx, aisRead("list accounts", "/v1/ais/accounts", 1001, "user-1001", PermissionAccountsRead), nil, nil)
	if !c.proof.claim(ctx, time.Time{}) {
		t.Fatal("a 404 or an access token's answer proved the partner credentials")
	}

	f2 := newFakeAPI(t, reply{status: http.StatusOK, body: "[]"})
	c2 := f2.client(t)
	if _, err := c2.ListCredentials(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c2.CheckPartnerCredentials(ctx); err != nil {
		t.Fatal(err)
	}
	if n := profileReads(f2); n != 0 {
		t.Errorf("the check read the profile %d times after a good answer, want 0", n)
	}
}

// A check made while a request with the credentials is on its way waits
// for that answer instead of sending its own read.
func TestCheckPartnerCredentials_waitsForARequestOnItsWay(t *testing.T) {
	arrived, release := make(chan struct{}), make(chan struct{})
	f := newFakeAPIHandler(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == credentialsPath {
			close(arrived)
			<-release
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte("[]"))
	})
	c := f.client(t)
	c.settled = time.Time{} // only the request on its way can make it wait
	listed := make(chan error)
	go func() { _, err := c.ListCredentials(t.Context()); listed <- err }()
	<-arrived
	checked := make(chan error)
	go func() { checked <- c.CheckPartnerCredentials(t.Context()) }()
	// Give the check time to start waiting: without the wait it would
	// read the profile now.
	time.Sleep(50 * time.Millisecond)
	close(release)
	if err := <-listed; err != nil {
		t.Fatal(err)
	}
	if err := <-checked; err != nil {
		t.Fatal(err)
	}
	if n := profileReads(f); n != 0 {
		t.Errorf("the check read the profile %d times beside a request on its way, want 0", n)
	}
}

// A check made first waits, until the client has settled, for a request
// that starts after it, as a plan's refresh may start after its first
// change: that request's answer proves the credentials.
func TestCheckPartnerCredentials_waitsForAFirstRequest(t *testing.T) {
	f := newFakeAPI(t, reply{status: http.StatusOK, body: "[]"})
	c := f.client(t)
	c.settled = time.Now().Add(time.Minute) // the request below starts well before
	checked := make(chan error)
	go func() { checked <- c.CheckPartnerCredentials(t.Context()) }()
	time.Sleep(50 * time.Millisecond) // the check starts first
	if _, err := c.ListCredentials(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := <-checked; err != nil {
		t.Fatal(err)
	}
	if n := profileReads(f); n != 0 {
		t.Errorf("the check read the profile %d times, want 0: the list proved the credentials", n)
	}
}

// A check that waits gives up, sending nothing, when its context ends.
func TestCheckPartnerCredentials_canceled(t *testing.T) {
	f := newFakeAPI(t)
	c := f.client(t)
	c.settled = time.Now().Add(time.Minute)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := c.CheckPartnerCredentials(ctx); err != nil {
		t.Errorf("check = %v, want nil", err)
	}
	if n := len(f.requests()); n != 0 {
		t.Errorf("%d requests sent, want none", n)
	}
}

// Nothing is sent when the check is turned off or a credential is missing.
func TestCheckPartnerCredentials_skipped(t *testing.T) {
	f := newFakeAPI(t, reply{status: http.StatusUnauthorized, body: "{}"})
	for name, opt := range map[string]func(*Config){
		"turned off":     func(c *Config) { c.SkipCredentialsCheck = true },
		"missing secret": func(c *Config) { c.PartnerClientSecret = "" },
	} {
		if err := f.client(t, opt).CheckPartnerCredentials(t.Context()); err != nil {
			t.Errorf("%s: check = %v, want nil", name, err)
		}
	}
	if n := len(f.requests()); n != 0 {
		t.Errorf("%d requests sent, want none", n)
	}
}

// A check that cannot open a connection fails with the network error,
// which Unreachable gives and which names the address; an answer of the
// service, such as a 404, is not that.
func TestCheckPartnerCredentials_unreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close() // nothing listens there now
	c, err := New(testConfig("http://" + addr))
	if err != nil {
		t.Fatal(err)
	}
	c.settled = time.Time{}
	netErr, ok := Unreachable(c.CheckPartnerCredentials(t.Context()))
	if !ok || !strings.Contains(netErr.Error(), "dial tcp "+addr) {
		t.Errorf("Unreachable = %v, %v; want the network error of dialling %s", netErr, ok, addr)
	}

	f := newFakeAPI(t, reply{status: http.StatusNotFound, body: `{"message": "no such route"}`})
	if err := f.client(t).CheckPartnerCredentials(t.Context()); !IsNotFound(err) {
		t.Errorf("check = %v, want the service's 404", err)
	} else if _, ok := Unreachable(err); ok {
		t.Errorf("Unreachable(%v) = true, want false: the service answered", err)
	}
}
