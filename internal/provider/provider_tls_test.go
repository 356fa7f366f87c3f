// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// A sandbox serving TLS with a CA of its own on both hosts, as
// cardpay-sandbox -tls does for a CI service reached by name: with
// ca_cert_file naming the CA, the provider writes to the partner API and
// reads the data API (minting its token there).
func TestAccProvider_caCertFile(t *testing.T) {
	env := sandboxTestEnv(sandboxtest.Start(t, sandboxtest.TLS(), sandboxtest.SplitHosts()))
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	accTest(t, resource.TestStep{
		Config: fmt.Sprintf(`
provider "cardpay" {
  base_url              = %q
  ais_base_url          = %q
  partner_client_id     = %q
  partner_client_secret = %q
  ca_cert_file          = %q
}
`, env.BaseURL, env.AISBaseURL, env.ClientID, env.ClientSecret, env.CACertFile) +
			webhookConfig("https://hooks.example/cardpay", `["payment.completed"]`) + aisAccountsConfig(env.MerchantID, aisTestUser),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
			statecheck.ExpectKnownValue(aisAccountsAddr, tfjsonpath.New("total_accounts"), knownvalue.Int64Exact(3)),
		},
	})
}

// Without the CA, the sandbox's certificate is refused: the plan fails (the
// credentials check cannot go on, and no operation could), and the error
// says which setting names a CA; nothing reached the service.
func TestAccProvider_untrustedCertificate(t *testing.T) {
	sb := sandboxtest.Start(t, sandboxtest.TLS())
	env := sandboxTestEnv(sb)
	env.CACertFile = ""
	mark := sandboxtest.MarkRequests(sb.Server)
	accTest(t, resource.TestStep{
		Config:   env.providerConfig(webhookConfig("https://hooks.example/cardpay", `["payment.completed"]`)),
		PlanOnly: true,
		ExpectError: wrappedErrorPattern(`certificate is not trusted.*certificate signed by unknown authority.*give the path of its certificate \(PEM\) ` +
			`in ca_cert_file in the provider block \(or CARDPAY_CA_CERT_FILE\)`),
	})
	mark.ExpectNoneReached(t)
}

// A ca_cert_file that is not a readable PEM certificate fails the plan
// with what to give instead, before any request.
func TestAccProvider_invalidCACertFile(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	dir := t.TempDir()
	notPEM := filepath.Join(dir, "ca.txt")
	if err := os.WriteFile(notPEM, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	mark := sandboxtest.MarkRequests(sb)
	var steps []resource.TestStep
	for _, bad := range []struct{ path, want string }{
		{filepath.Join(dir, "missing.pem"), `cannot be read \(no such file or directory\); give the path of a PEM file`},
		{notPEM, `holds no PEM certificate; give the path of a PEM file`},
	} {
		env.CACertFile = bad.path
		steps = append(steps, resource.TestStep{
			Config:      env.providerConfig(webhookConfig("https://hooks.example/cardpay", `["payment.completed"]`)),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)Invalid CARDPAY_CA_CERT_FILE.*ca_cert_file=.*` + bad.want),
		})
	}
	accTest(t, steps...)
	mark.ExpectNoneReached(t)
}
