// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Command sandbox-image writes the cardpay-sandbox's container image, an
// OCI image index of one image per platform, from binaries already built
// (static: CGO_ENABLED=0), without a container daemon:
//
//	go run ./scripts/sandbox-image \
//	  -binary linux/amd64=dist/cardpay-sandbox_linux_amd64 \
//	  -binary linux/arm64=dist/cardpay-sandbox_linux_arm64 \
//	  -version 0.1.0 -commit "$(git rev-parse HEAD)" -commit-time "$(git log -1 --format=%cI)" \
//	  -layout dist/cardpay-sandbox_0.1.0_oci -tarball dist/cardpay-sandbox_0.1.0_oci.tar \
//	  -index dist/cardpay-sandbox_0.1.0_oci-index.json
//
// The same binaries, version, commit and commit time write the same bytes.
// make sandbox-image builds the binaries and runs it; scripts/release.sh
// runs it on the release's linux binaries.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandboximage"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "sandbox-image:", err)
		os.Exit(1)
	}
}

// binaries collects -binary PLATFORM=PATH flags.
type binaries []sandboximage.Platform

func (b *binaries) String() string { return fmt.Sprint(*b) }

func (b *binaries) Set(value string) error {
	platform, path, ok := strings.Cut(value, "=")
	if !ok || path == "" {
		return fmt.Errorf("%q is not PLATFORM=PATH, such as linux/amd64=dist/cardpay-sandbox_linux_amd64", value)
	}
	p, err := sandboximage.ParsePlatform(platform)
	if err != nil {
		return err
	}
	for _, seen := range *b {
		if seen.String() == p.String() {
			return fmt.Errorf("platform %s given twice", p)
		}
	}
	p.Binary = path
	*b = append(*b, p)
	return nil
}

func run(args []string, stdout, stderr io.Writer) error {
	var (
		platforms          binaries
		r                  sandboximage.Release
		commitTime         string
		layoutDir, tarFile string
		indexFile          string
	)
	fs := flag.NewFlagSet("sandbox-image", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Var(&platforms, "binary", "PLATFORM=PATH of a static sandbox binary, such as linux/amd64=dist/cardpay-sandbox_linux_amd64; repeat per platform")
	fs.StringVar(&r.Version, "version", "", "the release's version, such as 0.1.0 (the image's version label and ref name)")
	fs.StringVar(&r.Commit, "commit", "", "the commit the binaries were built from (full hash)")
	fs.StringVar(&commitTime, "commit-time", "", "the commit's time, RFC 3339 (git log -1 --format=%cI) or Unix seconds: every time in the image")
	fs.StringVar(&r.Source, "source", "https://github.com/cardpay/terraform-provider-cardpay", "the source repository's URL")
	fs.StringVar(&layoutDir, "layout", "", "write the image as an OCI layout in this directory, which must not exist")
	fs.StringVar(&tarFile, "tarball", "", "also write the layout as this tar file (docker load, podman load, skopeo oci-archive:)")
	fs.StringVar(&indexFile, "index", "", "also write the image index to this file: its SHA-256 is the image's digest, by which a registry serves it")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	var err error
	if r.CommitTime, err = parseTime(commitTime); err != nil {
		return err
	}
	if layoutDir == "" && tarFile == "" && indexFile == "" {
		return errors.New("nothing to write: give -layout DIR, -tarball FILE, -index FILE or several")
	}
	index, err := sandboximage.Build(r, platforms)
	if err != nil {
		return err
	}
	dir := layoutDir
	if dir == "" {
		tmp, err := os.MkdirTemp("", "sandbox-image-")
		if err != nil {
			return err
		}
		defer func() { _ = os.RemoveAll(tmp) }()
		dir = filepath.Join(tmp, "layout")
	}
	if err := sandboximage.WriteLayout(dir, index, r.Version); err != nil {
		return err
	}
	digest, err := index.Digest()
	if err != nil {
		return err
	}
	if layoutDir != "" {
		fmt.Fprintf(stdout, "wrote %s (index %s)\n", layoutDir, digest)
	}
	if tarFile != "" {
		if err := sandboximage.WriteTarball(tarFile, dir, r.CommitTime); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (index %s)\n", tarFile, digest)
	}
	if indexFile != "" {
		raw, err := index.RawManifest()
		if err != nil {
			return err
		}
		if err := os.WriteFile(indexFile, raw, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (%s)\n", indexFile, digest)
	}
	return nil
}

// parseTime reads RFC 3339 or Unix seconds.
func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, errors.New("no -commit-time: give the commit's time, such as $(git log -1 --format=%cI)")
	}
	if secs, err := strconv.ParseInt(s, 10, 64); err == nil {
		return time.Unix(secs, 0).UTC(), nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("-commit-time %q is neither RFC 3339 nor Unix seconds", s)
	}
	return t.UTC(), nil
}
