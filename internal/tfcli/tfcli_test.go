// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package tfcli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBinary(t *testing.T) {
	t.Setenv("TF_ACC_TERRAFORM_PATH", "")
	if got := Binary(); got != "terraform" {
		t.Errorf("without TF_ACC_TERRAFORM_PATH, Binary() = %q, want terraform from PATH", got)
	}
	t.Setenv("TF_ACC_TERRAFORM_PATH", "/opt/cli/tofu")
	if got := Binary(); got != "/opt/cli/tofu" {
		t.Errorf("Binary() = %q, want TF_ACC_TERRAFORM_PATH /opt/cli/tofu", got)
	}
}

// The stdout of `version` of the CLIs of the test matrix, as they print it.
const (
	terraform1_11Version = "Terraform v1.11.4\non linux_amd64\n"
	openTofu1_11Version  = "OpenTofu v1.11.0-dev\non linux_amd64\n"
	// OpenTofu 1.12 prints the warnings about its CLI configuration on
	// stdout before the version line; this one when TF_CLI_CONFIG_FILE names
	// a file that does not exist (Terraform and OpenTofu 1.11 print it on
	// stderr).
	openTofu1_12Version = "\nWarning: Unable to open CLI configuration file\n\n" +
		"The CLI configuration file at \"/root/.terraformrc\" does not exist.\n" +
		"OpenTofu v1.12.6-dev\non linux_amd64\n"
	openTofu1_12VersionClean = "OpenTofu v1.12.6-dev\non linux_amd64\n"
)

func TestParseVersion(t *testing.T) {
	cases := []struct {
		out      string
		want     CLI
		openTofu bool
	}{
		{terraform1_11Version, CLI{"Terraform", "1.11.4"}, false},
		{openTofu1_11Version, CLI{"OpenTofu", "1.11.0-dev"}, true},
		{openTofu1_12Version, CLI{"OpenTofu", "1.12.6-dev"}, true},
		{openTofu1_12VersionClean, CLI{"OpenTofu", "1.12.6-dev"}, true},
		{"Terraform v1.15.9\non linux_amd64\n+ provider registry.terraform.io/hashicorp/echo v0.1.0\n", CLI{"Terraform", "1.15.9"}, false},
		{"Terraform v1.16.4\non linux_amd64\n", CLI{"Terraform", "1.16.4"}, false},
	}
	for _, tc := range cases {
		got, err := parseVersion(tc.out)
		if err != nil || got != tc.want || got.OpenTofu() != tc.openTofu {
			t.Errorf("parseVersion(%q) = %+v (OpenTofu %t), %v; want %+v (OpenTofu %t)", tc.out, got, got.OpenTofu(), err, tc.want, tc.openTofu)
		}
		wantRegistry := map[bool]string{false: "registry.terraform.io", true: "registry.opentofu.org"}[tc.openTofu]
		if got.Registry() != wantRegistry {
			t.Errorf("parseVersion(%q).Registry() = %q, want %q", tc.out, got.Registry(), wantRegistry)
		}
	}
	for _, out := range []string{
		"", "Terraform", "terraform v1.11.4", "Packer v1.11.0", "Terraform v\n", "OpenTofu v1.12.x\n",
		// The warning alone, as if the version line were missing.
		"\nWarning: Unable to open CLI configuration file\n\nThe CLI configuration file at \"/root/.terraformrc\" does not exist.\n",
	} {
		if got, err := parseVersion(out); err == nil {
			t.Errorf("parseVersion(%q) = %+v, want an error", out, got)
		}
	}
}

func TestCLIFeatures(t *testing.T) {
	type features struct{ identities, queries, actions, triggerModes, moduleImports, planOpensEphemeral, ociMirrors bool }
	all := features{identities: true, queries: true, actions: true, triggerModes: true, moduleImports: true}
	cases := map[CLI]features{
		{"Terraform", "1.11.4"}:      {},
		{"Terraform", "1.12.0"}:      {identities: true},
		{"Terraform", "1.13.5"}:      {identities: true},
		{"Terraform", "1.14.0-rc1"}:  {identities: true, queries: true, actions: true},
		{"Terraform", "1.15.9"}:      {identities: true, queries: true, actions: true},
		{"Terraform", "1.16.0-rc2"}:  all,
		{"Terraform", "1.16.4"}:      all,
		{"Terraform", "1.17.0"}:      all,
		{"OpenTofu", "1.9.1"}:        {planOpensEphemeral: true},
		{"OpenTofu", "1.10.0"}:       {planOpensEphemeral: true, ociMirrors: true},
		{"OpenTofu", "1.11.0-dev"}:   {planOpensEphemeral: true, ociMirrors: true},
		{"OpenTofu", "1.11.6"}:       {planOpensEphemeral: true, ociMirrors: true},
		{"OpenTofu", "1.12.0-beta1"}: {identities: true, ociMirrors: true},
		{"OpenTofu", "1.12.6-dev"}:   {identities: true, ociMirrors: true},
		{"OpenTofu", "1.14.0"}:       {identities: true, ociMirrors: true},
		{"Terraform", "not-version"}: {},
		{"OpenTofu", "not-version"}:  {},
	}
	for cli, want := range cases {
		got := features{cli.Identities(), cli.Queries(), cli.Actions(), cli.ActionTriggerModes(), cli.ModuleImports(), cli.PlanOpensEphemeral(), cli.OCIMirrors()}
		if got != want {
			t.Errorf("%s: %+v, want %+v", cli, got, want)
		}
	}
}

// TestIdentify runs Identify on stand-ins for the CLIs that print the real
// outputs, the warning on stdout included.
func TestIdentify(t *testing.T) {
	cases := map[string]CLI{
		terraform1_11Version: {"Terraform", "1.11.4"},
		openTofu1_11Version:  {"OpenTofu", "1.11.0-dev"},
		openTofu1_12Version:  {"OpenTofu", "1.12.6-dev"},
	}
	for out, want := range cases {
		bin := filepath.Join(t.TempDir(), "cli")
		script := "#!/bin/sh\n[ \"$*\" = version ] || exit 2\nprintf '%s' '" + strings.ReplaceAll(out, "'", `'\''`) + "'\n" +
			"echo 'There are some problems with the CLI configuration:' >&2\n"
		if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		t.Setenv("TF_ACC_TERRAFORM_PATH", bin)
		if got, err := Identify(t.Context()); err != nil || got != want {
			t.Errorf("Identify() of a CLI printing %q = %+v, %v; want %+v", out, got, err, want)
		}
	}
}

func TestReplaceMissingCLIConfig(t *testing.T) {
	existing := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(existing, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "terraformrc")
	cases := []struct{ set, replaced, after string }{
		{"", "", ""},
		{existing, "", existing},
		{missing, missing, os.DevNull},
	}
	for _, tc := range cases {
		t.Setenv("TF_CLI_CONFIG_FILE", tc.set)
		replaced, err := ReplaceMissingCLIConfig()
		if after := os.Getenv("TF_CLI_CONFIG_FILE"); err != nil || replaced != tc.replaced || after != tc.after {
			t.Errorf("TF_CLI_CONFIG_FILE=%q: replaced %q, %v, now %q; want replaced %q, now %q", tc.set, replaced, err, after, tc.replaced, tc.after)
		}
	}
}

func TestResourceChanges(t *testing.T) {
	got, err := ResourceChanges(`{"format_version":"1.2","resource_changes":[
{"address":"cardpay_store.a","change":{"actions":["no-op"],"importing":{"identity":{"merchant_id":1001,"store_id":"1001-main"}}}},
{"address":"terraform_data.trigger","change":{"actions":["delete","create"]}}]}`)
	want := map[string]ResourceChange{
		"cardpay_store.a":        {Actions: "no-op", Importing: true},
		"terraform_data.trigger": {Actions: "delete+create"},
	}
	if err != nil || len(got) != len(want) || got["cardpay_store.a"] != want["cardpay_store.a"] ||
		got["terraform_data.trigger"] != want["terraform_data.trigger"] {
		t.Errorf("ResourceChanges() = %+v, %v; want %+v", got, err, want)
	}
	if _, err := ResourceChanges("Warning: not JSON"); err == nil {
		t.Error("ResourceChanges of text that is not JSON succeeded, want an error")
	}
}
