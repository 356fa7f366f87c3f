// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// registryHosts are the provider's addresses: Terraform looks it up as
// registry.terraform.io/cardpay/cardpay, OpenTofu as registry.opentofu.org/...
var registryHosts = []string{"registry.terraform.io", "registry.opentofu.org"}

// mirrorIndex is a network mirror's index.json: the versions it has.
type mirrorIndex struct {
	Versions map[string]struct{} `json:"versions"`
}

// mirrorVersion is a network mirror's <version>.json: each platform's zip,
// by a URL relative to it, and its hashes.
type mirrorVersion struct {
	Archives map[string]mirrorArchive `json:"archives"`
}

type mirrorArchive struct {
	URL    string   `json:"url"`
	Hashes []string `json:"hashes"`
}

// writeNetworkMirror writes out/<host>/cardpay/cardpay/: the zips,
// <version>.json with their hashes (h1: of the contents, zh: of the zip,
// which SHA256SUMS lists) and index.json, keeping the versions it lists.
func writeNetworkMirror(rel *release, out string) error {
	version := mirrorVersion{Archives: map[string]mirrorArchive{}}
	for _, platform := range rel.platforms() {
		zip := rel.zips[platform]
		version.Archives[platform] = mirrorArchive{
			URL:    filepath.Base(zip.path),
			Hashes: []string{zip.h1, "zh:" + zip.sha256},
		}
	}
	for _, host := range registryHosts {
		dir := filepath.Join(out, host, "cardpay", "cardpay")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for _, platform := range rel.platforms() {
			src := rel.zips[platform].path
			if err := copyFile(src, filepath.Join(dir, filepath.Base(src))); err != nil {
				return err
			}
		}
		if err := writeJSON(filepath.Join(dir, rel.version+".json"), version); err != nil {
			return err
		}
		index := mirrorIndex{Versions: map[string]struct{}{}}
		if err := readJSON(filepath.Join(dir, "index.json"), &index); err != nil {
			return err
		}
		index.Versions[rel.version] = struct{}{}
		if err := writeJSON(filepath.Join(dir, "index.json"), index); err != nil {
			return err
		}
	}
	fmt.Printf("wrote %s %s for %v into %s\n", "terraform-provider-cardpay", rel.version, rel.platforms(), out)
	return nil
}

// readJSON reads path into v; a file that does not exist leaves v as it is.
func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		_ = out.Close()
		return err
	}
	return out.Close()
}
