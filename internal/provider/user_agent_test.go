// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// The User-Agent names the provider's version and the version the CLI
// reports, never a CLI by name, and nothing a header cannot carry.
func TestUserAgent(t *testing.T) {
	for _, tc := range []struct{ cli, want string }{
		{"1.11.4", "terraform-provider-cardpay/1.2.3 (CLI reports terraform_version 1.11.4)"},
		{"1.11.0-dev", "terraform-provider-cardpay/1.2.3 (CLI reports terraform_version 1.11.0-dev)"},
		{"", "terraform-provider-cardpay/1.2.3"},
		{"1.13.0\r\nX-Injected: 1", "terraform-provider-cardpay/1.2.3 (CLI reports terraform_version 1.13.0X-Injected1)"},
	} {
		if got := userAgent("1.2.3", tc.cli); got != tc.want {
			t.Errorf("userAgent(1.2.3, %q) = %q, want %q", tc.cli, got, tc.want)
		}
	}
}

// Under the CLI of the test run, every request names the provider and the
// version the CLI reports, and no CLI by name. Under Terraform that version
// is the CLI's own; OpenTofu reports one of its choosing (1.12.6 reports
// 1.13.0), which must not pass for a Terraform release in the service's
// logs.
func TestAccUserAgent_namesNoCLI(t *testing.T) {
	agents := &sandboxtest.UserAgents{}
	env := sandboxTestEnv(sandboxtest.Start(t, sandboxtest.Wrap(agents.Record)))
	w := newCLIWorkdir(t, env, `
data "cardpay_stores" "all" {
  merchant_id = 1001
}
`)
	w.run("plan", "-input=false", "-no-color")
	cli, err := testCLI()
	if err != nil {
		t.Fatal(err)
	}
	sent := agents.Take()
	if len(sent) == 0 {
		t.Fatal("the plan sent no request to the sandbox")
	}
	form := regexp.MustCompile(`^terraform-provider-cardpay/\S+ \(CLI reports terraform_version (\S+)\)$`)
	for _, ua := range sent {
		m := form.FindStringSubmatch(ua)
		switch {
		case m == nil || strings.Contains(ua, "Terraform/") || strings.Contains(ua, "OpenTofu"):
			t.Errorf("under %s a request has User-Agent %q, want terraform-provider-cardpay/<version> "+
				"(CLI reports terraform_version <version>)", cli, ua)
		case !cli.OpenTofu() && m[1] != cli.Version:
			t.Errorf("under %s a request has User-Agent %q, want the version %s", cli, ua, cli.Version)
		}
	}
}
