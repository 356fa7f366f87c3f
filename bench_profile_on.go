// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build benchswitches

package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// envBenchProfile names a path prefix: a build with -tags benchswitches
// then writes a CPU profile of the whole process (<prefix>.<pid>.cpu) and,
// when Terraform stops it, a heap profile (<prefix>.<pid>.heap) and the goroutines left (<prefix>.<pid>.goroutine). The bench
// (scripts/bench -profile) sets it to find what the provider does per
// resource.
const envBenchProfile = "CARDPAY_BENCH_PROFILE"

func startProfiles() (stop func()) {
	prefix := os.Getenv(envBenchProfile)
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
		heap, err := os.Create(base + ".heap")
		if err != nil {
			return
		}
		defer heap.Close()
		runtime.GC() // the heap profile shows the live heap of the last collection
		_ = pprof.Lookup("heap").WriteTo(heap, 0)
		if g, err := os.Create(base + ".goroutine"); err == nil {
			_ = pprof.Lookup("goroutine").WriteTo(g, 1)
			_ = g.Close()
		}
	}
}
