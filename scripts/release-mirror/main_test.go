// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"archive/zip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/mod/sumdb/dirhash"
)

// A release directory with the zips of two platforms and their
// SHA256SUMS, as downloaded.
func writeRelease(t *testing.T, version string) (dir string, sums map[string]string) {
	t.Helper()
	dir = t.TempDir()
	sums = map[string]string{}
	var list strings.Builder
	for _, platform := range []string{"linux_amd64", "darwin_arm64"} {
		name := "terraform-provider-cardpay_" + version + "_" + platform + ".zip"
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		w := zip.NewWriter(f)
		entry, _ := w.Create("terraform-provider-cardpay_v" + version)
		_, _ = entry.Write([]byte("binary for " + platform))
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		_ = f.Close()
		data, _ := os.ReadFile(filepath.Join(dir, name))
		sum := sha256.Sum256(data)
		sums[platform] = hex.EncodeToString(sum[:])
		list.WriteString(sums[platform] + "  " + name + "\n")
	}
	list.WriteString("0123  terraform-provider-cardpay_" + version + "_manifest.json\n")
	list.WriteString("4567  terraform-provider-cardpay_" + version + "_windows_amd64.zip\n") // not downloaded
	if err := os.WriteFile(filepath.Join(dir, "terraform-provider-cardpay_"+version+"_SHA256SUMS"), []byte(list.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, sums
}

// network writes, for each registry host, the zips that were downloaded,
// <version>.json with their h1: and zh: hashes, and index.json listing
// every version written so far.
func TestNetworkMirror(t *testing.T) {
	out := t.TempDir()
	for _, version := range []string{"0.1.0", "0.2.0"} {
		dir, sums := writeRelease(t, version)
		if err := run(context.Background(), []string{"network", "-out", out, dir}); err != nil {
			t.Fatal(err)
		}
		for _, host := range []string{"registry.terraform.io", "registry.opentofu.org"} {
			mirror := filepath.Join(out, host, "cardpay", "cardpay")
			var got mirrorVersion
			readTestJSON(t, filepath.Join(mirror, version+".json"), &got)
			want := mirrorVersion{Archives: map[string]mirrorArchive{}}
			for platform, sum := range sums {
				name := "terraform-provider-cardpay_" + version + "_" + platform + ".zip"
				h1, err := dirhash.HashZip(filepath.Join(mirror, name), dirhash.Hash1)
				if err != nil {
					t.Fatal(err)
				}
				want.Archives[platform] = mirrorArchive{URL: name, Hashes: []string{h1, "zh:" + sum}}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s/%s.json = %+v, want %+v", host, version, got, want)
			}
		}
	}
	var index mirrorIndex
	readTestJSON(t, filepath.Join(out, "registry.terraform.io", "cardpay", "cardpay", "index.json"), &index)
	if len(index.Versions) != 2 {
		t.Errorf("index.json lists %v, want 0.1.0 and 0.2.0", index.Versions)
	}
}

// A zip that is not the one SHA256SUMS lists is refused, naming it.
func TestReleaseRefusesAChangedZip(t *testing.T) {
	dir, _ := writeRelease(t, "0.1.0")
	zipPath := filepath.Join(dir, "terraform-provider-cardpay_0.1.0_linux_amd64.zip")
	if err := os.WriteFile(zipPath, []byte("not the release's zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := run(context.Background(), []string{"network", "-out", t.TempDir(), dir})
	if err == nil || !strings.Contains(err.Error(), zipPath) || !strings.Contains(err.Error(), "download it again") {
		t.Errorf("a changed zip gives %v, want an error naming it", err)
	}
}

func readTestJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}
