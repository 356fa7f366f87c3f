// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Command terraform-provider-cardpay serves the cardpay Terraform provider
// (provider.Serve).
package main

import (
	"flag"
	"log"

	"github.com/cardpay/terraform-provider-cardpay/internal/provider"
)

// version is set at release time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()
	if err := provider.Serve(version, debug); err != nil {
		log.Fatal(err.Error())
	}
}
