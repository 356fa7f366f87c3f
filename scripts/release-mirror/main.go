// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Command release-mirror makes a provider mirror from a release of
// terraform-provider-cardpay alone: the zips and the SHA256SUMS file as
// downloaded from the release (after checking the signature, SECURITY.md).
// No registry is involved. README.md, "Installing a release from a mirror",
// says how to use each mirror.
//
//	release-mirror network -out DIR RELEASE_DIR
//
// writes a network mirror (the provider network mirror protocol) into DIR,
// for Terraform (registry.terraform.io) and OpenTofu (registry.opentofu.org):
// the zips, and the JSON indexes that list each zip's h1: and zh: hashes,
// ready for any HTTPS server. Versions already in DIR stay listed.
//
//	release-mirror oci -repository HOST/NAME RELEASE_DIR
//
// pushes the release to an OCI registry as an OpenTofu provider artifact,
// tagged with its version, for OpenTofu's oci_mirror (OpenTofu 1.10 and
// later). It uses the credentials of `docker login` (or a credential helper).
//
// Either takes the zips found in RELEASE_DIR, which must be listed in its
// terraform-provider-cardpay_<version>_SHA256SUMS with their SHA-256.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
)

const usage = `usage:
  release-mirror network -out DIR RELEASE_DIR
  release-mirror oci -repository HOST/NAME RELEASE_DIR`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "release-mirror:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	if len(args) == 0 {
		return errors.New(usage)
	}
	fs := flag.NewFlagSet("release-mirror "+args[0], flag.ContinueOnError)
	out := fs.String("out", "", "network: the mirror's directory")
	repository := fs.String("repository", "", "oci: the repository to push to, such as registry.example.com/opentofu-providers/cardpay/cardpay")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New(usage)
	}
	rel, err := readRelease(fs.Arg(0))
	if err != nil {
		return err
	}
	switch {
	case args[0] == "network" && *out != "":
		return writeNetworkMirror(rel, *out)
	case args[0] == "oci" && *repository != "":
		return pushOCI(ctx, rel, *repository)
	}
	return errors.New(usage)
}
