// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// The fleet scenario: K terraform processes, each a workspace of its own
// with its own provider, apply their share of the payment methods at the
// same time with one credential, through one rate limit at the sandbox, as
// a partner's shards do under Atlantis, terragrunt run-all or CI agents.

// fleetKind is how the processes of a fleet row meet the limit.
type fleetKind int

const (
	// fleetOneMachine is the default provider on one machine: the
	// processes share one temporary directory, and so the machine's
	// throttle file.
	fleetOneMachine fleetKind = iota
	// fleetApart is the default provider as on separate machines (CI
	// agents, HCP Terraform): each process has a temporary directory of
	// its own, so they share nothing but the service.
	fleetApart
	// fleetApartQuota is fleetApart while the sandbox sends quota fields
	// (RateLimit, RateLimit-Policy, X-RateLimit-*), as some gateways do.
	fleetApartQuota
	// fleetStatic is fleetApart with max_requests_per_second set to
	// rate ÷ K in every process (CARDPAY_MAX_REQUESTS_PER_SECOND).
	fleetStatic
)

func (k fleetKind) String() string {
	return [...]string{"one machine, default (nothing set)", "separate machines, default (nothing set)",
		"separate machines, default, the sandbox sends quota fields",
		"separate machines, static split (`max_requests_per_second` = rate ÷ K)"}[k]
}

func shortKind(k fleetKind) string {
	return [...]string{"one machine", "apart", "apart+quota", "static"}[k]
}

// apart says whether the processes of the row share nothing on the machine.
func (k fleetKind) apart() bool { return k != fleetOneMachine }

// fleetRow is one fleet size and kind, with its runs.
type fleetRow struct {
	k       int
	kind    fleetKind
	samples []fleetSample
}

// fleetSample is one run of a fleet.
type fleetSample struct {
	wall    time.Duration   // from the start of the processes to the end of the last
	span    time.Duration   // from the first request the sandbox received to its last answer
	procs   []time.Duration // each process's own wall time
	through int             // requests that reached the service's handlers
	refused int             // requests the rate limit refused
	peakKiB int64           // largest provider process
	failed  int             // processes that failed
}

type fleetResult struct {
	methods, merchants int
	rate               float64
	window             int // seconds of a fixed window; 0: a token bucket
	rows               []*fleetRow
}

// limitKind says how the sandbox counts the rate.
func (r *fleetResult) limitKind() string {
	if r.window > 0 {
		return fmt.Sprintf("fixed windows of %d s, %g requests each", r.window, r.rate*float64(r.window))
	}
	return fmt.Sprintf("token bucket, burst %g", r.rate)
}

// floor is the least time the requests that went through need: requests ÷ rate.
func (r *fleetResult) floor(s fleetSample) time.Duration {
	return time.Duration(float64(s.through) / r.rate * float64(time.Second))
}

func (s fleetSample) refusedShare() float64 {
	if s.through+s.refused == 0 {
		return 0
	}
	return float64(s.refused) / float64(s.through+s.refused)
}

// fairness is the slowest process's time ÷ the mean process time.
func (s fleetSample) fairness() float64 {
	if len(s.procs) == 0 {
		return 0
	}
	var sum time.Duration
	for _, d := range s.procs {
		sum += d
	}
	return slices.Max(s.procs).Seconds() / (sum.Seconds() / float64(len(s.procs)))
}

// fleetWorkload is the share of process i of k: the methods of every k-th
// merchant, so each process has whole merchants (five methods each).
func fleetWorkload(methods, i, k int) workload {
	all := paymentMethods(methods, (methods+len(inactiveMethods)-1)/len(inactiveMethods))
	var w workload
	for _, m := range all {
		if int(m.merchant-firstMerchantID)%k == i {
			w.methods = append(w.methods, m)
		}
	}
	return w
}

// runFleet runs every fleet row once per run, the rows in a rotating
// order, each from a freshly reset sandbox with full buckets.
func (b *bench) runFleet(ctx context.Context, o *options) (*fleetResult, error) {
	merchants := (o.fleetMethods + len(inactiveMethods) - 1) / len(inactiveMethods)
	r := &fleetResult{methods: o.fleetMethods, merchants: merchants, rate: o.rateLimit, window: o.fleetWindow}
	for _, k := range o.fleetSizes {
		r.rows = append(r.rows, &fleetRow{k: k, kind: fleetOneMachine})
	}
	// A static split of each size shows what the machine allows that
	// many terraform processes: on 2 cores, 32 of them compete for the
	// CPU however well they share the quota.
	for _, k := range o.fleetApart {
		for _, kind := range o.fleetKinds {
			r.rows = append(r.rows, &fleetRow{k: k, kind: kind})
		}
	}
	b.sb.setLatency(0)
	defer func() { _ = b.sb.srv.SetRateLimit(sandbox.RateLimit{}) }()
	for run := range o.fleetRuns {
		for i := range r.rows {
			row := r.rows[(i+run)%len(r.rows)]
			s, err := b.fleetRun(ctx, r, row)
			if err != nil {
				return nil, err
			}
			row.samples = append(row.samples, s)
			logf("fleet run %d/%d K=%-2d %-11s %6.2fs (requests' span %.2fs, floor %.2fs)  through %d  refused %d (%.1f%%)  slowest/mean %.2f  failed %d",
				run+1, o.fleetRuns, row.k, shortKind(row.kind), s.wall.Seconds(), s.span.Seconds(), r.floor(s).Seconds(), s.through, s.refused,
				100*s.refusedShare(), s.fairness(), s.failed)
		}
	}
	return r, nil
}

// fleetRun starts the row's K applies at once and waits for all of them.
func (b *bench) fleetRun(ctx context.Context, r *fleetResult, row *fleetRow) (fleetSample, error) {
	b.sb.reset()
	if err := b.sb.srv.SetRateLimit(sandbox.RateLimit{PerSecond: r.rate, Headers: row.kind == fleetApartQuota, Window: r.window}); err != nil {
		return fleetSample{}, err
	}
	p := b.normal
	p.env = append(slices.Clone(p.env), "TMPDIR="+b.freshTemp()) // the processes share this run's throttle only
	if row.kind == fleetStatic {
		p.env = append(p.env, fmt.Sprintf("CARDPAY_MAX_REQUESTS_PER_SECOND=%g", r.rate/float64(row.k)))
	}
	dirs := make([]string, row.k)
	for i := range dirs {
		dir, err := writeConfig(b.root, fmt.Sprintf("fleet-k%d-%d", row.k, i), fleetWorkload(r.methods, i, row.k).render(false))
		if err != nil {
			return fleetSample{}, err
		}
		dirs[i] = dir
	}
	ctx, cancel := context.WithTimeout(ctx, b.timeout)
	defer cancel()
	b.sb.srv.ResetRequestCounts()
	b.sb.refusals.reset()
	s := fleetSample{procs: make([]time.Duration, row.k)}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	start := time.Now()
	for i, dir := range dirs {
		p := p
		if row.kind.apart() { // as on a machine of its own: no throttle file shared
			p.env = append(slices.Clone(p.env), "TMPDIR="+b.freshTemp())
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			wall, kib, err := b.fleetApply(ctx, dir, p)
			mu.Lock()
			defer mu.Unlock()
			s.procs[i], s.peakKiB = wall, max(s.peakKiB, kib)
			if err != nil {
				s.failed++
				failures = append(failures, err.Error())
			}
		}()
	}
	wg.Wait()
	s.wall, s.span = time.Since(start), b.sb.refusals.span()
	s.through, s.refused = total(b.sb.srv.RequestCounts()), total(b.sb.srv.RefusedCounts())
	for _, f := range failures {
		logf("fleet K=%d: a process failed: %s", row.k, f)
	}
	return s, ctx.Err()
}

// fleetApply runs one process of a fleet: apply from an empty state.
func (b *bench) fleetApply(ctx context.Context, dir string, p providerBuild) (time.Duration, int64, error) {
	logFile, err := os.Create(filepath.Join(dir, "apply.log"))
	if err != nil {
		return 0, 0, err
	}
	defer logFile.Close()
	rssFile := filepath.Join(dir, "apply.rss")
	cmd := b.command(ctx, dir, p, logFile, rssFile, "apply", "-auto-approve", "-input=false", "-no-color")
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	kib, _ := readRSS(rssFile)
	if err != nil {
		return wall, kib, fmt.Errorf("terraform apply in %s: %w\n%s", dir, err, tail(logFile.Name(), 20))
	}
	return wall, kib, nil
}

func medianFleet(ss []fleetSample, f func(fleetSample) float64) float64 {
	v := make([]float64, len(ss))
	for i, s := range ss {
		v[i] = f(s)
	}
	if len(v) == 0 {
		return 0
	}
	return medianFloat(v)
}

func worstFleet(ss []fleetSample, f func(fleetSample) float64) float64 {
	w := 0.0
	for _, s := range ss {
		w = max(w, f(s))
	}
	return w
}

func (r *fleetResult) ratio(s fleetSample) float64 { return ratio(s.wall, r.floor(s)) }

// spanRatio leaves out the processes' start and end: the span in which
// the service was in use ÷ the floor.
func (r *fleetResult) spanRatio(s fleetSample) float64 { return ratio(s.span, r.floor(s)) }

// row returns the row of k processes of kind, nil if none.
func (r *fleetResult) row(k int, kind fleetKind) *fleetRow {
	for _, row := range r.rows {
		if row.k == k && row.kind == kind {
			return row
		}
	}
	return nil
}

// fleetTarget is what a fleet row must reach: its median run's time ÷
// the floor and refused share (the worst run's share where worstShare),
// and no failed process in any run. share 0 means no limit on it.
type fleetTarget struct {
	k          int
	kind       fleetKind
	ratio      float64
	share      float64
	worstShare bool
}

var fleetTargets = []fleetTarget{
	{k: 1, kind: fleetOneMachine, ratio: targetRateRatio, share: targetRefusedShare, worstShare: true},
	{k: targetFleetK, kind: fleetOneMachine, ratio: targetRateRatio, share: targetRefusedShare, worstShare: true},
	{k: targetFleetK, kind: fleetApart, ratio: targetApartRatio, share: targetApartShare},
	{k: targetFleetK, kind: fleetApartQuota, ratio: targetRateRatio, share: targetQuotaShare},
	{k: 2 * targetFleetK, kind: fleetApart, ratio: targetApartManyRatio},
	{k: 2 * targetFleetK, kind: fleetApartQuota, ratio: targetQuotaManyRatio, share: targetQuotaShare},
	{k: 4 * targetFleetK, kind: fleetApart, ratio: targetApartManyRatio},
	{k: 4 * targetFleetK, kind: fleetApartQuota, ratio: targetQuotaManyRatio, share: targetQuotaShare},
}

func (r *report) fleetTargets(b *strings.Builder) {
	f := r.fleet
	if f == nil {
		return
	}
	note := paramNote(f.rate == targetRateLimit && f.methods == targetFleetMethods)
	for _, t := range fleetTargets {
		row := f.row(t.k, t.kind)
		if row == nil {
			continue
		}
		x := medianFleet(row.samples, f.ratio)
		share, which := medianFleet(row.samples, fleetSample.refusedShare), "median"
		if t.worstShare {
			share, which = worstFleet(row.samples, fleetSample.refusedShare), "worst"
		}
		failed := failedRuns(row)
		limit := fmt.Sprintf("≤ %.2f×", t.ratio)
		ok := x <= t.ratio && failed == 0
		if t.share > 0 {
			limit += fmt.Sprintf(", ≤ %.0f%%", 100*t.share)
			ok = ok && share <= t.share
		}
		fmt.Fprintf(b, "| %s, one credential, %g requests/s: time ÷ floor (median run), refused share (%s run), failed processes (all runs)%s | %.2f×, %.1f%%, %d | %s, 0 | %s |\n",
			fleetLabel(t.k, t.kind), f.rate, which, note, x, 100*share, failed, limit, passFail(ok))
	}
}

// fleetLabel names a fleet row in the targets.
func fleetLabel(k int, kind fleetKind) string {
	if k == 1 {
		return "One process"
	}
	switch kind {
	case fleetApart:
		return fmt.Sprintf("%d processes on separate machines", k)
	case fleetApartQuota:
		return fmt.Sprintf("%d processes on separate machines, the service sends quota fields", k)
	case fleetStatic:
		return fmt.Sprintf("%d processes with a static split", k)
	}
	return fmt.Sprintf("%d processes on one machine", k)
}

func failedRuns(row *fleetRow) int {
	n := 0
	for _, s := range row.samples {
		n += s.failed
	}
	return n
}

func (r *report) fleetTables(b *strings.Builder) {
	f := r.fleet
	if f == nil {
		return
	}
	fmt.Fprintf(b, "### A fleet sharing one credential\n\n"+
		"%d `cardpay_payment_method` over %d merchants (%d writes: an activation each, whose answer carries what state "+
		"records), split by merchant "+
		"into K workspaces; the K `terraform apply` processes start at once, each with its own provider, all with the "+
		"same credential, while the sandbox allows %g requests per second per credential (%s; 429 "+
		"with Retry-After beyond that). On one machine the processes share one temporary directory, and so the "+
		"provider's throttle file; on separate machines each has a temporary directory of its own and they share "+
		"nothing but the sandbox; with quota fields the sandbox also sends `RateLimit`, `RateLimit-Policy` and "+
		"`X-RateLimit-*` on every answer (`-rate-headers`). Fleet time: from the start of the processes to the end of "+
		"the last. Requests' span: from the first request the sandbox received to its last answer, the fleet time "+
		"without the processes' start and end (terraform's own, before and after the provider's requests). "+
		"Floor: the requests that went through ÷ the rate. Refused share: refused ÷ all requests sent. "+
		"Slowest ÷ mean: the slowest process's time ÷ the mean process time (1.00 is perfectly fair). Medians over %d "+
		"runs, and the worst run.\n\n",
		f.methods, f.merchants, f.methods, f.rate, f.limitKind(), len(f.rows[0].samples))
	b.WriteString("| K | Processes and provider | Fleet time | Floor | Ratio (median / worst) | Requests' span ÷ floor (median) | Refused share (median / worst) | Slowest ÷ mean (median) | Provider peak RSS | Failed processes (all runs) |\n")
	b.WriteString("|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, row := range f.rows {
		ss := row.samples
		var peak int64
		for _, s := range ss {
			peak = max(peak, s.peakKiB)
		}
		fmt.Fprintf(b, "| %d | %s | %.2f s | %.2f s | %.2f× / %.2f× | %.2f× | %.1f%% / %.1f%% | %.2f | %s | %d |\n",
			row.k, row.kind,
			medianFleet(ss, func(s fleetSample) float64 { return s.wall.Seconds() }),
			medianFleet(ss, func(s fleetSample) float64 { return f.floor(s).Seconds() }),
			medianFleet(ss, f.ratio), worstFleet(ss, f.ratio), medianFleet(ss, f.spanRatio),
			100*medianFleet(ss, fleetSample.refusedShare), 100*worstFleet(ss, fleetSample.refusedShare),
			medianFleet(ss, fleetSample.fairness), mib(peak), failedRuns(row))
	}
	b.WriteString("\n")
}

func (r *report) fleetRaw(line func(string, []sample)) {
	if r.fleet == nil {
		return
	}
	for _, row := range r.fleet.rows {
		ss := make([]sample, len(row.samples))
		for i, s := range row.samples {
			ss[i] = sample{wall: s.wall}
		}
		line(fmt.Sprintf("fleet K=%d %s", row.k, shortKind(row.kind)), ss)
	}
}
