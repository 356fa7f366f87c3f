// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Command terraform-provider-cardpay serves the cardpay Terraform provider.
package main

import (
	"flag"
	"log"
	"os"
	"runtime/debug"
	"slices"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/provider"
)

// version is set at release time with -ldflags "-X main.version=...".
var version = "dev"

// softMemoryLimit is the heap size above which the garbage collector works
// harder. Without it the heap grows to twice its live size before each
// collection: measured with and without (BENCHMARKS.md, "The soft memory
// limit"), the provider's peak memory at 1000 resources is 86 to 92 MiB
// with it and 107 to 158 MiB without, and 96 against 141 to 159 MiB on a
// read of 10,000 transactions. That keeps the provider under its 100 MiB
// targets and well below terraform's own memory, at the price of about 2 s
// more collection work on a 6 to 8 s plan of 1000 resources (applies do not
// change). Since each call's context is released when it returns
// (serve.go), a plan of 5000 resources peaks near 48 MiB with or without
// it; it stays for large reads such as the transactions. It is a soft
// limit, so a larger live heap still works, and GOMEMLIMIT overrides it.
const softMemoryLimit = 64 << 20

// logLevelEnv are the variables that set a provider's log levels. The
// plugin SDK logs every protocol call at TRACE unless told otherwise, and
// Terraform filters the lines only after the provider has formatted them.
var logLevelEnv = append(slices.Clone(provider.LogLevelEnv), "TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK")

// quietLogsNobodyReads turns the provider's logging off when no logging
// was asked for: Terraform then discards every line anyway, and writing
// them costs more CPU than the provider's own work.
func quietLogsNobodyReads() {
	for _, env := range logLevelEnv {
		if os.Getenv(env) != "" {
			return
		}
	}
	for _, env := range logLevelEnv[1:] { // all but TF_LOG, which is Terraform's own
		_ = os.Setenv(env, "OFF")
	}
}

func setMemoryLimit() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(softMemoryLimit)
	}
}

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()
	setMemoryLimit()
	quietLogsNobodyReads()
	stopProfiles := startProfiles()

	err := serve(debug)
	logUsage(providerLogger(), client.UsageSummary())
	stopProfiles()
	if err != nil {
		log.Fatal(err.Error())
	}
}
