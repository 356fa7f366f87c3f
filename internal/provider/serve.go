// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"os"
	"runtime/debug"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// providerAddress is the provider's registry address.
const providerAddress = "registry.terraform.io/cardpay/cardpay"

// Serve runs the provider process at the given version until Terraform
// stops it: it sets a soft memory limit (softMemoryLimit), turns off the
// logs nobody reads (quietLogsNobodyReads), serves the provider over
// protocol 6 as providerserver.Serve does but with every call's context
// released when the call returns (releasingServer), and at the end logs
// what each credential cost (logUsage). debug serves it for a debugger
// such as delve instead of Terraform.
func Serve(version string, debug bool) error {
	setMemoryLimit()
	quietLogsNobodyReads()
	var opts []tf6server.ServeOpt
	if debug {
		opts = append(opts, tf6server.WithManagedDebug())
	}
	err := tf6server.Serve(providerAddress, func() tfprotov6.ProviderServer {
		return newReleasingServer(providerserver.NewProtocol6(New(version)())())
	}, opts...)
	logUsage(providerLogger(), client.UsageSummary())
	return err
}

// softMemoryLimit is the heap size above which the garbage collector works
// harder. Without it the heap grows to twice its live size before each
// collection: measured with and without (BENCHMARKS.md, "The soft memory
// limit"), the provider's peak memory at 1000 resources is 86 to 92 MiB
// with it and 107 to 158 MiB without, and 96 against 141 to 159 MiB on a
// read of 10,000 transactions. That keeps the provider under its 100 MiB
// targets and well below terraform's own memory, at the price of about 2 s
// more collection work on a 6 to 8 s plan of 1000 resources (applies do not
// change). Since each call's context is released when it returns
// (releasingServer), a plan of 5000 resources peaks near 48 MiB with or
// without it; it stays for large reads such as the transactions. It is a
// soft limit, so a larger live heap still works, and GOMEMLIMIT overrides it.
const softMemoryLimit = 64 << 20

func setMemoryLimit() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(softMemoryLimit)
	}
}
