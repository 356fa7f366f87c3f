// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Command cardpay-sandbox serves the in-memory partner API of
// internal/sandbox on a loopback address, for local development, demos and
// acceptance tests.
//
// The first line of output is "listening on http://HOST:PORT", followed by
// the demo credentials and a ready-to-paste export line. SIGINT or SIGTERM
// shuts the server down gracefully.
//
// For benchmarks and demos, -latency delays every API request (admin
// requests excepted; it survives /_sandbox/reset), -merchants N adds N
// generated merchants, IDs from 100001, owned by the first partner, and
// -rate-limit R (with -rate-burst B) refuses more than R requests a second
// per credential with 429 and Retry-After, like a real API's gateway;
// -rate-headers adds the rate-limit headers some gateways send.
//
// -ais-addr serves the data (AIS) API on an address of its own, as the
// service publishes it on a host of its own; -token-life sets how long the
// data-API and OAuth2 tokens it issues live.
//
// -auto-advance D turns on auto-advance mode, for demos and CI runs that
// go through the whole chain unattended: merchants created through the API
// become active, and new card onboarding applications MERCHANT_CREATED, D
// after their creation (also PUT /_sandbox/auto-advance).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
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
	addr        string
	aisAddr     string
	tokenLife   time.Duration
	fixtures    string
	allowRemote bool
	quiet       bool
	latency     time.Duration
	merchants   int
	rateLimit   sandbox.RateLimit
	autoAdvance time.Duration
}

const usageHeader = `Usage: cardpay-sandbox [flags]

Serves the in-memory partner API on a loopback address. The first output line
is "listening on http://HOST:PORT"; the admin API is under /_sandbox/.

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
	fs.BoolVar(&o.allowRemote, "allow-non-loopback", false, "allow listening on a non-loopback address (the admin API has no auth)")
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
	fs.DurationVar(&o.autoAdvance, "auto-advance", 0,
		"make new merchants active and new onboarding applications MERCHANT_CREATED this long after their creation, e.g. 2s (0: off)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usageHeader)
		fs.PrintDefaults()
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
	case (o.rateLimit.Burst > 0 || o.rateLimit.Headers) && o.rateLimit.PerSecond == 0:
		return o, errors.New("-rate-burst and -rate-headers need -rate-limit")
	case o.tokenLife <= 0:
		return o, fmt.Errorf("-token-life must be positive, got %s", o.tokenLife)
	case o.autoAdvance < 0:
		return o, fmt.Errorf("-auto-advance must not be negative, got %s", o.autoAdvance)
	}
	if err := o.rateLimit.Validate(); err != nil {
		return o, fmt.Errorf("-rate-limit/-rate-burst: %w", err)
	}
	return o, nil
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
	for _, addr := range []string{o.addr, o.aisAddr} {
		if err := checkLoopback(addr, o.allowRemote); addr != "" && err != nil {
			return err
		}
	}
	fixtures, err := loadFixtures(o)
	if err != nil {
		return err
	}
	logger := log.New(stderr, "cardpay-sandbox: ", log.LstdFlags)
	if o.quiet {
		logger = log.New(io.Discard, "", 0)
	}
	sb := sandbox.New(sandbox.Config{
		Fixtures: fixtures, Logger: logger, Latency: o.latency, RateLimit: o.rateLimit, TokenLife: o.tokenLife, AutoAdvance: o.autoAdvance,
	})
	servers := []*server{{flag: "-addr", addr: o.addr, handler: sb}}
	if o.aisAddr != "" {
		servers = []*server{{flag: "-addr", addr: o.addr, handler: sb.PartnerAPI()}, {flag: "-ais-addr", addr: o.aisAddr, handler: sb.DataAPI()}}
	}
	for i, s := range servers {
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
	printBanner(stdout, servers[0].url, dataURL, fixtures)
	return serve(ctx, servers)
}

// server is one listening address of the sandbox, set by flag.
type server struct {
	flag, addr string
	handler    http.Handler
	url        string
	ln         net.Listener
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
	s.url = "http://" + s.ln.Addr().String()
	return nil
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

// checkLoopback refuses addresses reachable from other machines: the admin
// surface is unauthenticated and the demo credentials are public.
func checkLoopback(addr string, allowRemote bool) error {
	if allowRemote {
		return nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("invalid -addr %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("refusing to listen on non-loopback address %q: use 127.0.0.1 or pass -allow-non-loopback", addr)
}

// printBanner writes the parseable first line, then the credentials of the
// first partner (the demo partner by default). The export line leaves the
// static access token out: the provider gets data-API tokens with the
// partner credentials, as against the service.
func printBanner(w io.Writer, baseURL, dataURL string, f *sandbox.Fixtures) {
	fmt.Fprintf(w, "listening on %s\n", baseURL)
	if dataURL != "" {
		fmt.Fprintf(w, "data API listening on %s\n", dataURL)
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
	fmt.Fprintln(w, export)
}
