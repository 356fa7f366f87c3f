// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"

	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
)

// lockedByMirror is what README.md ("Installing a release from a mirror",
// step 4) says the lock file holds after each step of
// testInstallFromMirror, as found by running each CLI: every CLI records
// the h1: hash (of the zip's contents) of what it installs or locks from a
// mirror; OpenTofu also records the zh: hash (the zip's SHA-256) that a
// network mirror lists or an OCI mirror's layer digest is, and Terraform
// does not; and a lock file that holds the registry's zh: hashes keeps
// them and gains the h1: hash of the platform that ran init.
func (rel *release) lockedByMirror(cli tfcli.CLI, kind, step string) []string {
	this := runtime.GOOS + "_" + runtime.GOARCH
	var hashes []string
	h1 := func(platforms ...string) {
		for _, p := range platforms {
			hashes = append(hashes, rel.h1[p])
		}
	}
	zh := func(platforms ...string) {
		for _, p := range platforms {
			hashes = append(hashes, "zh:"+rel.sha256[rel.zips[p]])
		}
	}
	zhFromMirror := cli.OpenTofu() && kind != "filesystem"
	switch step {
	case "init":
		h1(this)
		if zhFromMirror {
			zh(this)
		}
	case "providers lock": // -fs-mirror, or -net-mirror for a network mirror
		h1(rel.platforms()...)
		switch {
		case zhFromMirror && kind == "network":
			zh(rel.platforms()...)
		case zhFromMirror: // the OCI mirror's init; locked from the filesystem mirror
			zh(this)
		}
	case "init with the registry's lock file":
		h1(this)
		zh(rel.platforms()...)
	}
	return slices.Sorted(slices.Values(hashes))
}

// describeHashes says what each hash is: "h1: of linux_amd64, zh: of
// every zip".
func (rel *release) describeHashes(hashes []string) string {
	names := map[string]string{}
	for platform, h := range rel.h1 {
		names[h] = "h1:" + platform
	}
	for platform, zip := range rel.zips {
		names["zh:"+rel.sha256[zip]] = "zh:" + platform
	}
	byKind := map[string][]string{}
	for _, h := range hashes {
		name, ok := names[h]
		if !ok {
			name = "unknown:" + h
		}
		kind, platform, _ := strings.Cut(name, ":")
		byKind[kind] = append(byKind[kind], platform)
	}
	var parts []string
	for _, kind := range slices.Sorted(maps.Keys(byKind)) {
		platforms := slices.Sorted(slices.Values(byKind[kind]))
		if slices.Equal(platforms, rel.platforms()) && len(platforms) > 1 {
			platforms = []string{"every platform"}
		}
		parts = append(parts, fmt.Sprintf("%s: of %s", kind, strings.Join(platforms, ", ")))
	}
	if len(parts) == 0 {
		return "no hash"
	}
	return strings.Join(parts, "; ")
}

func slicesSortedKeys(m map[string]string) []string { return slices.Sorted(maps.Keys(m)) }
