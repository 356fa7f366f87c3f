// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Command terraform-provider-cardpay serves the cardpay Terraform provider
// (provider.Serve); -version prints which build it is.
package main

import (
	"flag"
	"fmt"
	"log"

	"github.com/cardpay/terraform-provider-cardpay/internal/buildinfo"
	"github.com/cardpay/terraform-provider-cardpay/internal/provider"
)

// version and commit are set at release time with -ldflags "-X main.version=... -X main.commit=...".
var (
	version = "dev"
	commit  = ""
)

func main() {
	var debug, showVersion bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.BoolVar(&showVersion, "version", false, "print the version, commit and Go version, and exit")
	flag.Parse()
	build := buildinfo.Read(version, commit)
	if showVersion {
		fmt.Println(build.String("terraform-provider-cardpay"))
		return
	}
	if err := provider.Serve(build.Version, debug); err != nil {
		log.Fatal(err.Error())
	}
}
