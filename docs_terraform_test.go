// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeCLI writes an executable into dir that answers `version` and
// `version -json` as product at version does (OpenTofu's JSON also says
// terraform_version), and returns its path.
func fakeCLI(t *testing.T, dir, name, product, version string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	script := fmt.Sprintf(`#!/bin/sh
if [ "$2" = -json ]; then
  echo '{"terraform_version": "%[2]s", "platform": "linux_amd64"}'
else
  echo '%[1]s v%[2]s'
  echo 'on linux_amd64'
fi
`, product, version)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// docsTerraform runs a copy of scripts/docs-terraform.sh in a checkout of
// its own, whose ../shared is absent, with only PATH's system directories
// and fakes, and the environment env. It returns the terraform it chose
// (the one in the directory it printed, links resolved), its stderr, and
// whether it succeeded.
func docsTerraform(t *testing.T, pathDir string, env ...string) (chosen, stderr string, ok bool) {
	t.Helper()
	clone := t.TempDir()
	script, err := os.ReadFile("scripts/docs-terraform.sh")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(clone, "scripts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(clone, "scripts", "docs-terraform.sh"), script, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", filepath.Join(clone, "scripts", "docs-terraform.sh"))
	cmd.Env = append([]string{"PATH=" + pathDir + ":/usr/bin:/bin", "HOME=" + t.TempDir()}, env...)
	var errOut strings.Builder
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		return "", errOut.String(), false
	}
	target, err := filepath.EvalSymlinks(filepath.Join(strings.TrimSpace(string(out)), "terraform"))
	if err != nil {
		t.Fatalf("the script printed %q, which holds no terraform: %v", out, err)
	}
	return target, errOut.String(), true
}

// make generate, in a clone without ../shared, takes the newest Terraform
// it can find, on PATH or in TF_ACC_TERRAFORM_PATH (never OpenTofu), or,
// when none is 1.12 or later, says in one line what it found and how to
// point at one.
func TestDocsTerraformTakesTheNewestItFinds(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	onPath := filepath.Join(dir, "path")
	old := fakeCLI(t, onPath, "terraform", "Terraform", "1.11.4")
	newer := fakeCLI(t, filepath.Join(dir, "elsewhere"), "terraform", "Terraform", "1.16.4")
	tofu := fakeCLI(t, filepath.Join(dir, "tofu"), "tofu", "OpenTofu", "1.12.6")

	if chosen, stderr, ok := docsTerraform(t, onPath, "TF_ACC_TERRAFORM_PATH="+newer); !ok || chosen != newer {
		t.Errorf("with Terraform 1.11.4 on PATH and 1.16.4 in TF_ACC_TERRAFORM_PATH the script chose %q (ok %v), want %s:\n%s",
			chosen, ok, newer, stderr)
	}
	newOnPath := filepath.Join(dir, "newpath")
	onPathNew := fakeCLI(t, newOnPath, "terraform", "Terraform", "1.16.4")
	if chosen, stderr, ok := docsTerraform(t, newOnPath, "TF_ACC_TERRAFORM_PATH="+old); !ok || chosen != onPathNew {
		t.Errorf("with 1.16.4 on PATH and 1.11.4 in TF_ACC_TERRAFORM_PATH the script chose %q (ok %v), want %s:\n%s",
			chosen, ok, onPathNew, stderr)
	}

	_, stderr, ok := docsTerraform(t, onPath, "TF_ACC_TERRAFORM_PATH="+tofu)
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	switch {
	case ok:
		t.Error("with Terraform 1.11.4 and OpenTofu only, the script chose one, want it to fail")
	case len(lines) != 1 || !strings.Contains(stderr, "1.11.4 at "+old) || !strings.Contains(stderr, "TF_ACC_TERRAFORM_PATH=/path/to/terraform"):
		t.Errorf("the script said %q, want one line naming what it found and TF_ACC_TERRAFORM_PATH", stderr)
	}
}
