// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Command cardpay-sandbox serves the in-memory partner API of
// internal/sandbox, on a loopback address unless told otherwise, for local
// development, demos, acceptance tests and partners' CI.
//
// The first line of output is "listening on http://HOST:PORT" (https with
// -tls), followed by
// the demo credentials and a ready-to-paste export line. SIGINT or SIGTERM
// shuts the server down gracefully.
//
// For benchmarks and demos, -latency delays every API request (admin
// requests excepted; it survives /_sandbox/reset), -merchants N adds N
// generated merchants, IDs from 100001, owned by the first partner, and
// -rate-limit R (with -rate-burst B) refuses more than R requests a second
// per credential with 429 and Retry-After, like a real API's gateway;
// -rate-headers adds the rate-limit headers some gateways send, and
// -rate-window S counts in fixed windows of S seconds instead of a bucket.
//
// -ais-addr serves the data (AIS) API on an address of its own, as the
// service publishes it on a host of its own; -token-life sets how long the
// data-API and OAuth2 tokens it issues live.
//
// -auto-advance D turns on auto-advance mode, for demos and CI runs that
// go through the whole chain unattended: merchants created through the API
// become active, and new card onboarding applications MERCHANT_CREATED, D
// after their creation (also PUT /_sandbox/auto-advance).
//
// Where it may listen, and how it is reached from other machines and
// containers (TLS, the admin token), is exposure.go's to decide. Every flag
// can also be set by an environment variable, CARDPAY_SANDBOX_ and the
// flag's name in capitals with "_" for "-" (CARDPAY_SANDBOX_ADMIN_TOKEN for
// -admin-token), for CI services that take no arguments; a flag on the
// command line wins.
package main

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtls"
)

const (
	shutdownTimeout = 5 * time.Second
	maxLatency      = time.Minute
	// firstGeneratedID keeps generated merchants clear of hand-written
	// fixture IDs.
	firstGeneratedID = 100001
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "cardpay-sandbox:", err)
		os.Exit(1)
	}
}

type options struct {
	addr      string
	aisAddr   string
	tokenLife time.Duration
	fixtures  string
	// exposure is how it may be reached (exposure.go).
	exposure    exposure
	quiet       bool
	latency     time.Duration
	merchants   int
	rateLimit   sandbox.RateLimit
	autoAdvance time.Duration
}

const usageHeader = `Usage: cardpay-sandbox [flags]

Serves the in-memory partner API. The first output line is
"listening on http://HOST:PORT" (https with -tls); the admin API is under
/_sandbox/, GET /_sandbox/ready answers once it serves. It listens on
loopback addresses unless it is given an admin token or -disable-admin.

Every flag can also be set by an environment variable: CARDPAY_SANDBOX_ and
the flag's name in capitals, "_" for "-" (CARDPAY_SANDBOX_ADMIN_TOKEN).

Flags:
`

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("cardpay-sandbox", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "listen address; port 0 picks a free port")
	fs.StringVar(&o.aisAddr, "ais-addr", "", "serve the data (AIS) API on this address of its own, e.g. 127.0.0.1:0 (default: on -addr)")
	fs.DurationVar(&o.tokenLife, "token-life", time.Hour, "how long the data-API and OAuth2 tokens the sandbox issues live, e.g. 30s")
	fs.StringVar(&o.fixtures, "fixtures", "", "JSON fixture file (default: built-in demo data)")
	o.exposure.flags(fs)
	fs.BoolVar(&o.quiet, "quiet", false, "do not log requests to stderr")
	fs.DurationVar(&o.latency, "latency", 0, "delay every API request by this much, e.g. 50ms (0..1m; admin requests are not delayed)")
	fs.IntVar(&o.merchants, "merchants", 0, fmt.Sprintf(
		"also generate this many merchants (0..%d) with IDs from %d, owned by the first partner and shaped like the demo merchants",
		sandbox.MaxGeneratedMerchants, firstGeneratedID))
	fs.Float64Var(&o.rateLimit.PerSecond, "rate-limit", 0,
		"refuse more than this many API requests per second and credential with 429 and Retry-After, e.g. 20 (0: no limit)")
	fs.IntVar(&o.rateLimit.Burst, "rate-burst", 0, "requests a credential may send at once under -rate-limit (0: one second's worth)")
	fs.BoolVar(&o.rateLimit.Headers, "rate-headers", false,
		"under -rate-limit, send RateLimit, RateLimit-Policy and X-RateLimit-* headers with every answer")
	fs.IntVar(&o.rateLimit.Window, "rate-window", 0,
		"under -rate-limit, count in fixed windows of this many seconds, e.g. 60: -rate-burst requests (by default the window's worth) "+
			"a window, given anew at its end (0: a token bucket)")
	fs.DurationVar(&o.autoAdvance, "auto-advance", 0,
		"make new merchants active and new onboarding applications MERCHANT_CREATED this long after their creation, e.g. 2s (0: off)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usageHeader)
		fs.PrintDefaults()
	}
	if err := setFromEnvironment(fs); err != nil {
		return o, err
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected arguments: %v", fs.Args())
	case o.latency < 0 || o.latency > maxLatency:
		return o, fmt.Errorf("-latency must be between 0 and %s, got %s", maxLatency, o.latency)
	case o.merchants < 0 || o.merchants > sandbox.MaxGeneratedMerchants:
		return o, fmt.Errorf("-merchants must be between 0 and %d, got %d", sandbox.MaxGeneratedMerchants, o.merchants)
	case (o.rateLimit.Burst > 0 || o.rateLimit.Headers || o.rateLimit.Window > 0) && o.rateLimit.PerSecond == 0:
		return o, errors.New("-rate-burst, -rate-headers and -rate-window need -rate-limit")
	case o.tokenLife <= 0:
		return o, fmt.Errorf("-token-life must be positive, got %s", o.tokenLife)
	case o.autoAdvance < 0:
		return o, fmt.Errorf("-auto-advance must not be negative, got %s", o.autoAdvance)
	}
	if err := o.rateLimit.Validate(); err != nil {
		return o, fmt.Errorf("-rate-limit/-rate-burst/-rate-window: %w", err)
	}
	return o, o.exposure.validate(o.addr, o.aisAddr)
}

// envPrefix and a flag's name in capitals name the environment variable
// that sets the flag.
const envPrefix = "CARDPAY_SANDBOX_"

// setFromEnvironment sets each flag whose environment variable is set;
// the command line, parsed after, wins.
func setFromEnvironment(fs *flag.FlagSet) error {
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		name := envPrefix + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if value, ok := os.LookupEnv(name); ok && err == nil {
			if setErr := fs.Set(f.Name, value); setErr != nil {
				err = fmt.Errorf("%s=%q (the flag -%s): %w", name, value, f.Name, setErr)
			}
		}
	})
	return err
}

// run serves until ctx is cancelled, then shuts down gracefully.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil // -h printed the usage: not a failure
	}
	if err != nil {
		return err
	}
	fixtures, err := loadFixtures(o)
	if err != nil {
		return err
	}
	certs, err := o.exposure.certificates(o.addr, o.aisAddr)
	if err != nil {
		return err
	}
	logger := log.New(stderr, "cardpay-sandbox: ", log.LstdFlags)
	if o.quiet {
		logger = log.New(io.Discard, "", 0)
	}
	for _, warning := range o.exposure.warnings(o.addr, o.aisAddr) {
		fmt.Fprintln(stderr, "cardpay-sandbox:", warning)
	}
	config := sandbox.Config{
		Fixtures: fixtures, Logger: logger, Latency: o.latency, RateLimit: o.rateLimit, TokenLife: o.tokenLife, AutoAdvance: o.autoAdvance,
	}
	o.exposure.configure(&config, certs)
	sb := sandbox.New(config)
	servers := []*server{{flag: "-addr", addr: o.addr, handler: sb}}
	if o.aisAddr != "" {
		servers = []*server{{flag: "-addr", addr: o.addr, handler: sb.PartnerAPI()}, {flag: "-ais-addr", addr: o.aisAddr, handler: sb.DataAPI()}}
	}
	for i, s := range servers {
		s.tls = certs
		if err := s.listen(); err != nil {
			for _, opened := range servers[:i] {
				_ = opened.ln.Close()
			}
			return err
		}
	}
	dataURL := ""
	if len(servers) == 2 {
		dataURL = servers[1].url
	}
	printBanner(stdout, banner{baseURL: servers[0].url, dataURL: dataURL, caFile: o.exposure.tlsCAOut, exposure: o.exposure}, fixtures)
	return serve(ctx, servers)
}

// server is one listening address of the sandbox, set by flag.
type server struct {
	flag, addr string
	handler    http.Handler
	// tls, when set, makes it serve https with its certificate.
	tls *sandboxtls.Bundle
	url string
	ln  net.Listener
}

func (s *server) listen() (err error) {
	s.ln, err = net.Listen("tcp", s.addr)
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return fmt.Errorf("%w: another program, perhaps another cardpay-sandbox, listens on %s. Stop it, or let "+
			"the sandbox pick a free port with %s 127.0.0.1:0 (with make: make sandbox SANDBOX_ARGS=\"%s 127.0.0.1:0\"); "+
			"its export line then gives the address", err, s.addr, s.flag, s.flag)
	case err != nil:
		return err
	}
	s.url = "http://" + localAddr(s.ln.Addr())
	if s.tls != nil {
		s.ln = tls.NewListener(s.ln, s.tls.ServerConfig())
		s.url = "https://" + localAddr(s.ln.Addr())
	}
	return nil
}

// localAddr is the address this machine reaches a listener by: its own,
// or 127.0.0.1 for one on every interface (0.0.0.0, ::).
func localAddr(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return addr.String()
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(tcp.Port))
}

// serve runs every server until ctx is cancelled or one fails, then shuts
// them all down gracefully.
func serve(ctx context.Context, servers []*server) error {
	errc := make(chan error, len(servers))
	https := make([]*http.Server, len(servers))
	for i, s := range servers {
		https[i] = &http.Server{Handler: s.handler, ReadHeaderTimeout: 10 * time.Second}
		go func() { errc <- https[i].Serve(s.ln) }()
	}
	var failed error
	select {
	case failed = <-errc:
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	for _, h := range https {
		if err := h.Shutdown(shutdownCtx); err != nil {
			return fmt.Errorf("shutdown: %w", err)
		}
	}
	if failed != nil {
		return failed
	}
	for range servers {
		if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	return nil
}

// loadFixtures returns the file's or the built-in fixtures plus any
// generated merchants.
func loadFixtures(o options) (*sandbox.Fixtures, error) {
	fixtures := sandbox.DefaultFixtures()
	if o.fixtures != "" {
		var err error
		if fixtures, err = sandbox.LoadFixtures(o.fixtures); err != nil {
			return nil, err
		}
	}
	if err := fixtures.AddGeneratedMerchants(o.merchants, firstGeneratedID); err != nil {
		return nil, fmt.Errorf("-merchants: %w", err)
	}
	return fixtures, nil
}

// banner is what the first lines of output tell.
type banner struct {
	baseURL, dataURL string
	// caFile is where the CA certificate was written, or "".
	caFile   string
	exposure exposure
}

// printBanner writes the parseable first line, how to trust and administer
// the sandbox, then the credentials of the first partner (the demo partner
// by default). The export line leaves the static access token out: the
// provider gets data-API tokens with the partner credentials, as against
// the service.
func printBanner(w io.Writer, b banner, f *sandbox.Fixtures) {
	baseURL, dataURL := b.baseURL, b.dataURL
	fmt.Fprintf(w, "listening on %s\n", baseURL)
	if dataURL != "" {
		fmt.Fprintf(w, "data API listening on %s\n", dataURL)
	}
	for _, line := range b.exposure.describe(baseURL, b.caFile) {
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "CARDPAY_BASE_URL=%s\n", baseURL)
	if len(f.Partners) == 0 {
		return
	}
	p := f.Partners[0]
	fmt.Fprintf(w, "partner client id:     %s\n", p.ClientID)
	fmt.Fprintf(w, "partner client secret: %s\n", p.ClientSecret)
	fmt.Fprintf(w, "static access token:   %s (optional: the provider gets its own tokens without it)\n", p.AccessToken)
	export := fmt.Sprintf("export CARDPAY_BASE_URL=%s CARDPAY_PARTNER_CLIENT_ID=%s CARDPAY_PARTNER_CLIENT_SECRET=%s",
		baseURL, p.ClientID, p.ClientSecret)
	if dataURL != "" {
		export += " CARDPAY_AIS_BASE_URL=" + dataURL
	}
	if b.caFile != "" {
		export += " CARDPAY_CA_CERT_FILE=" + b.caFile
	}
	fmt.Fprintln(w, export)
}
