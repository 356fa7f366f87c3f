// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// profileEnv is the provider's profiling switch (bench_profile_on.go in the
// module's root): a path prefix for CPU and heap profiles, one pair per
// provider process.
const profileEnv = "CARDPAY_BENCH_PROFILE"

// profileTopN is how many entries of each profile the report shows.
const profileTopN = 12

// commandProfile is the summary of the profiles of one terraform command:
// every provider process's CPU profile merged, and their heap profiles
// (the live heap when each process was stopped) merged.
type commandProfile struct {
	label              string
	cpu, heap, heapAll string // `go tool pprof -top` output, trimmed
}

// profiled returns p with the profiling switch set to a prefix under dir.
func profiled(p providerBuild, dir, tag string) providerBuild {
	p.env = append(append([]string(nil), p.env...), profileEnv+"="+filepath.Join(dir, "prof-"+tag))
	return p
}

// summarizeProfiles runs pprof over the profiles a command left in dir.
func summarizeProfiles(ctx context.Context, bin, dir, tag, label string) commandProfile {
	prefix := filepath.Join(dir, "prof-"+tag)
	cpus, _ := filepath.Glob(prefix + ".*.cpu")
	heaps, _ := filepath.Glob(prefix + ".*.heap")
	cp := commandProfile{label: label}
	cp.cpu = pprofTop(ctx, bin, cpus, "-sample_index=cpu", "-cum=false")
	cp.heap = pprofTop(ctx, bin, heaps, "-sample_index=inuse_space")
	cp.heapAll = pprofTop(ctx, bin, heaps, "-sample_index=alloc_space")
	return cp
}

func pprofTop(ctx context.Context, bin string, files []string, args ...string) string {
	if len(files) == 0 {
		return "no profile was written"
	}
	cmd := append([]string{"tool", "pprof", "-top", fmt.Sprintf("-nodecount=%d", profileTopN)}, args...)
	cmd = append(append(cmd, bin), files...)
	out, err := exec.CommandContext(ctx, "go", cmd...).Output()
	if err != nil {
		return fmt.Sprintf("pprof failed: %v", err)
	}
	// Keep the totals line and the table; drop the file and build lines.
	var keep []string
	started := false
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		if strings.HasPrefix(line, "Showing nodes") || strings.HasPrefix(line, "Dropped") || strings.HasPrefix(line, "Duration") {
			keep = append(keep, line)
			continue
		}
		if strings.Contains(line, "flat%") {
			started = true
		}
		if started {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

func (r *report) profileSection(b *strings.Builder) {
	if len(r.profiles) == 0 {
		return
	}
	b.WriteString("### Profiles of the provider\n\n" +
		"From `-profile`: every provider process of the command writes a CPU profile of its whole life and, when " +
		"Terraform stops it, a heap profile (after a collection, so `inuse` is the live heap). Each table merges the " +
		"processes of one command; the top entries by flat CPU time, live heap and allocated bytes.\n\n")
	for _, p := range r.profiles {
		fmt.Fprintf(b, "<details><summary>%s</summary>\n\nCPU:\n\n```text\n%s\n```\n\nLive heap when stopped (inuse_space):\n\n```text\n%s\n```\n\nAllocated over the process's life (alloc_space):\n\n```text\n%s\n```\n\n</details>\n\n",
			p.label, p.cpu, p.heap, p.heapAll)
	}
}
