// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
)

// The bench (scripts/bench) times the product's own binary. For what that
// binary has no switch for (list reads that are not shared, profiles) it
// builds this package's test binary (go test -c) and has Terraform start
// it as the provider with envBenchServe=1: TestMain then serves the
// provider as main does instead of running the tests. None of this is in a
// build for users.
const (
	envBenchServe = "CARDPAY_BENCH_SERVE"
	// envBenchReadSharing=off makes every resource and data source read
	// its list itself (shareListReads), to measure what sharing saves.
	envBenchReadSharing = "CARDPAY_BENCH_READ_SHARING"
	// envBenchProfile names a path prefix: the process writes a CPU
	// profile of its whole life (<prefix>.<pid>.cpu) and, when Terraform
	// stops it, its live heap (<prefix>.<pid>.heap) and the goroutines
	// left (<prefix>.<pid>.goroutine). The bench's -profile sets it.
	envBenchProfile = "CARDPAY_BENCH_PROFILE"
)

// benchHook is what the bench asked of the test binary.
type benchHook struct {
	readSharingOff bool
	profilePrefix  string
}

// benchHookFrom reads the bench's variables; serve is false unless the
// binary is to serve the provider.
func benchHookFrom(lookupEnv func(string) (string, bool)) (h benchHook, serve bool) {
	if v, _ := lookupEnv(envBenchServe); v != "1" {
		return h, false
	}
	sharing, _ := lookupEnv(envBenchReadSharing)
	h.readSharingOff = sharing == "off"
	h.profilePrefix, _ = lookupEnv(envBenchProfile)
	return h, true
}

// serve serves the provider until Terraform stops it and returns the exit
// code.
func (h benchHook) serve() int {
	h.configure()
	stopProfiles := startProfiles(h.profilePrefix)
	err := Serve("dev", false)
	stopProfiles()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// configure sets what the provider reads from the hook.
func (h benchHook) configure() { shareListReads = !h.readSharingOff }

// startProfiles starts the CPU profile when prefix is set; stop ends it and
// writes the heap and goroutine profiles.
func startProfiles(prefix string) (stop func()) {
	if prefix == "" {
		return func() {}
	}
	base := fmt.Sprintf("%s.%d", prefix, os.Getpid())
	cpu, err := os.Create(base + ".cpu")
	if err != nil {
		fmt.Fprintln(os.Stderr, "profile:", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(cpu); err != nil {
		fmt.Fprintln(os.Stderr, "profile:", err)
		_ = cpu.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		_ = cpu.Close()
		runtime.GC() // the heap profile shows the live heap of the last collection
		for kind, debug := range map[string]int{"heap": 0, "goroutine": 1} {
			if f, err := os.Create(base + "." + kind); err == nil {
				_ = pprof.Lookup(kind).WriteTo(f, debug)
				_ = f.Close()
			}
		}
	}
}

// The test binary serves only when the bench says so, and turns sharing
// off only for the exact value "off".
func TestBenchHookFrom(t *testing.T) {
	for _, tc := range []struct {
		env   map[string]string
		want  benchHook
		serve bool
	}{
		{env: nil},
		{env: map[string]string{envBenchReadSharing: "off", envBenchProfile: "/tmp/p"}},
		{env: map[string]string{envBenchServe: "true"}},
		{env: map[string]string{envBenchServe: "1"}, serve: true},
		{env: map[string]string{envBenchServe: "1", envBenchReadSharing: "OFF"}, serve: true},
		{
			env:   map[string]string{envBenchServe: "1", envBenchReadSharing: "off", envBenchProfile: "/tmp/p"},
			want:  benchHook{readSharingOff: true, profilePrefix: "/tmp/p"},
			serve: true,
		},
	} {
		if got, serve := benchHookFrom(envFrom(tc.env)); got != tc.want || serve != tc.serve {
			t.Errorf("%v: hook %+v, serve %v; want %+v, %v", tc.env, got, serve, tc.want, tc.serve)
		}
	}
}

// With read sharing off, every read of a merchant's list sends a request
// of its own: what the bench's "coalescing off" row measures. Without the
// hook, the reads of an operation share one request.
func TestBenchHookReadSharingOff(t *testing.T) {
	sb := sandboxtest.Start(t)
	c := sb.Client(t)
	t.Cleanup(func() { shareListReads = true })
	listRequests := func(h benchHook) int {
		h.configure()
		d := newProviderData(resolvedConfig{})
		before := requestsTo(sb.Server, sandbox.RouteListPaymentMethods)
		for range 3 {
			if _, err := d.paymentMethods.get(t.Context(), c, 1001); err != nil {
				t.Fatal(err)
			}
		}
		return requestsTo(sb.Server, sandbox.RouteListPaymentMethods) - before
	}
	if n := listRequests(benchHook{}); n != 1 {
		t.Errorf("3 shared reads sent %d list requests, want 1", n)
	}
	if n := listRequests(benchHook{readSharingOff: true}); n != 3 {
		t.Errorf("3 reads with sharing off sent %d list requests, want 3", n)
	}
}

// The profiles are written under the prefix, one set per process.
func TestBenchHookProfiles(t *testing.T) {
	prefix := filepath.Join(t.TempDir(), "prof")
	startProfiles(prefix)()
	for _, kind := range []string{"cpu", "heap", "goroutine"} {
		info, err := os.Stat(fmt.Sprintf("%s.%d.%s", prefix, os.Getpid(), kind))
		if err != nil || info.Size() == 0 {
			t.Errorf("no %s profile: %v", kind, err)
		}
	}
}

// Started by Terraform as the bench starts it, this test binary serves the
// provider, and with read sharing off a refresh of three payment methods
// of one merchant lists them three times instead of once.
func TestBenchHookServes(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	w := newCLIWorkdir(t, env, `
resource "cardpay_payment_method" "m" {
  for_each    = toset(["amex", "swish", "klarna"])
  merchant_id = 1001
  method      = each.key
}
`)
	w.provider = hookedProvider(t)
	w.env = append(w.env, envBenchServe+"=1")
	w.run("apply", "-auto-approve", "-input=false", "-no-color")
	lists := func(sharing string) int {
		mark := sandboxtest.MarkRequests(sb)
		_, err := w.provider.Run(t.Context(), w.dir, append(w.env, envBenchReadSharing+"="+sharing), "plan", "-input=false", "-no-color")
		if err != nil {
			t.Fatal(err)
		}
		return mark.Since()[sandbox.RouteListPaymentMethods]
	}
	if n := lists("on"); n != 1 {
		t.Errorf("a refresh with sharing on listed the payment methods %d times, want 1", n)
	}
	if n := lists("off"); n != 3 {
		t.Errorf("a refresh with sharing off listed the payment methods %d times, want 3", n)
	}
}

// hookedProvider is this test binary, installed for terraform as the
// provider.
func hookedProvider(t *testing.T) *tfcli.Provider {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := &tfcli.Provider{Dir: t.TempDir()}
	p.CLIConfig = filepath.Join(p.Dir, "terraformrc")
	if err := os.Symlink(self, filepath.Join(p.Dir, "terraform-provider-cardpay")); err != nil {
		t.Fatal(err)
	}
	if err := tfcli.WriteCLIConfig(p.CLIConfig, p.Dir); err != nil {
		t.Fatal(err)
	}
	return p
}
