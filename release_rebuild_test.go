// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// testRebuild follows README.md's "Rebuilding a release" word for word
// (with the release's version), in a directory holding the release's
// files as a partner downloads them: a clone, in another directory, of
// the release's tag, `make release-rebuild`, and `sha256sum --check` of
// every file the signed cardpay-release_<version>_SHA256SUMS lists. The
// snapshot has no tag (a tag makes a release of that version: Go and the
// SBOM record the tag as the module's version), so the clone is of a
// branch at the snapshot's commit in a copy of this repository without
// its tags, where make release-rebuild builds the snapshot again (a
// release in dist/ gets its tag back); a copy, so that the clone is in
// another directory. It builds the snapshot's platforms only
// (RELEASE_PLATFORMS). Only make release-test with
// CARDPAY_RELEASE_REBUILD=1 runs it.
func testRebuild(t *testing.T, rel *release) {
	if os.Getenv("CARDPAY_RELEASE_REBUILD") != "1" {
		t.Skip("rebuilds the release in a clone: set CARDPAY_RELEASE_REBUILD=1 (make release-test does)")
	}
	commit := rel.provenance(t).Predicate.BuildDefinition.ExternalParameters.Commit
	origin := filepath.Join(t.TempDir(), "origin")
	git(t, "", "clone", "--quiet", "--no-checkout", "--no-tags", ".", origin)
	git(t, origin, "branch", "snapshot", commit)
	if !strings.Contains(rel.version, "-snapshot-") { // make release-test of a release
		git(t, origin, "tag", "v"+rel.version, commit)
	}

	dir := t.TempDir()
	for _, name := range rel.published(t) {
		linkOrCopy(t, filepath.Join(rel.dir, name), filepath.Join(dir, name))
	}
	script := withVersion(shellBlock(t, "README.md", "make -C rebuild release-rebuild"), rel.version)
	script = strings.NewReplacer("--branch v${version} https://github.com/cardpay/terraform-provider-cardpay.git",
		"--branch snapshot "+origin).Replace(script)
	if !strings.Contains(script, origin) {
		t.Fatal("README.md's rebuild does not clone --branch v${version} https://github.com/cardpay/terraform-provider-cardpay.git")
	}
	out := runScript(t, dir, script, "RELEASE_PLATFORMS="+strings.Join(rel.platforms(), " "), "CARDPAY_RELEASE_DIST=", "GPG_FINGERPRINT=")
	t.Logf("the rebuild's checks:\n%s", tail(out, 40))
	for _, name := range slicesSortedKeys(rel.all) {
		if !strings.Contains(out, name+": OK\n") {
			t.Errorf("the rebuild does not reproduce %s byte for byte", name)
		}
	}
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), "git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "")
}
