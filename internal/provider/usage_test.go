// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// One INFO line per credential, with the counts and the wait, and nothing
// when no request was sent.
func TestLogUsage(t *testing.T) {
	var out bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &out)
	logUsage(ctx, nil)
	if out.Len() != 0 {
		t.Fatalf("logged without usage: %s", out.String())
	}
	logUsage(ctx, []client.CredentialUsage{{
		BaseURL: "https://api.example.com", Credential: "partner client p-1",
		Usage: client.Usage{Sent: 50, Refused: 2, Retried: 3, Waited: 1234 * time.Millisecond},
	}})
	entries, err := tflogtest.MultilineJSONDecode(&out)
	if err != nil || len(entries) != 1 {
		t.Fatalf("entries %v, %v; want one", entries, err)
	}
	want := map[string]any{
		"@level": "info", "@message": "cardpay API usage of this provider run", "base_url": "https://api.example.com",
		"credential": "partner client p-1", "requests_sent": 50.0, "requests_refused": 2.0, "requests_retried": 3.0,
		"wait_seconds": 1.23,
	}
	for k, v := range want {
		if entries[0][k] != v {
			t.Errorf("%s = %v, want %v", k, entries[0][k], v)
		}
	}
}

// When Terraform stops the provider at the end of a command, the provider
// logs its usage in Terraform's log, naming the credential by its client
// ID, never its secret.
func TestUsageSummaryInTerraformsLog(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t) // merchant 1001 is the sandbox's
	w := newCLIWorkdir(t, env, `
data "cardpay_payment_methods" "all" {
  merchant_id = 1001
}
`)
	w.env = append(w.env, "TF_LOG=INFO", "TMPDIR="+t.TempDir()) // no throttle state of other runs
	out := w.run("plan", "-input=false", "-no-color")
	line := regexp.MustCompile(`(?m)^.*cardpay API usage of this provider run.*$`).FindString(out)
	for _, want := range []string{"credential=\"partner client " + env.ClientID + "\"", "requests_sent=1", "requests_refused=0", "base_url=" + env.BaseURL} {
		if !strings.Contains(line, want) {
			t.Errorf("the usage line %q lacks %s", line, want)
		}
	}
	if strings.Contains(out, env.ClientSecret) {
		t.Error("terraform's log contains the partner secret")
	}
}
