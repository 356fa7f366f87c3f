// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// profileEnv is the hooked provider's profiling switch: a path prefix for
// CPU, heap and goroutine profiles, one set per provider process.
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

// profiled is the hooked provider with the profiling switch set to a
// prefix under the bench's directory.
func (b *bench) profiled(tag string) providerBuild {
	p := b.hooked
	p.env = append(slices.Clone(p.env), profileEnv+"="+filepath.Join(b.root, "prof-"+tag))
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
		"From `-profile`: the command runs the hooked provider (internal/provider's test binary) with `" + profileEnv + "`, and " +
		"every provider process writes a CPU profile of its whole life and, when " +
		"Terraform stops it, a heap profile (after a collection, so `inuse` is the live heap). Each table merges the " +
		"processes of one command; the top entries by flat CPU time, live heap and allocated bytes.\n\n")
	for _, p := range r.profiles {
		fmt.Fprintf(b, "<details><summary>%s</summary>\n\nCPU:\n\n```text\n%s\n```\n\nLive heap when stopped (inuse_space):\n\n```text\n%s\n```\n\nAllocated over the process's life (alloc_space):\n\n```text\n%s\n```\n\n</details>\n\n",
			p.label, p.cpu, p.heap, p.heapAll)
	}
}
