// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A guide that gets the sandbox from a release (testing-modules) runs its
// commands with the release in CARDPAY_RELEASE_DIST, as make release-test
// builds it (make release-snapshot), as written but for what only a
// published release has:
//   - the download: its URLs are those of a server on 127.0.0.1 that
//     serves the release's files, so the curl commands run;
//   - the version: the snapshot's in place of 0.1.0 (version= lines);
//   - the release key: the snapshot is signed with a throwaway key, whose
//     fingerprint takes the place of the release key's;
//   - go install: from a module proxy that serves this module at the
//     release's commit as v<version>, the other modules from the module
//     cache, offline (localModuleProxy, as TestRelease's go install);
//   - the image's registry: the release's OCI layout, where the CI jobs
//     find their service's image by the digest the reader printed
//     (examples_guides_ci_test.go).
//
// Outputs are compared with the version and fingerprint put back.
// Without CARDPAY_RELEASE_DIST the sandbox is built from this checkout, and
// the release's steps are left out.

// releaseDownloadURL is where a release's files are published.
const releaseDownloadURL = "https://github.com/cardpay/terraform-provider-cardpay/releases/download/"

// shownVersion is the version the guides' commands name.
const shownVersion = "0.1.0"

// sandboxSource is the way of getting the sandbox a step belongs to.
type sandboxSource int

const (
	anySource    sandboxSource = iota
	fromRelease                // a release's files (CARDPAY_RELEASE_DIST)
	fromCheckout               // built from this checkout, without a release
)

// guideRelease is the release a guide runs with.
type guideRelease struct {
	*release
	// script rewrites a script as above; asShown an output back.
	script, asShown func(string) string
	// layout is the OCI layout of the release's image, unpacked from
	// its tar file.
	layout string
}

// fromReleaseDist is the setup of a guide that can run with a release:
// with CARDPAY_RELEASE_DIST, it serves the release's files and sets the
// rewrites above.
func fromReleaseDist(t *testing.T, r *guideRun) {
	t.Helper()
	if os.Getenv("CARDPAY_RELEASE_DIST") == "" {
		t.Log("no CARDPAY_RELEASE_DIST: the sandbox is built from this checkout; " +
			"make release-test runs the guide with a release's files and image")
		return
	}
	rel := openRelease(t)
	srv := httptest.NewServer(releaseDownloads(t, rel))
	t.Cleanup(srv.Close)
	throwaway, releaseKey := keyFingerprint(t, filepath.Join(rel.dir, "cardpay-release-key.asc")), keyFingerprint(t, "cardpay-release-key.asc")
	download := strings.NewReplacer(releaseDownloadURL, srv.URL+"/", releaseKey, throwaway)
	r.release = &guideRelease{
		release: rel,
		script: func(script string) string {
			script = download.Replace(withVersion(script, rel.version))
			if strings.Contains(script, "https://github.com/") {
				t.Fatalf("a script of the guide downloads from somewhere else than %s:\n%s", releaseDownloadURL, script)
			}
			return script
		},
		asShown: strings.NewReplacer(rel.version, shownVersion, throwaway, releaseKey).Replace,
	}
	if files := rel.imageFiles(); files != nil {
		r.release.layout = filepath.Join(t.TempDir(), "layout")
		untar(t, filepath.Join(rel.dir, files[0]), r.release.layout)
	}
	for _, kv := range localModuleProxy(t, rel) {
		name, value, _ := strings.Cut(kv, "=")
		r.env[name] = value
	}
}

// releaseDownloads serves the files a release publishes, at
// /v<version>/<file> as the release's page does.
func releaseDownloads(t *testing.T, rel *release) http.Handler {
	t.Helper()
	published := rel.published(t)
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		name, ok := strings.CutPrefix(req.URL.Path, "/v"+rel.version+"/")
		if !ok || !slices.Contains(published, name) {
			http.NotFound(w, req)
			return
		}
		http.ServeFile(w, req, filepath.Join(rel.dir, name))
	})
}

// leftOut says why a step of one way of getting the sandbox is not taken
// in this run, or "".
func (r *guideRun) leftOut(from sandboxSource) string {
	switch {
	case from == fromRelease && r.release == nil:
		return "it needs a release: set CARDPAY_RELEASE_DIST (make release-test does)"
	case from == fromCheckout && r.release != nil:
		return "the sandbox comes from the release in CARDPAY_RELEASE_DIST"
	}
	return ""
}

// scriptFile is the path of a step's script to run: the guide's file, or
// with a release a copy in dir rewritten for it.
func (r *guideRun) scriptFile(t *testing.T, name, dir string) string {
	t.Helper()
	path, err := filepath.Abs(filepath.Join(r.dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if r.release == nil {
		return path
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(dir, filepath.Base(name))
	writeFile(t, path, r.release.script(string(data)))
	return path
}

// asShown is an output as the guide shows it.
func (r *guideRun) asShown(output string) string {
	if r.release == nil {
		return output
	}
	return r.release.asShown(output)
}
