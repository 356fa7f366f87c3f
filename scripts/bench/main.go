// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Command bench measures the provider end to end: terraform apply and plan
// of generated configurations against an in-process sandbox, next to the
// same configurations made of terraform_data resources (Terraform's
// built-in, no provider: the floor). It writes a Markdown report into
// BENCHMARKS.md. `make bench` runs it; see BENCHMARKS.md for what it
// measures.
//
//	go run ./scripts/bench [-sizes 100,500,1000] [-runs 3] [-latency 0] [-out BENCHMARKS.md]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

type options struct {
	sizes           []int
	runs            int
	latency         time.Duration
	coalesceLatency time.Duration
	coalesceMethods int
	coalesceMerch   int
	transactions    int
	// rateLimit is the sandbox's limit (requests per second and
	// credential) in the rate-limit scenario, over rateLimitMethods
	// payment methods.
	rateLimit        float64
	rateLimitMethods int
	// fleetSizes and fleetApart are the fleet scenario's numbers of
	// processes on one machine and on separate machines, which share
	// fleetMethods payment methods and the rate limit rateLimit.
	fleetSizes, fleetApart []int
	// fleetKinds are the kinds each size of fleetApart runs as.
	fleetKinds   []fleetKind
	fleetMethods int
	// fleetWindow, in seconds, makes the fleet scenario's limit a fixed
	// window (the sandbox's -rate-window); 0 means the token bucket.
	fleetWindow int
	fleetRuns   int
	// large is the size of the large scenario's plan (from a state the
	// bench writes).
	large int
	// largeRuns is how many runs sizes above 1000 get: each takes minutes.
	largeRuns int
	scenarios map[string]bool
	out       string
	goBench   string
	terraform string
	timeout   time.Duration
	keep      bool
	trace     bool
	// profile makes the size scenario's cardpay commands write CPU and
	// heap profiles, summarized in the report.
	profile bool
}

const (
	scenarioSizes      = "sizes"
	scenarioCoalescing = "coalescing"
	scenarioMemory     = "memory"
	scenarioRateLimit  = "ratelimit"
	scenarioFleet      = "fleet"
	scenarioLarge      = "large"
)

// maxSize is the largest -sizes value: 5000 resources span 700 merchants
// and take minutes per terraform command.
const maxSize = 5000

func main() {
	// Started by terraform as the provider: be the wrapper.
	if bin := os.Getenv(wrapRealEnv); bin != "" {
		os.Exit(runWrapper(bin, os.Getenv(wrapOutEnv)))
	}
	if strings.HasPrefix(filepath.Base(os.Args[0]), "terraform-provider-") {
		fmt.Fprintln(os.Stderr, "bench wrapper started without "+wrapRealEnv)
		os.Exit(1)
	}

	opts, err := parseFlags(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, opts); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func parseFlags(args []string) (*options, error) {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	o := &options{}
	sizes := fs.String("sizes", "100,500,1000", fmt.Sprintf("comma-separated numbers of resources (10 to %d), e.g. 100,500,1000,2000,5000 to see how time and memory grow", maxSize))
	fs.IntVar(&o.largeRuns, "large-runs", 1, "runs for sizes above 1000 (each run of 5000 resources takes several minutes)")
	fs.Float64Var(&o.rateLimit, "rate-limit", 20, "requests per second per credential the sandbox allows in the ratelimit scenario")
	fs.IntVar(&o.rateLimitMethods, "rate-limit-methods", 200, "payment methods in the ratelimit scenario")
	fleet := fs.String("fleet", "1,8", "numbers of terraform processes on one machine in the fleet scenario, sharing one credential")
	apart := fs.String("fleet-apart", "8,16,32", "numbers of terraform processes as on separate machines (no shared throttle file), "+
		"each with and without quota fields from the sandbox, and with a static split (\"\": none)")
	kinds := fs.String("fleet-kinds", "apart,apart+quota,static", "kinds of the -fleet-apart rows: apart (as the sandbox is), apart+quota (it sends quota fields), "+
		"static (max_requests_per_second = rate ÷ K); fewer kinds make an A/B of one kind quicker")
	fs.IntVar(&o.fleetMethods, "fleet-methods", targetFleetMethods, "payment methods the fleet scenario's processes apply in all")
	fs.IntVar(&o.fleetWindow, "fleet-window", 0, "count the fleet scenario's limit in fixed windows of this many seconds, "+
		"the rate's worth each, as the sandbox's -rate-window does (0: a token bucket, which the targets are written for)")
	fs.IntVar(&o.fleetRuns, "fleet-runs", 3, "runs of each fleet row")
	fs.IntVar(&o.large, "large", maxSize, fmt.Sprintf("resources of the large scenario's plan (10 to %d)", maxSize))
	fs.IntVar(&o.runs, "runs", 3, "runs per measurement; the report shows the median")
	fs.DurationVar(&o.latency, "latency", 0, "latency the sandbox adds to every request in the sizes scenario, e.g. 50ms")
	fs.DurationVar(&o.coalesceLatency, "coalesce-latency", 50*time.Millisecond, "latency per request in the coalescing scenario")
	fs.IntVar(&o.coalesceMethods, "coalesce-methods", 500, "payment methods in the coalescing scenario")
	fs.IntVar(&o.coalesceMerch, "coalesce-merchants", 100, "merchants the coalescing scenario spreads them over")
	fs.IntVar(&o.transactions, "transactions", 10000, "transactions of the big AIS account in the memory scenario")
	scenarios := fs.String("scenarios", "sizes,coalescing,memory,ratelimit,fleet,large", "scenarios to run: sizes, coalescing, memory, ratelimit, fleet, large")
	fs.StringVar(&o.out, "out", "BENCHMARKS.md", "Markdown file whose generated section is replaced (\"\": print to stdout)")
	fs.StringVar(&o.goBench, "gobench", "", "output of `go test -bench` to include in the report (optional)")
	fs.StringVar(&o.terraform, "terraform", "", "terraform binary (default: $TF_ACC_TERRAFORM_PATH, else terraform on PATH)")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Minute, "limit for a single terraform command")
	fs.BoolVar(&o.keep, "keep", false, "keep the working directories (configurations, states, logs)")
	fs.BoolVar(&o.trace, "trace", false, "write each provider's debug log (TF_LOG_PROVIDER=DEBUG) into its command's working directory "+
		"as provider-<command>.log, and keep the directories (-keep); the logging slows the provider, so traced times are not comparable")
	fs.BoolVar(&o.profile, "profile", false, "profile the provider (CPU and heap) in the sizes scenario's cardpay commands; the report shows the top entries")
	quick := fs.Bool("quick", false, "smoke test: -sizes 100 -runs 1 -coalesce-methods 100 -coalesce-merchants 20 -transactions 1000 -rate-limit-methods 50 -fleet 1,4 -fleet-apart 4 -fleet-runs 1 -fleet-methods 100 -large 500")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	o.keep = o.keep || o.trace // a trace is read after the run
	if *quick {
		*sizes, o.runs, o.coalesceMethods, o.coalesceMerch, o.transactions = "100", 1, 100, 20, 1000
		o.rateLimitMethods, *fleet, *apart, o.fleetRuns, o.fleetMethods, o.large = 50, "1,4", "4", 1, 100, 500
	}
	var err error
	if o.fleetSizes, err = fleetSizes("-fleet", *fleet); err != nil {
		return nil, err
	}
	if o.fleetApart, err = fleetSizes("-fleet-apart", *apart); err != nil {
		return nil, err
	}
	if o.fleetKinds, err = fleetKinds(*kinds); err != nil {
		return nil, err
	}
	if err := (sandbox.RateLimit{PerSecond: o.rateLimit, Window: o.fleetWindow}).Validate(); err != nil {
		return nil, fmt.Errorf("-fleet-window: %w", err)
	}
	for _, f := range strings.Split(*sizes, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 10 || n > maxSize {
			return nil, fmt.Errorf("-sizes: %q is not a number from 10 to %d", f, maxSize)
		}
		o.sizes = append(o.sizes, n)
	}
	o.scenarios = map[string]bool{}
	for _, s := range strings.Split(*scenarios, ",") {
		switch s = strings.TrimSpace(s); s {
		case scenarioSizes, scenarioCoalescing, scenarioMemory, scenarioRateLimit, scenarioFleet, scenarioLarge:
			o.scenarios[s] = true
		case "":
		default:
			return nil, fmt.Errorf("-scenarios: unknown scenario %q", s)
		}
	}
	switch {
	case o.runs < 1 || o.largeRuns < 1:
		return nil, fmt.Errorf("-runs and -large-runs must be at least 1")
	case !(o.rateLimit > 0) || o.rateLimitMethods < 1:
		return nil, fmt.Errorf("-rate-limit and -rate-limit-methods must be positive")
	case o.scenarios[scenarioFleet] && (len(o.fleetSizes)+len(o.fleetApart) == 0 || o.fleetRuns < 1 ||
		o.fleetMethods < slices.Max(append(slices.Clone(o.fleetSizes), o.fleetApart...))*len(inactiveMethods)):
		return nil, fmt.Errorf("-fleet and -fleet-apart need sizes, -fleet-runs at least 1 and -fleet-methods at least five per process")
	case o.large < 10 || o.large > maxSize:
		return nil, fmt.Errorf("-large must be between 10 and %d", maxSize)
	case o.scenarios[scenarioSizes] && len(o.sizes) == 0:
		return nil, fmt.Errorf("-sizes is empty")
	case o.coalesceMethods < 1 || o.coalesceMerch < 1 || o.coalesceMethods > 5*o.coalesceMerch:
		return nil, fmt.Errorf("-coalesce-methods must be between 1 and 5 times -coalesce-merchants")
	case o.transactions < 1:
		return nil, fmt.Errorf("-transactions must be positive")
	}
	if o.terraform == "" {
		o.terraform = os.Getenv("TF_ACC_TERRAFORM_PATH")
	}
	if o.terraform == "" {
		o.terraform = "terraform"
	}
	return o, nil
}

// fleetSizes reads a flag's comma-separated numbers of processes.
func fleetSizes(flag, value string) ([]int, error) {
	var sizes []int
	for _, f := range strings.Split(value, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		k, err := strconv.Atoi(f)
		if err != nil || k < 1 || k > 32 {
			return nil, fmt.Errorf("%s: %q is not a number from 1 to 32", flag, f)
		}
		sizes = append(sizes, k)
	}
	return sizes, nil
}

// fleetKinds reads -fleet-kinds: the short names of the kinds apart.
func fleetKinds(value string) ([]fleetKind, error) {
	var kinds []fleetKind
	for _, f := range strings.Split(value, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n := len(kinds)
		for _, k := range []fleetKind{fleetApart, fleetApartQuota, fleetStatic} {
			if shortKind(k) == f {
				kinds = append(kinds, k)
			}
		}
		if len(kinds) == n {
			return nil, fmt.Errorf("-fleet-kinds: %q is none of apart, apart+quota, static", f)
		}
	}
	if len(kinds) == 0 {
		return nil, fmt.Errorf("-fleet-kinds: name at least one of apart, apart+quota, static")
	}
	return kinds, nil
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s  %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
}

// report collects everything the Markdown report shows.
type report struct {
	opts       *options
	started    time.Time
	elapsed    time.Duration
	env        environment
	sizes      []sizeResult
	coalescing *coalescingResult
	memory     *memoryResult
	rateLimit  *rateLimitResult
	fleet      *fleetResult
	large      *largeResult
	profiles   []commandProfile
}

type sizeResult struct {
	n                int
	mix              workload
	ours, floor      map[string][]sample // by "apply" and "plan"
	planChangesOurs  bool
	planChangesFloor bool
}

type coalescingResult struct {
	methods, merchants int
	latency            time.Duration
	apply              []sample
	// base is the plan without latency: what remains when requests are
	// free, so on-base and off-base are what the requests cost.
	base    []sample
	on, off []sample
}

type memoryResult struct {
	transactions, pageLimit int
	plan                    []sample
}

func run(ctx context.Context, o *options) error {
	tf, err := exec.LookPath(o.terraform)
	if err != nil {
		return fmt.Errorf("terraform not found: %w", err)
	}
	root, err := os.MkdirTemp("", "cardpay-bench-")
	if err != nil {
		return err
	}
	if o.keep {
		logf("working directory %s (kept)", root)
	} else {
		defer os.RemoveAll(root)
	}

	rep := &report{opts: o, started: time.Now()}
	rep.env = probeEnvironment(ctx, tf)

	merchants := 1
	if o.scenarios[scenarioSizes] {
		for _, n := range o.sizes {
			merchants = max(merchants, mixedWorkload(n).merchants())
		}
	}
	if o.scenarios[scenarioCoalescing] {
		merchants = max(merchants, o.coalesceMerch)
	}
	if o.scenarios[scenarioRateLimit] {
		merchants = max(merchants, methodsWorkload(o.rateLimitMethods, 1).merchants())
	}
	if o.scenarios[scenarioFleet] {
		merchants = max(merchants, methodsWorkload(o.fleetMethods, 1).merchants())
	}
	if o.scenarios[scenarioLarge] {
		merchants = max(merchants, mixedWorkload(o.large).merchants())
	}
	sb, err := startSandbox(merchants, o.transactions)
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	defer sb.close()
	logf("sandbox on %s with %d generated merchants", sb.url, merchants)

	b := &bench{terraform: tf, root: root, sb: sb, timeout: o.timeout, profile: o.profile, trace: o.trace, tfVersion: rep.env.terraform}
	if err := b.setup(ctx); err != nil {
		return err
	}

	if o.scenarios[scenarioSizes] {
		for _, n := range o.sizes {
			runs := o.runs
			if n > 1000 {
				runs = o.largeRuns
			}
			r, err := b.runSize(ctx, n, runs, o.latency)
			if err != nil {
				return err
			}
			rep.sizes = append(rep.sizes, r)
		}
	}
	if o.scenarios[scenarioCoalescing] {
		r, err := b.runCoalescing(ctx, o)
		if err != nil {
			return err
		}
		rep.coalescing = r
	}
	if o.scenarios[scenarioMemory] {
		r, err := b.runMemory(ctx, o)
		if err != nil {
			return err
		}
		rep.memory = r
	}
	if o.scenarios[scenarioRateLimit] {
		r, err := b.runRateLimit(ctx, o)
		if err != nil {
			return err
		}
		rep.rateLimit = r
	}
	if o.scenarios[scenarioFleet] {
		r, err := b.runFleet(ctx, o)
		if err != nil {
			return err
		}
		rep.fleet = r
	}
	if o.scenarios[scenarioLarge] {
		r, err := b.runLarge(ctx, o)
		if err != nil {
			return err
		}
		rep.large = r
	}
	rep.profiles = b.profiles
	rep.elapsed = time.Since(rep.started)
	rep.env.loadAfter = loadAverage()

	md := rep.markdown()
	if o.out == "" {
		fmt.Print(md)
		return nil
	}
	if err := writeSection(o.out, md); err != nil {
		return err
	}
	logf("wrote %s (%s in all)", o.out, rep.elapsed.Round(time.Second))
	return nil
}

// runSize measures apply and then plan of n resources with the provider
// and with terraform_data, alternating the two: ours first in even runs,
// the floor first in odd ones.
func (b *bench) runSize(ctx context.Context, n, runs int, latency time.Duration) (sizeResult, error) {
	w := mixedWorkload(n)
	r := sizeResult{n: n, mix: w, ours: map[string][]sample{}, floor: map[string][]sample{}}
	b.sb.setLatency(latency)
	defer b.sb.setLatency(0)
	for run := range runs {
		oursDir, err := writeConfig(b.root, fmt.Sprintf("n%d-cardpay", n), w.render(false))
		if err != nil {
			return r, err
		}
		floorDir, err := writeConfig(b.root, fmt.Sprintf("n%d-floor", n), w.render(true))
		if err != nil {
			return r, err
		}
		b.sb.reset()
		order := []bool{false, true} // floor?
		if run%2 == 1 {
			order = []bool{true, false}
		}
		for _, cmd := range []string{"apply", "plan"} {
			for _, floor := range order {
				dir, into, what := oursDir, r.ours, "cardpay"
				if floor {
					dir, into, what = floorDir, r.floor, "terraform_data"
				}
				p, tag := b.normal, fmt.Sprintf("n%d-%s-%d", n, cmd, run+1)
				if b.profile && !floor {
					p = b.profiled(tag)
				}
				s, err := b.measure(ctx, cmd, dir, p)
				if err != nil {
					return r, err
				}
				if b.profile && !floor {
					b.profiles = append(b.profiles, summarizeProfiles(ctx, p.bin, b.root, tag,
						fmt.Sprintf("N=%d %s, run %d (%.2f s)", n, cmd, run+1, s.wall.Seconds())))
				}
				if cmd == "plan" && s.changes {
					if floor {
						r.planChangesFloor = true
					} else {
						r.planChangesOurs = true
					}
				}
				into[cmd] = append(into[cmd], s)
				logf("N=%d run %d/%d %-5s %-14s %6.2fs  provider %s  requests %d",
					n, run+1, runs, cmd, what, s.wall.Seconds(), mib(s.providerKiB), total(s.counts))
			}
		}
	}
	return r, nil
}

func (b *bench) measure(ctx context.Context, cmd, dir string, p providerBuild) (sample, error) {
	if cmd == "apply" {
		return b.apply(ctx, dir, p)
	}
	return b.plan(ctx, dir, p)
}

// runCoalescing applies payment methods spread over merchants without
// latency, then plans them with latency on every request, with the default
// build and with the build whose read coalescing is off, alternating.
func (b *bench) runCoalescing(ctx context.Context, o *options) (*coalescingResult, error) {
	w := methodsWorkload(o.coalesceMethods, o.coalesceMerch)
	r := &coalescingResult{methods: o.coalesceMethods, merchants: o.coalesceMerch, latency: o.coalesceLatency}
	defer b.sb.setLatency(0)
	for run := range o.runs {
		dir, err := writeConfig(b.root, "coalescing", w.render(false))
		if err != nil {
			return nil, err
		}
		b.sb.setLatency(0)
		b.sb.reset()
		s, err := b.apply(ctx, dir, b.normal)
		if err != nil {
			return nil, err
		}
		r.apply = append(r.apply, s)
		logf("coalescing run %d/%d apply (no latency) %6.2fs  requests %d", run+1, o.runs, s.wall.Seconds(), total(s.counts))
		if s, err = b.plan(ctx, dir, b.normal); err != nil {
			return nil, err
		}
		r.base = append(r.base, s)
		logf("coalescing run %d/%d plan (no latency) %6.2fs  requests %d", run+1, o.runs, s.wall.Seconds(), total(s.counts))
		b.sb.setLatency(o.coalesceLatency)
		builds := []providerBuild{b.normal, b.noCoalesc}
		if run%2 == 1 {
			slices.Reverse(builds)
		}
		for _, p := range builds {
			s, err := b.plan(ctx, dir, p)
			if err != nil {
				return nil, err
			}
			if p.name == b.normal.name {
				r.on = append(r.on, s)
			} else {
				r.off = append(r.off, s)
			}
			logf("coalescing run %d/%d plan +%s %-30s %6.2fs  requests %d",
				run+1, o.runs, o.coalesceLatency, p.name, s.wall.Seconds(), total(s.counts))
		}
	}
	return r, nil
}

// runMemory plans a configuration whose only data source reads one page
// of the big account's transactions.
func (b *bench) runMemory(ctx context.Context, o *options) (*memoryResult, error) {
	page := min(o.transactions, pageLimit)
	r := &memoryResult{transactions: o.transactions, pageLimit: page}
	b.sb.setLatency(0)
	for run := range o.runs {
		dir, err := writeConfig(b.root, "memory", transactionsConfig(page))
		if err != nil {
			return nil, err
		}
		b.sb.reset()
		if err := b.sb.authorizeBigConsent(); err != nil {
			return nil, err
		}
		s, err := b.plan(ctx, dir, b.normal)
		if err != nil {
			return nil, err
		}
		r.plan = append(r.plan, s)
		logf("memory run %d/%d plan of %d transactions %6.2fs  provider %s  terraform %s",
			run+1, o.runs, page, s.wall.Seconds(), mib(s.providerKiB), mib(s.terraformKiB))
	}
	return r, nil
}

func total(counts map[string]int) int {
	n := 0
	for _, c := range counts {
		n += c
	}
	return n
}

func mib(kib int64) string {
	if kib <= 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f MiB", float64(kib)/1024)
}
