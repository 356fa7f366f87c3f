// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package tfcli

import "testing"

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

func TestParseVersion(t *testing.T) {
	cases := []struct {
		out      string
		want     CLI
		openTofu bool
	}{
		{"Terraform v1.11.4\non linux_amd64\n", CLI{"Terraform", "1.11.4"}, false},
		{"OpenTofu v1.11.0-dev\non linux_amd64\n", CLI{"OpenTofu", "1.11.0-dev"}, true},
		{"Terraform v1.15.9\non linux_amd64\n+ provider registry.terraform.io/hashicorp/echo v0.1.0\n", CLI{"Terraform", "1.15.9"}, false},
	}
	for _, tc := range cases {
		got, err := parseVersion(tc.out)
		if err != nil || got != tc.want || got.OpenTofu() != tc.openTofu {
			t.Errorf("parseVersion(%q) = %+v (OpenTofu %t), %v; want %+v (OpenTofu %t)", tc.out, got, got.OpenTofu(), err, tc.want, tc.openTofu)
		}
	}
	for _, out := range []string{"", "Terraform", "terraform v1.11.4", "Packer v1.11.0", "Terraform v\n"} {
		if got, err := parseVersion(out); err == nil {
			t.Errorf("parseVersion(%q) = %+v, want an error", out, got)
		}
	}
}

func TestCLIFeatures(t *testing.T) {
	type features struct{ identities, queries, actions bool }
	cases := map[CLI]features{
		{"Terraform", "1.11.4"}:      {},
		{"Terraform", "1.12.0"}:      {identities: true},
		{"Terraform", "1.13.5"}:      {identities: true},
		{"Terraform", "1.14.0-rc1"}:  {true, true, true},
		{"Terraform", "1.15.9"}:      {true, true, true},
		{"OpenTofu", "1.11.0-dev"}:   {},
		{"OpenTofu", "1.14.0"}:       {},
		{"Terraform", "not-version"}: {},
	}
	for cli, want := range cases {
		if got := (features{cli.Identities(), cli.Queries(), cli.Actions()}); got != want {
			t.Errorf("%s: identities, queries, actions = %+v, want %+v", cli, got, want)
		}
	}
}
