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

// fakeTerraform stands in for terraform in the demo's output functions: it
// colours its output, as terraform does, unless given -no-color.
const fakeTerraform = `#!/usr/bin/env bash
bold=$'\033[1m' plain=$'\033[0m'
for arg in "$@"; do
  if [ "$arg" = -no-color ]; then bold="" plain=""; fi
done
printf '%sPlan:%s 1 to add, 0 to change, 0 to destroy.\n' "$bold" "$plain"
printf '%sApply complete!%s Resources: 1 added, 0 changed, 0 destroyed.\n' "$bold" "$plain"
`

// demoOutput runs the demo's output functions (scripts/demo.sh sourced:
// step, tf summarizing terraform, and tf with VERBOSE=1) with the fake
// terraform, its output a pipe or, with terminal, a pseudo-terminal
// (util-linux script), and the environment env added.
func demoOutput(t *testing.T, terminal bool, env ...string) string {
	t.Helper()
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "terraform"), []byte(fakeTerraform), 0o755); err != nil {
		t.Fatal(err)
	}
	const demo = `source scripts/demo.sh && work=$(mktemp -d) && step "Applying" && tf apply && VERBOSE=1 tf apply && rm -rf "$work"`
	cmd := exec.Command("bash", "-c", demo)
	if terminal {
		cmd = exec.Command("script", "--quiet", "--return", "--command", "bash -c '"+demo+"'", "/dev/null")
	}
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=")
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, out)
	}
	for _, want := range []string{"==> Applying", "Plan: 1 to add", "Apply complete!"} {
		if !strings.Contains(strings.ReplaceAll(string(out), "\x1b[0m", ""), want) {
			t.Fatalf("the demo's output lacks %q, so the test would prove nothing:\n%q", want, out)
		}
	}
	return string(out)
}

// make demo writes plain text where its output is captured (a CI log, a
// file) and wherever NO_COLOR is set: no escape codes in its headings or
// in terraform's output, summarized or whole (VERBOSE=1). A terminal gets
// them.
func TestDemoColoursOnlyATerminal(t *testing.T) {
	for name, out := range map[string]string{
		"captured":          demoOutput(t, false),
		"captured NO_COLOR": demoOutput(t, false, "NO_COLOR=1"),
	} {
		if strings.Contains(out, "\x1b") {
			t.Errorf("%s: the demo wrote escape codes:\n%q", name, out)
		}
	}
	if _, err := exec.LookPath("script"); err != nil || exec.Command("script", "--version").Run() != nil {
		t.Skip("the terminal cases need util-linux's script, to give the demo a pseudo-terminal")
	}
	if out := demoOutput(t, true); !strings.Contains(out, "\x1b[1m==> Applying") || !strings.Contains(out, "\x1b[1mPlan:") {
		t.Errorf("on a terminal the demo wrote no bold heading or terraform colours:\n%q", out)
	}
	if out := demoOutput(t, true, "NO_COLOR=1"); strings.Contains(out, "\x1b") {
		t.Errorf("on a terminal with NO_COLOR=1 the demo wrote escape codes:\n%q", out)
	}
}
