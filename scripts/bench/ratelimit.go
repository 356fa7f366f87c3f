// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// rateLimitResult holds the rate-limit scenario: the same configuration
// applied and planned through the sandbox's rate limit.
type rateLimitResult struct {
	methods, merchants int
	rate               float64
	// samples holds the runs by command, "apply" and "plan".
	samples map[string][]sample
}

// runRateLimit applies payment methods from an empty state and then plans
// them, through a rate limit per credential, once in each run. Every
// command starts with full buckets, as after a pause.
func (b *bench) runRateLimit(ctx context.Context, o *options) (*rateLimitResult, error) {
	merchants := (o.rateLimitMethods + len(inactiveMethods) - 1) / len(inactiveMethods)
	w := methodsWorkload(o.rateLimitMethods, merchants)
	r := &rateLimitResult{methods: o.rateLimitMethods, merchants: merchants, rate: o.rateLimit, samples: map[string][]sample{}}
	b.sb.setLatency(0)
	if err := b.sb.srv.SetRateLimit(sandbox.RateLimit{PerSecond: o.rateLimit}); err != nil {
		return nil, err
	}
	defer func() { _ = b.sb.srv.SetRateLimit(sandbox.RateLimit{}) }()
	for run := range o.runs {
		dir, err := writeConfig(b.root, "ratelimit", w.render(false))
		if err != nil {
			return nil, err
		}
		b.sb.reset() // fixtures back, buckets full
		for _, cmd := range []string{"apply", "plan"} {
			b.sb.refill()
			s, err := b.measure(ctx, cmd, dir, b.normal)
			if err != nil {
				return nil, err
			}
			r.samples[cmd] = append(r.samples[cmd], s)
			logf("ratelimit run %d/%d %-5s %6.2fs  requests %d  refused %d (%d after 1s)",
				run+1, o.runs, cmd, s.wall.Seconds(), total(s.counts), total(s.refused), s.refusedLate)
		}
	}
	return r, nil
}

// refill gives every credential a full bucket under the rate limit in force.
func (b *benchSandbox) refill() {
	_ = b.srv.SetRateLimit(b.srv.RateLimit())
}

// floor is the least time the requests that went through need at the
// rate limit: requests ÷ rate.
func (r *rateLimitResult) floor(ss []sample) time.Duration {
	n := medianInt(ss, func(s sample) int { return total(s.counts) })
	return time.Duration(float64(n) / r.rate * float64(time.Second))
}

// writesFloor is the least time the apply's writes need at the rate
// limit, one per payment method: writes ÷ rate.
func (r *rateLimitResult) writesFloor() time.Duration {
	return time.Duration(float64(r.methods) / r.rate * float64(time.Second))
}

// refusedShare is the largest share of refused requests among the runs.
func refusedShare(ss []sample) float64 {
	worst := 0.0
	for _, s := range ss {
		refused, sent := total(s.refused), total(s.refused)+total(s.counts)
		if sent > 0 {
			worst = max(worst, float64(refused)/float64(sent))
		}
	}
	return worst
}

// mostLate is the largest number of refusals after the first second.
func mostLate(ss []sample) int {
	n := 0
	for _, s := range ss {
		n = max(n, s.refusedLate)
	}
	return n
}

func medianInt(ss []sample, f func(sample) int) int {
	v := make([]int, len(ss))
	for i, s := range ss {
		v[i] = f(s)
	}
	slices.Sort(v)
	if len(v) == 0 {
		return 0
	}
	return v[len(v)/2]
}

// refusedCell shows the requests the rate limit refused in a command.
func refusedCell(ss []sample) string {
	return spreadText(spread(ss, func(s sample) int { return total(s.refused) }))
}

func (r *report) rateLimitTargets(b *strings.Builder) {
	c := r.rateLimit
	if c == nil {
		return
	}
	note := paramNote(c.rate == targetRateLimit && c.methods >= targetRateMethods)
	apply, plan := c.samples["apply"], c.samples["plan"]
	share := refusedShare(apply)
	fmt.Fprintf(b, "| Apply of %d payment methods through %g requests/s: refused share (worst run)%s | %.1f%% | ≤ %.0f%% | %s |\n",
		c.methods, c.rate, note, 100*share, 100*targetRefusedShare, passFail(share <= targetRefusedShare))
	// The apply's time is held to writes ÷ rate (issue 45), which its
	// requests ÷ rate now equals within the credentials checks; the fleet
	// of one process keeps the throttle's 1.10 × at 400 requests.
	sent := medianInt(apply, func(s sample) int { return total(s.counts) })
	fmt.Fprintf(b, "| Same apply: requests that went through (median run)%s | %d | ≤ %d | %s |\n",
		note, sent, targetRateRequests, passFail(sent <= targetRateRequests))
	x := ratio(median(apply), c.writesFloor())
	fmt.Fprintf(b, "| Same apply: time ÷ (writes ÷ rate)%s | %.2f× (%s vs %s for %d writes) | ≤ %.2f× | %s |\n",
		note, x, secs(median(apply)), secs(c.writesFloor()), c.methods, targetWritesRatio, passFail(x <= targetWritesRatio))
	x = ratio(median(plan), c.floor(plan))
	late := mostLate(plan)
	fmt.Fprintf(b, "| Plan of the same configuration: time ÷ floor, refusals after the first second (worst run)%s | %.2f× (%s vs %s), %d | ≤ %.2f×, 0 | %s |\n",
		note, x, secs(median(plan)), secs(c.floor(plan)), late, targetRateRatio, passFail(x <= targetRateRatio && late == 0))
}

func (r *report) rateLimitTables(b *strings.Builder) {
	c := r.rateLimit
	if c == nil {
		return
	}
	fmt.Fprintf(b, "### Through a rate limit\n\n"+
		"%d `cardpay_payment_method` over %d merchants, applied from an empty state and then planned (with refresh), "+
		"while the sandbox allows %g requests per second per credential (token bucket, burst %g; 429 with Retry-After "+
		"beyond that). Each command starts with a full bucket and a new provider process. The floor is the requests "+
		"that went through ÷ the rate. Refused share: refused ÷ all requests sent; \"after 1 s\": refusals more than "+
		"one second after the command's first request. Writes ÷ rate: the time the apply's %d activations need at "+
		"the rate, the least an apply can take. Default parallelism (10).\n\n",
		c.methods, c.merchants, c.rate, c.rate, c.methods)
	b.WriteString("| Command | Median | Floor | Ratio | Writes ÷ rate | Ratio to it | Went through | Refused | Refused share (worst run) | Refused after 1 s (worst run) |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, cmd := range []string{"apply", "plan"} {
		ss := c.samples[cmd]
		writes, writesRatio := "·", "·"
		if cmd == "apply" {
			writes, writesRatio = secs(c.writesFloor()), fmt.Sprintf("%.2f×", ratio(median(ss), c.writesFloor()))
		}
		fmt.Fprintf(b, "| %s | %s | %s | %.2f× | %s | %s | %s | %s | %.1f%% | %d |\n",
			cmd, secs(median(ss)), secs(c.floor(ss)), ratio(median(ss), c.floor(ss)), writes, writesRatio,
			totalCell(ss), refusedCell(ss), 100*refusedShare(ss), mostLate(ss))
	}
	b.WriteString("\n")
}

// refusalClock records when the first API request of a command arrived
// and when each 429 was answered, to tell the refusals of the first second
// (before a client can know the rate) from the later ones, and when the
// last answer left: the span in which the service was in use.
type refusalClock struct {
	mu       sync.Mutex
	first    time.Time
	refusals []time.Duration
	last     time.Duration
}

func (c *refusalClock) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.first, c.refusals, c.last = time.Time{}, nil, 0
}

// span is the time from the first request to the last answer.
func (c *refusalClock) span() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.last
}

// after counts the refusals later than d after the first request.
func (c *refusalClock) after(d time.Duration) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, at := range c.refusals {
		if at > d {
			n++
		}
	}
	return n
}

func (c *refusalClock) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/v1/") { // the admin surface
			next.ServeHTTP(w, r)
			return
		}
		c.mu.Lock()
		if c.first.IsZero() {
			c.first = time.Now()
		}
		first := c.first
		c.mu.Unlock()
		rec := sandbox.NewStatusRecorder(w)
		next.ServeHTTP(rec, r)
		at := time.Since(first)
		c.mu.Lock()
		defer c.mu.Unlock()
		c.last = max(c.last, at)
		if rec.Status == http.StatusTooManyRequests {
			c.refusals = append(c.refusals, at)
		}
	})
}
