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

// fleetKind is how the processes of a fleet row share the limit.
type fleetKind int

const (
	// fleetAdaptive is the default provider: nothing configured.
	fleetAdaptive fleetKind = iota
	// fleetStatic sets max_requests_per_second to rate ÷ K in every
	// process (CARDPAY_MAX_REQUESTS_PER_SECOND).
	fleetStatic
	// fleetApart is the default provider with its throttle kept to each
	// process (CARDPAY_BENCH_HOST_SHARING=off), as when every process runs
	// on a machine of its own (CI agents, HCP Terraform).
	fleetApart
	// fleetHeaders is the default provider while the sandbox sends
	// rate-limit headers (RateLimit, X-RateLimit-*), as some gateways do.
	fleetHeaders
)

// hostSharingOffEnv is the provider's benchmark switch that keeps the
// throttle to each process.
const hostSharingOffEnv = "CARDPAY_BENCH_HOST_SHARING=off"

func (k fleetKind) String() string {
	switch k {
	case fleetStatic:
		return "static split (`max_requests_per_second` = rate ÷ K)"
	case fleetApart:
		return "default, as if on separate machines (`" + hostSharingOffEnv + "`)"
	case fleetHeaders:
		return "default, the service sends rate-limit headers"
	default:
		return "default (nothing set)"
	}
}

// fleetRow is one fleet size and kind, with its runs.
type fleetRow struct {
	k       int
	kind    fleetKind
	samples []fleetSample
}

// fleetSample is one run of a fleet.
type fleetSample struct {
	wall    time.Duration   // from the start of the processes to the end of the last
	procs   []time.Duration // each process's own wall time
	through int             // requests that reached the service's handlers
	refused int             // requests the rate limit refused
	peakKiB int64           // largest provider process
	failed  int             // processes that failed
}

type fleetResult struct {
	methods, merchants int
	rate               float64
	rows               []*fleetRow
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
	r := &fleetResult{methods: o.fleetMethods, merchants: merchants, rate: o.rateLimit}
	for _, k := range o.fleetSizes {
		r.rows = append(r.rows, &fleetRow{k: k, kind: fleetAdaptive})
	}
	if largest := slices.Max(o.fleetSizes); largest > 1 {
		r.rows = append(r.rows, &fleetRow{k: largest, kind: fleetApart}, &fleetRow{k: largest, kind: fleetStatic})
		if o.fleetHeaders {
			r.rows = append(r.rows, &fleetRow{k: largest, kind: fleetHeaders})
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
			logf("fleet run %d/%d K=%d %-8s %6.2fs (floor %.2fs)  through %d  refused %d (%.1f%%)  slowest/mean %.2f  failed %d",
				run+1, o.fleetRuns, row.k, shortKind(row.kind), s.wall.Seconds(), r.floor(s).Seconds(), s.through, s.refused,
				100*s.refusedShare(), s.fairness(), s.failed)
		}
	}
	return r, nil
}

func shortKind(k fleetKind) string {
	return [...]string{"default", "static", "apart", "headers"}[k]
}

// fleetRun starts the row's K applies at once and waits for all of them.
func (b *bench) fleetRun(ctx context.Context, r *fleetResult, row *fleetRow) (fleetSample, error) {
	b.sb.reset()
	if err := b.sb.srv.SetRateLimit(sandbox.RateLimit{PerSecond: r.rate, Headers: row.kind == fleetHeaders}); err != nil {
		return fleetSample{}, err
	}
	p := b.normal
	p.env = append(slices.Clone(p.env), "TMPDIR="+b.freshTemp()) // the processes share this run's throttle only
	switch row.kind {
	case fleetStatic:
		p.env = append(p.env, fmt.Sprintf("CARDPAY_MAX_REQUESTS_PER_SECOND=%g", r.rate/float64(row.k)))
	case fleetApart:
		p.env = append(p.env, hostSharingOffEnv)
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
	s := fleetSample{procs: make([]time.Duration, row.k)}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	start := time.Now()
	for i, dir := range dirs {
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
	s.wall = time.Since(start)
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

// row returns the row of k processes of kind, nil if none.
func (r *fleetResult) row(k int, kind fleetKind) *fleetRow {
	for _, row := range r.rows {
		if row.k == k && row.kind == kind {
			return row
		}
	}
	return nil
}

func (r *report) fleetTargets(b *strings.Builder) {
	f := r.fleet
	if f == nil {
		return
	}
	note := paramNote(f.rate == targetRateLimit && f.methods == targetFleetMethods)
	if row := f.row(targetFleetK, fleetAdaptive); row != nil {
		x, share := worstFleet(row.samples, f.ratio), worstFleet(row.samples, fleetSample.refusedShare)
		fmt.Fprintf(b, "| Fleet of %d processes, one credential, %g requests/s: fleet time ÷ floor, refused share (worst run)%s | %.2f×, %.1f%% | ≤ %.2f×, ≤ %.0f%% | %s |\n",
			targetFleetK, f.rate, note, x, 100*share, targetFleetRatio, 100*targetRefusedShare,
			passFail(x <= targetFleetRatio && share <= targetRefusedShare && failedRuns(row) == 0))
	}
	if row := f.row(1, fleetAdaptive); row != nil {
		x, share := medianFleet(row.samples, f.ratio), worstFleet(row.samples, fleetSample.refusedShare)
		fmt.Fprintf(b, "| One process of the same work: time ÷ floor (median), refused share (worst run)%s | %.2f×, %.1f%% | ≤ %.2f×, ≤ %.0f%% | %s |\n",
			note, x, 100*share, targetRateRatio, 100*targetRefusedShare,
			passFail(x <= targetRateRatio && share <= targetRefusedShare && failedRuns(row) == 0))
	}
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
		"%d `cardpay_payment_method` over %d merchants (%d requests: an activation and a read each), split by merchant "+
		"into K workspaces; the K `terraform apply` processes start at once, each with its own provider, all with the "+
		"same credential, while the sandbox allows %g requests per second per credential (token bucket, burst %g; 429 "+
		"with Retry-After beyond that). Fleet time: from the start of the processes to the end of the last. Floor: the "+
		"requests that went through ÷ the rate. Refused share: refused ÷ all requests sent. Slowest ÷ mean: the slowest "+
		"process's time ÷ the mean process time (1.00 is perfectly fair). Medians over %d runs, and the worst run.\n\n",
		f.methods, f.merchants, 2*f.methods, f.rate, f.rate, len(f.rows[0].samples))
	b.WriteString("| K | Provider | Fleet time | Floor | Ratio (median / worst) | Refused share (median / worst) | Slowest ÷ mean (median) | Provider peak RSS | Failed processes |\n")
	b.WriteString("|--:|---|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, row := range f.rows {
		ss := row.samples
		var peak int64
		for _, s := range ss {
			peak = max(peak, s.peakKiB)
		}
		fmt.Fprintf(b, "| %d | %s | %.2f s | %.2f s | %.2f× / %.2f× | %.1f%% / %.1f%% | %.2f | %s | %d |\n",
			row.k, row.kind,
			medianFleet(ss, func(s fleetSample) float64 { return s.wall.Seconds() }),
			medianFleet(ss, func(s fleetSample) float64 { return f.floor(s).Seconds() }),
			medianFleet(ss, f.ratio), worstFleet(ss, f.ratio),
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
