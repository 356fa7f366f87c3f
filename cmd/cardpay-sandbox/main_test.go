// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// listeningLine is the first line of output: plain http, or https with
// -tls, on a loopback address (127.0.0.1 for 0.0.0.0 too).
var listeningLine = regexp.MustCompile(`^listening on https?://127\.0\.0\.1:\d+$`)

// startRun runs the command in the background and returns the base URL from
// its first line, the remaining output lines and a stop function that
// cancels it and returns run's error.
func startRun(t *testing.T, args ...string) (baseURL string, lines <-chan string, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, args, pw, io.Discard)
		_ = pw.CloseWithError(io.EOF)
		done <- err
	}()
	out := make(chan string, 32)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			out <- sc.Text()
		}
		close(out)
	}()
	select {
	case first, ok := <-out:
		if !ok || !listeningLine.MatchString(first) {
			cancel()
			t.Fatalf("first line = %q, want listening on http(s)://127.0.0.1:PORT (run: %v)", first, <-done)
		}
		baseURL = strings.TrimPrefix(first, "listening on ")
	case <-time.After(10 * time.Second):
		cancel()
		t.Fatal("no output from run")
	}
	stop = func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			t.Fatal("run did not stop")
			return nil
		}
	}
	return baseURL, out, stop
}

// sendSigned sends req signed as the demo partner and returns the answer's
// status and headers: the tests here look at nothing else.
func sendSigned(t *testing.T, req *http.Request) (status int, header http.Header) {
	t.Helper()
	sandboxtest.Demo.SignPartner(req)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	return resp.StatusCode, resp.Header
}

func TestRunServesAndStops(t *testing.T) {
	baseURL, lines, stop := startRun(t, "-addr", "127.0.0.1:0", "-quiet")

	var banner []string
	for len(banner) < 5 {
		banner = append(banner, <-lines)
	}
	text := strings.Join(banner, "\n") + "\n"
	for _, want := range []string{
		"CARDPAY_BASE_URL=" + baseURL,
		"export CARDPAY_BASE_URL=" + baseURL + " CARDPAY_PARTNER_CLIENT_ID=" + sandboxtest.Demo.ClientID +
			" CARDPAY_PARTNER_CLIENT_SECRET=" + sandboxtest.Demo.ClientSecret + "\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("banner lacks %q:\n%s", want, text)
		}
	}

	req, _ := http.NewRequest(http.MethodGet, baseURL+"/v1/partner/merchants/1001/card-payments/payment-methods", nil)
	if status, _ := sendSigned(t, req); status != http.StatusOK {
		t.Errorf("status = %d", status)
	}

	if err := stop(); err != nil {
		t.Fatalf("run returned %v after cancel", err)
	}
	if resp, err := http.Get(baseURL + "/_sandbox/state"); err == nil {
		_ = resp.Body.Close()
		t.Error("server still answers after stop")
	}
}

func TestRunWithFixtureFile(t *testing.T) {
	path := filepath.Join("..", "..", "internal", "sandbox", "testdata", "fixtures.json")
	_, lines, stop := startRun(t, "-addr", "127.0.0.1:0", "-fixtures", path, "-quiet")
	<-lines // CARDPAY_BASE_URL
	if got := <-lines; !strings.HasSuffix(got, "file-partner") {
		t.Errorf("client id line = %q, want the fixture's partner", got)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
}

func TestRunRejects(t *testing.T) {
	cases := map[string][]string{
		"non-loopback":     {"-addr", "0.0.0.0:0"},
		"all interfaces":   {"-addr", ":0"},
		"bad address":      {"-addr", "nonsense"},
		"missing fixtures": {"-addr", "127.0.0.1:0", "-fixtures", "/nonexistent.json"},
		"unknown flag":     {"-port", "1"},
		"extra argument":   {"serve"},
		"negative latency": {"-addr", "127.0.0.1:0", "-latency", "-1ms"},
		"huge latency":     {"-addr", "127.0.0.1:0", "-latency", "61s"},
		"bad latency":      {"-addr", "127.0.0.1:0", "-latency", "soon"},
		"negative count":   {"-addr", "127.0.0.1:0", "-merchants", "-1"},
		"too many":         {"-addr", "127.0.0.1:0", "-merchants", "100001"},
		"negative rate":    {"-addr", "127.0.0.1:0", "-rate-limit", "-1"},
		"negative burst":   {"-addr", "127.0.0.1:0", "-rate-limit", "5", "-rate-burst", "-1"},
		"burst alone":      {"-addr", "127.0.0.1:0", "-rate-burst", "5"},
		"window alone":     {"-addr", "127.0.0.1:0", "-rate-window", "60"},
		"negative window":  {"-addr", "127.0.0.1:0", "-rate-limit", "5", "-rate-window", "-1"},
		"window too long":  {"-addr", "127.0.0.1:0", "-rate-limit", "5", "-rate-window", "86401"},
		"data API beyond":  {"-addr", "127.0.0.1:0", "-ais-addr", "0.0.0.0:0"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			if err := run(context.Background(), args, io.Discard, io.Discard); err == nil {
				t.Errorf("run(%v) succeeded", args)
			}
		})
	}
}

// A busy port says how to get a free one, for the flag that named it.
func TestRunBusyPort(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = busy.Close() }()
	addr := busy.Addr().String()
	for flag, args := range map[string][]string{
		"-addr":     {"-addr", addr},
		"-ais-addr": {"-addr", "127.0.0.1:0", "-ais-addr", addr},
	} {
		err := run(context.Background(), args, io.Discard, io.Discard)
		want := "address already in use: another program, perhaps another cardpay-sandbox, listens on " + addr +
			". Stop it, or let the sandbox pick a free port with " + flag + " 127.0.0.1:0 " +
			`(with make: make sandbox SANDBOX_ARGS="` + flag + ` 127.0.0.1:0")`
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("run(%v) = %v, want an error containing %q", args, err, want)
		}
	}
}

func TestRunLatencyAndMerchants(t *testing.T) {
	baseURL, _, stop := startRun(t, "-addr", "127.0.0.1:0", "-quiet", "-latency", "60ms", "-merchants", "3")
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	get := func(path string) (int, time.Duration) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, baseURL+path, nil)
		start := time.Now()
		status, _ := sendSigned(t, req)
		return status, time.Since(start)
	}
	for path, want := range map[string]int{
		"/v1/partner/merchants/1001/card-payments/payment-methods":   http.StatusOK,
		"/v1/partner/merchants/100001/card-payments/payment-methods": http.StatusOK,
		"/v1/partner/merchants/100003/card-payments/payment-methods": http.StatusOK,
		"/v1/partner/merchants/100004/card-payments/payment-methods": http.StatusNotFound,
	} {
		status, took := get(path)
		if status != want || took < 60*time.Millisecond {
			t.Errorf("GET %s = %d after %s, want %d after at least 60ms", path, status, took, want)
		}
	}
}

// -rate-limit refuses what goes beyond the burst with 429 and Retry-After.
func TestRunRateLimit(t *testing.T) {
	baseURL, _, stop := startRun(t, "-addr", "127.0.0.1:0", "-quiet", "-rate-limit", "0.5", "-rate-burst", "2")
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	var statuses []int
	for range 3 {
		req, _ := http.NewRequest(http.MethodGet, baseURL+"/v1/partner/merchants/1001/card-payments/payment-methods", nil)
		status, header := sendSigned(t, req)
		statuses = append(statuses, status)
		if status == http.StatusTooManyRequests && header.Get("Retry-After") != "2" {
			t.Errorf("Retry-After = %q, want 2 (one token at 0.5 a second)", header.Get("Retry-After"))
		}
	}
	if want := []int{200, 200, 429}; !slices.Equal(statuses, want) {
		t.Errorf("statuses = %v, want %v", statuses, want)
	}
}

func TestParseFlagsDefaults(t *testing.T) {
	o, err := parseFlags(nil, io.Discard)
	if err != nil || o.latency != 0 || o.merchants != 0 {
		t.Errorf("defaults = %+v, %v; want no latency and no generated merchants", o, err)
	}
	var usage strings.Builder
	if err := run(context.Background(), []string{"-h"}, io.Discard, &usage); err != nil {
		t.Errorf("-h: %v", err)
	}
	for _, flag := range []string{"-latency", "-merchants", "-rate-limit", "-rate-burst", "Usage: cardpay-sandbox"} {
		if !strings.Contains(usage.String(), flag) {
			t.Errorf("usage lacks %s:\n%s", flag, usage.String())
		}
	}
}

func TestRunMerchantsCollideWithFixtureFile(t *testing.T) {
	f := sandbox.DefaultFixtures()
	if err := f.AddGeneratedMerchants(1, 100001); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "fixtures.json")
	data, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	err = run(context.Background(), []string{"-addr", "127.0.0.1:0", "-fixtures", path, "-merchants", "1"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "100001 already exists") {
		t.Errorf("run = %v, want an ID collision error", err)
	}
}

// With -ais-addr the data API has an address of its own, as the service
// publishes it: each address answers its own API's paths and 404 for the
// other's, and the export line names both.
func TestRunServesDataAPIApart(t *testing.T) {
	baseURL, lines, stop := startRun(t, "-addr", "127.0.0.1:0", "-ais-addr", "127.0.0.1:0", "-quiet")
	first := <-lines
	dataURL, ok := strings.CutPrefix(first, "data API listening on ")
	if !ok {
		t.Fatalf("second line = %q, want the data API's address", first)
	}
	var banner []string
	for len(banner) < 5 {
		banner = append(banner, <-lines)
	}
	if text := strings.Join(banner, "\n"); !strings.Contains(text, " CARDPAY_AIS_BASE_URL="+dataURL) {
		t.Errorf("export line lacks CARDPAY_AIS_BASE_URL=%s:\n%s", dataURL, text)
	}
	status := func(url string) int {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"userId":"user-1001","merchantId":1001,"permissions":["ais:accounts:read"]}`))
		req.Header.Set("Content-Type", "application/json")
		status, _ := sendSigned(t, req)
		return status
	}
	if got := status(dataURL + "/v1/auth/generate-token"); got != http.StatusOK {
		t.Errorf("token on the data address: %d, want 200", got)
	}
	if got := status(baseURL + "/v1/auth/generate-token"); got != http.StatusNotFound {
		t.Errorf("token on the partner address: %d, want 404", got)
	}
	if got := status(dataURL + "/v1/partner/merchants/1001/card-payments/onboard"); got != http.StatusNotFound {
		t.Errorf("onboarding on the data address: %d, want 404", got)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
}
