// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/mod/sumdb/dirhash"
)

// release is the provider's zips of one release, as downloaded.
type release struct {
	version string
	zips    map[string]zipFile // by platform, such as linux_amd64
}

type zipFile struct {
	path   string
	sha256 string // hex, as SHA256SUMS lists it
	h1     string // dirhash's h1: hash of the zip's contents
}

func (rel *release) platforms() []string { return slices.Sorted(maps.Keys(rel.zips)) }

// readRelease reads dir's terraform-provider-cardpay_<version>_SHA256SUMS
// and the zips it lists that are in dir, checking each one's SHA-256.
func readRelease(dir string) (*release, error) {
	sums, err := filepath.Glob(filepath.Join(dir, "terraform-provider-cardpay_*_SHA256SUMS"))
	if err != nil || len(sums) != 1 {
		return nil, fmt.Errorf("want one terraform-provider-cardpay_<version>_SHA256SUMS in %s, found %d", dir, len(sums))
	}
	rel := &release{zips: map[string]zipFile{}}
	rel.version = strings.TrimSuffix(strings.TrimPrefix(filepath.Base(sums[0]), "terraform-provider-cardpay_"), "_SHA256SUMS")
	data, err := os.ReadFile(sums[0])
	if err != nil {
		return nil, err
	}
	zipName := regexp.MustCompile(`^terraform-provider-cardpay_` + regexp.QuoteMeta(rel.version) + `_([a-z0-9]+_[a-z0-9]+)\.zip$`)
	for line := range strings.Lines(string(data)) {
		want, name, _ := strings.Cut(strings.TrimSpace(line), "  ")
		m := zipName.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		path := filepath.Join(dir, name)
		got, err := fileSHA256(path)
		if os.IsNotExist(err) {
			continue // a platform not downloaded
		}
		if err != nil {
			return nil, err
		}
		if got != want {
			return nil, fmt.Errorf("%s has SHA-256 %s, but %s lists %s: download it again", path, got, filepath.Base(sums[0]), want)
		}
		h1, err := dirhash.HashZip(path, dirhash.Hash1)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		rel.zips[m[1]] = zipFile{path: path, sha256: want, h1: h1}
	}
	if len(rel.zips) == 0 {
		return nil, fmt.Errorf("no zip that %s lists is in %s", filepath.Base(sums[0]), dir)
	}
	return rel, nil
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
