// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package sandboxtest starts a cardpay-sandbox in-process for the tests of
// every package: one place that knows the demo
// credentials, serves the sandbox on 127.0.0.1, checks its traffic against
// the API contract and closes it when the test ends.
//
//	sb := sandboxtest.Start(t)                        // one host, contract checked
//	sb := sandboxtest.Start(t, sandboxtest.SplitHosts()) // partner and data API apart
//	c := sb.Client(t)                                 // a client with the demo credentials
//
// The sandbox package's own internal tests (package sandbox) cannot import
// it, since it imports the sandbox; nor can the internal tests of the
// client and contract packages, which it imports too. Their external test
// packages can.
package sandboxtest

import (
	"net/http"
	"net/http/httptest"
	"os"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/contract"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtls"
	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// TB is the part of testing.TB the package needs. It is an interface of
// its own so that no package of the module but its tests imports testing.
type TB interface {
	Helper()
	Cleanup(func())
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// Credentials are a partner's, as the provider and the client take them.
type Credentials struct {
	ClientID     string
	ClientSecret string
	// AccessToken is a data-API bearer token the sandbox accepts for every
	// user of the partner's merchants, for tests that do not want the
	// client to mint tokens with the partner credentials.
	AccessToken string
}

// Demo are the credentials of the default fixtures' demo partner, which
// manages merchants 1001 to 1003.
var Demo = Credentials{
	ClientID:     sandbox.DemoPartnerClientID,
	ClientSecret: sandbox.DemoPartnerClientSecret,
	AccessToken:  sandbox.DemoAccessToken,
}

// SignPartner sets the partner headers of c on req, for tests that call
// the API without the client.
func (c Credentials) SignPartner(req *http.Request) {
	req.Header.Set("X-Partner-Client-Id", c.ClientID)
	req.Header.Set("X-Partner-Client-Secret", c.ClientSecret)
}

// Host names what one address of a sandbox serves, for Wrap.
type Host string

const (
	// BothAPIs is the one address of a sandbox without SplitHosts.
	BothAPIs Host = "both APIs"
	// PartnerAPI and DataAPI are the two addresses of SplitHosts.
	PartnerAPI Host = "partner API"
	DataAPI    Host = "data API"
)

// Option changes how Start builds the sandbox.
type Option func(*settings)

type settings struct {
	config   sandbox.Config
	tls      bool
	split    bool
	contract bool
	exempt   []func(*http.Request) bool
	wraps    []func(Host, http.Handler) http.Handler
}

// Fixtures serves f instead of the default fixtures.
func Fixtures(f *sandbox.Fixtures) Option {
	return func(s *settings) { s.config.Fixtures = f }
}

// Latency delays every API request by d (sandbox.Config.Latency).
func Latency(d time.Duration) Option {
	return func(s *settings) { s.config.Latency = d }
}

// RateLimit limits each credential's API requests (sandbox.Config.RateLimit).
func RateLimit(l sandbox.RateLimit) Option {
	return func(s *settings) { s.config.RateLimit = l }
}

// TokenLife is how long data-API and OAuth2 tokens live.
func TokenLife(d time.Duration) Option {
	return func(s *settings) { s.config.TokenLife = d }
}

// MaxPageLimit is the largest page of transactions the sandbox serves.
func MaxPageLimit(n int64) Option {
	return func(s *settings) { s.config.MaxPageLimit = n }
}

// AutoAdvance moves new merchants and onboarding applications on after d,
// as cardpay-sandbox -auto-advance does (sandbox.Config.AutoAdvance).
func AutoAdvance(d time.Duration) Option {
	return func(s *settings) { s.config.AutoAdvance = d }
}

// Clock runs the sandbox on c instead of the real clock.
func Clock(c *testclock.Clock) Option {
	return func(s *settings) { s.config.Now = c.Now }
}

// SplitHosts serves the partner API and the data API on addresses of their
// own, as the service publishes them (sandbox.Server.PartnerAPI, DataAPI).
func SplitHosts() Option {
	return func(s *settings) { s.split = true }
}

// TLS serves https with a certificate for 127.0.0.1 and localhost, signed
// by a CA made for the sandbox (sandboxtls), as cardpay-sandbox -tls does;
// Sandbox.CACertFile holds the CA's certificate for clients to trust.
func TLS() Option {
	return func(s *settings) { s.tls = true }
}

// WithoutContract leaves the traffic unchecked, for a test that breaks the
// contract on purpose. Say why where it is used.
func WithoutContract() Option {
	return func(s *settings) { s.contract = false }
}

// ContractExempt leaves the requests for which skip is true unchecked, for
// a test that breaks the contract on purpose with some requests only.
func ContractExempt(skip func(*http.Request) bool) Option {
	return func(s *settings) { s.exempt = append(s.exempt, skip) }
}

// Wrap puts middleware between the contract check and the sandbox on each
// host, to record or change what a host sees; it is called once per host.
func Wrap(middleware func(host Host, next http.Handler) http.Handler) Option {
	return func(s *settings) { s.wraps = append(s.wraps, middleware) }
}

// ServeStatus serves r with next and returns the status code of the
// answer, 200 when next set none, for middleware of Wrap that looks at
// what a host answered.
func ServeStatus(next http.Handler, w http.ResponseWriter, r *http.Request) int {
	rec := sandbox.NewStatusRecorder(w)
	next.ServeHTTP(rec, r)
	return rec.Status
}

// Sandbox is a running sandbox and what a test needs to reach it. The
// embedded Server is its admin side: state, faults, request counts.
type Sandbox struct {
	*sandbox.Server
	Credentials
	// URL serves the partner API, and the data API too unless the sandbox
	// was started with SplitHosts.
	URL string
	// DataURL serves the data API; it equals URL without SplitHosts.
	DataURL string
	// CACertFile is a PEM file of the CA that signed the sandbox's
	// certificate, with TLS; "" without.
	CACertFile string

	servers []*httptest.Server
}

// Start starts a sandbox with the demo credentials on 127.0.0.1 for the
// test and closes it when the test ends. Every request and answer of the
// API is checked against api/openapi.yaml unless WithoutContract is given;
// violations fail the test when it ends.
func Start(t TB, opts ...Option) *Sandbox {
	t.Helper()
	s := settings{contract: true}
	for _, opt := range opts {
		opt(&s)
	}
	var check func(http.Handler) http.Handler
	if s.contract {
		// The validators are made before the servers, so the servers'
		// Close (a later Cleanup) runs before the validators report.
		check = func(next http.Handler) http.Handler {
			h := contract.NewHandler(t, next)
			for _, skip := range s.exempt {
				h.Exempt(skip)
			}
			return h
		}
	}
	var certs *sandboxtls.Bundle
	if s.tls {
		var err error
		if certs, err = sandboxtls.Generate([]string{"127.0.0.1", "localhost"}, time.Now()); err != nil {
			t.Fatalf("sandbox certificate: %v", err)
		}
		s.config.CACertPEM = certs.CAPEM
	}
	sb := serve(s, check, certs)
	t.Cleanup(sb.Close)
	if certs != nil {
		sb.CACertFile = writeTemp(t, "sandbox-ca-*.pem", certs.CAPEM)
	}
	return sb
}

// writeTemp writes data to a new temporary file, removed when the test
// ends, and returns its path.
func writeTemp(t TB, pattern string, data []byte) string {
	f, err := os.CreateTemp("", pattern)
	if err != nil {
		t.Fatalf("%v", err)
		return ""
	}
	t.Cleanup(func() { _ = os.Remove(f.Name()) })
	_, err = f.Write(data)
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		t.Fatalf("%v", err)
	}
	return f.Name()
}

func serve(s settings, check func(http.Handler) http.Handler, certs *sandboxtls.Bundle) *Sandbox {
	sb := &Sandbox{Server: sandbox.New(s.config), Credentials: Demo}
	start := func(host Host, h http.Handler) string {
		for _, wrap := range s.wraps {
			h = wrap(host, h)
		}
		if check != nil {
			h = check(h)
		}
		srv := httptest.NewUnstartedServer(h)
		if certs != nil {
			srv.TLS = certs.ServerConfig()
			srv.StartTLS()
		} else {
			srv.Start()
		}
		sb.servers = append(sb.servers, srv)
		return srv.URL
	}
	if s.split {
		sb.URL = start(PartnerAPI, sb.PartnerAPI())
		sb.DataURL = start(DataAPI, sb.DataAPI())
	} else {
		sb.URL = start(BothAPIs, sb.Server)
		sb.DataURL = sb.URL
	}
	return sb
}

// Close stops serving and waits for the requests in flight.
func (sb *Sandbox) Close() {
	for _, srv := range sb.servers {
		srv.Close()
	}
}

// Client returns a client of the sandbox with the demo credentials, the
// access token included, after configure changed its configuration.
func (sb *Sandbox) Client(t TB, configure ...func(*client.Config)) *client.Client {
	t.Helper()
	cfg := client.Config{
		BaseURL:             sb.URL,
		CACertFile:          sb.CACertFile,
		PartnerClientID:     sb.ClientID,
		PartnerClientSecret: sb.ClientSecret,
		AccessToken:         sb.AccessToken,
	}
	if sb.DataURL != sb.URL {
		cfg.AISBaseURL = sb.DataURL
	}
	for _, f := range configure {
		f(&cfg)
	}
	c, err := client.New(cfg)
	if err != nil {
		t.Fatalf("client of the sandbox: %v", err)
	}
	return c
}

// Env is the provider's environment for the sandbox: its addresses and the
// partner credentials, with no access token, so the provider asks for
// data-API tokens as it does for a user.
func (sb *Sandbox) Env() []string {
	env := []string{
		"CARDPAY_BASE_URL=" + sb.URL,
		"CARDPAY_PARTNER_CLIENT_ID=" + sb.ClientID,
		"CARDPAY_PARTNER_CLIENT_SECRET=" + sb.ClientSecret,
	}
	if sb.DataURL != sb.URL {
		env = append(env, "CARDPAY_AIS_BASE_URL="+sb.DataURL)
	}
	if sb.CACertFile != "" {
		env = append(env, "CARDPAY_CA_CERT_FILE="+sb.CACertFile)
	}
	return env
}
