// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The N-resource workload has the documented mix, never more than the five
// inactive methods per merchant, and one payment method per (merchant,
// method) pair.
func TestMixedWorkload(t *testing.T) {
	for _, n := range []int{100, 500, 1000} {
		w := mixedWorkload(n)
		if w.size() != n || len(w.methods) != n*70/100 {
			t.Errorf("N=%d: %d resources, %d payment methods; want %d and %d", n, w.size(), len(w.methods), n, n*70/100)
		}
		seen := map[pmItem]bool{}
		for _, m := range w.methods {
			if seen[m] {
				t.Fatalf("N=%d: %v appears twice", n, m)
			}
			seen[m] = true
		}
		if want := (len(w.methods) + 4) / 5; w.merchants() != want {
			t.Errorf("N=%d: %d merchants, want %d (five methods each)", n, w.merchants(), want)
		}
	}
}

// Ours and the floor render the same number of instances: the floor only
// swaps the resource type.
func TestRenderFloorMatchesOurs(t *testing.T) {
	w := mixedWorkload(100)
	ours, floor := w.render(false), w.render(true)
	if strings.Contains(floor, "cardpay_") || !strings.Contains(ours, "cardpay_payment_method") {
		t.Fatalf("floor mentions cardpay or ours lacks it:\n%s\n---\n%s", ours, floor)
	}
	if a, b := strings.Count(ours, "for_each"), strings.Count(floor, "for_each"); a != b {
		t.Errorf("ours has %d for_each blocks, the floor %d", a, b)
	}
}

// Rewriting the generated section keeps the hand-written text around it.
func TestWriteSectionKeepsTheRest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "BENCHMARKS.md")
	before := "# Benchmarks\n\nIntro.\n\n" + beginMarker + "\nold\n" + endMarker + "\n\n## Reading\n\nMine.\n"
	if err := os.WriteFile(path, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeSection(path, beginMarker+"\nnew\n"+endMarker+"\n"); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := "# Benchmarks\n\nIntro.\n\n" + beginMarker + "\nnew\n" + endMarker + "\n\n## Reading\n\nMine.\n"
	if string(got) != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestMedian(t *testing.T) {
	s := func(secs ...float64) []sample {
		out := make([]sample, len(secs))
		for i, v := range secs {
			out[i] = sample{wall: time.Duration(v * float64(time.Second))}
		}
		return out
	}
	for _, tc := range []struct {
		in   []sample
		want time.Duration
	}{
		{nil, 0},
		{s(3, 1, 2), 2 * time.Second},
		{s(4, 1, 3, 2), 2500 * time.Millisecond},
	} {
		if got := median(tc.in); got != tc.want {
			t.Errorf("median(%v) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// The rate-limit scenario's floor is the requests that went through ÷ the
// rate, and its refused share the worst run's refused ÷ all sent.
func TestRateLimitFloorAndShare(t *testing.T) {
	r := &rateLimitResult{rate: 20}
	ss := []sample{
		{counts: map[string]int{"a": 380, "b": 20}, refused: map[string]int{"a": 10}},
		{counts: map[string]int{"a": 400}, refused: map[string]int{"a": 100}},
		{counts: map[string]int{"a": 390}},
	}
	if got := r.floor(ss); got != 20*time.Second {
		t.Errorf("floor = %s, want 20s (the median 400 requests at 20/s)", got)
	}
	if got := refusedShare(ss); got != 0.2 {
		t.Errorf("refused share = %v, want the worst run's 100/500", got)
	}
}

// The refusal clock counts 429s by their time after the first request.
func TestRefusalClock(t *testing.T) {
	c := &refusalClock{}
	c.refusals = []time.Duration{10 * time.Millisecond, 900 * time.Millisecond, 1500 * time.Millisecond}
	if got := c.after(time.Second); got != 1 {
		t.Errorf("after 1s: %d, want 1", got)
	}
	c.reset()
	if got := c.after(0); got != 0 {
		t.Errorf("after reset: %d refusals", got)
	}
}

// Through its handler the clock times API requests only: the span runs
// from the first API request to the last API answer, and a 429 counts as
// a refusal; the admin surface counts for neither.
func TestRefusalClockSpan(t *testing.T) {
	c := &refusalClock{}
	h := c.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/slow":
			time.Sleep(30 * time.Millisecond)
		case "/v1/refused":
			w.WriteHeader(http.StatusTooManyRequests)
		case "/admin/slow":
			time.Sleep(200 * time.Millisecond)
		}
	}))
	for _, path := range []string{"/v1/refused", "/v1/slow", "/admin/slow"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, path, nil))
	}
	if span := c.span(); span < 30*time.Millisecond || span >= 200*time.Millisecond {
		t.Errorf("span %v, want the two API requests' (30 ms and more), not the admin request's", span)
	}
	if got := c.after(0); got != 1 {
		t.Errorf("refusals %d, want 1", got)
	}
	if c.reset(); c.span() != 0 {
		t.Errorf("span after reset %v, want 0", c.span())
	}
}

// The targets of issue 45 are shown with what they measure: requests per
// resource of the apply of 500 (median run), and the rate-limit apply's
// requests and time ÷ (writes ÷ rate), one write per payment method.
func TestWriteTargets(t *testing.T) {
	apply := func(wall time.Duration, requests int) sample {
		return sample{wall: wall, counts: map[string]int{"POST": requests}}
	}
	r := &report{opts: &options{}, sizes: []sizeResult{{
		n:     targetSize,
		ours:  map[string][]sample{"apply": {apply(0, 700), apply(0, 648), apply(0, 650)}},
		floor: map[string][]sample{},
	}}, rateLimit: &rateLimitResult{methods: 200, rate: 20, samples: map[string][]sample{
		"apply": {apply(11*time.Second, 202), apply(13*time.Second, 300)}, "plan": {},
	}}}
	if got := r.rateLimit.writesFloor(); got != 10*time.Second {
		t.Errorf("writes ÷ rate = %s, want 10s (200 writes at 20/s)", got)
	}
	var b strings.Builder
	r.targets(&b)
	for _, want := range []string{
		"| Apply of 500 resources: requests per resource (median run) | 1.30 (650 requests) | ≤ 1.45 | **pass** |",
		"| Same apply: requests that went through (median run) | 300 | ≤ 260 | **FAIL** |",
		"| Same apply: time ÷ (writes ÷ rate) | 1.20× (12.00 s vs 10.00 s for 200 writes) | ≤ 1.25× | **pass** |",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the targets lack %q:\n%s", want, b.String())
		}
	}
}

// -trace keeps the working directories, where its logs are, and has each
// command's provider write its debug log there.
func TestTraceWritesProviderLogsIntoKeptDirectories(t *testing.T) {
	o, err := parseFlags([]string{"-trace"})
	if err != nil || !o.keep {
		t.Fatalf("-trace: keep %v, err %v; want the directories kept", o != nil && o.keep, err)
	}
	b := &bench{trace: true, sb: &benchSandbox{}, root: t.TempDir()}
	cmd := b.command(t.Context(), "/work/w", providerBuild{}, nil, "rss", "apply", "-auto-approve")
	env := strings.Join(cmd.Env, "\n")
	for _, want := range []string{"TF_LOG_PROVIDER=DEBUG", "TF_LOG_PATH=" + filepath.Join("/work/w", "provider-apply.log")} {
		if !strings.Contains(env, want) {
			t.Errorf("environment lacks %s", want)
		}
	}
	if b.trace = false; strings.Contains(strings.Join(b.command(t.Context(), "/work/w", providerBuild{}, nil, "rss", "apply").Env, "\n"), "TF_LOG") {
		t.Error("without -trace the environment names TF_LOG")
	}
}

// -fleet-kinds picks the kinds the fleets apart run as, all three by
// default, and names the kinds it knows when given another.
func TestFleetKindsFlag(t *testing.T) {
	o, err := parseFlags([]string{"-fleet-kinds", "apart+quota, static"})
	if err != nil || !slices.Equal(o.fleetKinds, []fleetKind{fleetApartQuota, fleetStatic}) {
		t.Fatalf("-fleet-kinds apart+quota,static: kinds %v, err %v", o.fleetKinds, err)
	}
	if o, _ = parseFlags(nil); !slices.Equal(o.fleetKinds, []fleetKind{fleetApart, fleetApartQuota, fleetStatic}) {
		t.Errorf("default kinds %v, want all three kinds apart", o.fleetKinds)
	}
	for _, bad := range []string{"quota", "", "one machine"} {
		if _, err := parseFlags([]string{"-fleet-kinds", bad}); err == nil {
			t.Errorf("-fleet-kinds %q: no error", bad)
		}
	}
}

// -fleet-window sets the fixed window of the fleet scenario's limit, in
// seconds; the default is the token bucket, and a window the sandbox would
// refuse is an error.
func TestFleetWindowFlag(t *testing.T) {
	if o, err := parseFlags([]string{"-fleet-window", "10"}); err != nil || o.fleetWindow != 10 {
		t.Fatalf("-fleet-window 10: window %d, err %v", o.fleetWindow, err)
	}
	if o, _ := parseFlags(nil); o.fleetWindow != 0 {
		t.Errorf("default window %d, want 0 (a token bucket)", o.fleetWindow)
	}
	for _, bad := range []string{"-1", "86401"} {
		if _, err := parseFlags([]string{"-fleet-window", bad}); err == nil {
			t.Errorf("-fleet-window %s: no error", bad)
		}
	}
}
