// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

const modulePath = "github.com/cardpay/terraform-provider-cardpay"

// README.md's go install of the sandbox, word for word (with the release's
// version), from a module proxy that serves this module at the release's
// commit as v<version>: the sandbox builds from the module as Go's proxy
// will serve it once the tag is pushed, and says its version. What cannot
// run here: the public proxy fetching the tag from GitHub, and the
// checksum database (off: the other modules come from the module cache,
// which the go command checked against it when it filled it).
func testGoInstallSandbox(t *testing.T, rel *release) {
	script := withVersion(shellBlock(t, "README.md", "go install "+modulePath+"/cmd/cardpay-sandbox@"), rel.version)
	gobin := t.TempDir()
	runScript(t, t.TempDir(), script, append(localModuleProxy(t, rel), "GOBIN="+gobin)...)
	out, err := exec.CommandContext(t.Context(), "go", "version", "-m", filepath.Join(gobin, "cardpay-sandbox")).CombinedOutput()
	if err != nil {
		t.Fatalf("go version -m: %v\n%s", err, out)
	}
	if want := "\tmod\t" + modulePath + "\tv" + rel.version + "\t"; !strings.Contains(string(out), want) {
		t.Errorf("the installed cardpay-sandbox is not the module at v%s:\n%s", rel.version, out)
	}
}

// localModuleProxy returns the environment in which the go command finds
// this module at v<version> (the release's commit, as git archives it, the
// way the Go module proxy serves a tag) in a directory laid out as a
// module proxy, and every other module in the module cache, offline, with
// the checksum database off (it cannot be reached here).
func localModuleProxy(t *testing.T, rel *release) []string {
	t.Helper()
	commit := rel.provenance(t).Predicate.BuildDefinition.ExternalParameters.Commit
	version := "v" + rel.version
	dir := t.TempDir()
	versions := filepath.Join(dir, modulePath, "@v")
	if err := os.MkdirAll(versions, 0o755); err != nil {
		t.Fatal(err)
	}
	zip, err := os.Create(filepath.Join(versions, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer zip.Close()
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	if err := modzip.CreateFromVCS(zip, module.Version{Path: modulePath, Version: version}, root, commit, ""); err != nil {
		t.Fatalf("the module at %s: %v", commit, err)
	}
	goMod, err := exec.CommandContext(t.Context(), "git", "show", commit+":go.mod").Output()
	if err != nil {
		t.Fatalf("git show %s:go.mod: %v", commit, err)
	}
	commitTime, err := exec.CommandContext(t.Context(), "git", "show", "-s", "--format=%cI", commit).Output()
	if err != nil {
		t.Fatal(err)
	}
	info, err := json.Marshal(map[string]string{"Version": version, "Time": strings.TrimSpace(string(commitTime))})
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(versions, version+".mod"), string(goMod))
	writeFile(t, filepath.Join(versions, version+".info"), string(info))
	writeFile(t, filepath.Join(versions, "list"), version+"\n")
	modCache, err := exec.CommandContext(t.Context(), "go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	return []string{
		"GOPROXY=file://" + dir + ",file://" + filepath.Join(strings.TrimSpace(string(modCache)), "cache", "download"),
		"GOSUMDB=off", "GOFLAGS=", "GOWORK=off", "GOTOOLCHAIN=local",
	}
}
