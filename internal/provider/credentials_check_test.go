// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"maps"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// createOnlyConfig plans two objects to create and nothing to read.
const createOnlyConfig = `
resource "cardpay_payment_method" "amex" {
  merchant_id = 1001
  method      = "amex"
}

resource "cardpay_store" "kiosk" {
  merchant_id = 1001
  name        = "Kiosk"
}
`

// A plan that only creates would send nothing: the credentials check makes
// a wrong secret fail it with the service's 401, the advice of any 401 and
// what the check is, after one read of the profile for both resources.
func TestAccCredentialsCheck_wrongSecretFailsPlan(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	env.ClientSecret = "not-the-secret"
	mark := sandboxtest.MarkRequests(sb)
	accTest(t, resource.TestStep{
		Config:   env.providerConfig(createOnlyConfig),
		PlanOnly: true,
		ExpectError: wrappedErrorPattern(`The service refused the partner credentials.*get partner profile.*HTTP 401.*` +
			`Check the provider's partner_client_id and partner_client_secret.*skip_credentials_check = true`),
	})
	if got, want := mark.Since(), map[string]int{sandbox.RouteGetProfile: 1}; !maps.Equal(got, want) {
		t.Errorf("the plan sent %v, want %v", got, want)
	}
}

// A 403 on the profile read refuses the credentials too: these may not
// read their own partner's profile. The plan fails saying so.
func TestAccCredentialsCheck_forbiddenFailsPlan(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	sb.InjectFault(sandbox.Fault{Route: sandbox.RouteGetProfile, Status: 403})
	accTest(t, resource.TestStep{
		Config:   env.providerConfig(createOnlyConfig),
		PlanOnly: true,
		ExpectError: wrappedErrorPattern(`The service refused the partner credentials.*HTTP 403.*` +
			`These credentials may not read their own partner's profile.*skip_credentials_check = true`),
	})
}

// A plan of new objects sends nothing when skip_credentials_check = true
// (with a wrong secret), or for a consent with access_token: without
// partner credentials there is nothing to check, and beside them the
// consent does not use them, so a wrong one must not fail its plan.
func TestAccCredentialsCheck_nothingSent(t *testing.T) {
	for name, tc := range map[string]struct {
		config string
		setUp  func(env *testEnv)
	}{
		"skip_credentials_check": {createOnlyConfig, func(env *testEnv) {
			env.ClientSecret = "not-the-secret"
			env.ProviderArgs = shortRetries + "\nskip_credentials_check = true"
		}},
		"access_token only": {consentBase, func(env *testEnv) {
			env.ClientID, env.ClientSecret, env.AccessToken = "", "", sandbox.DemoAccessToken
		}},
		"access_token beside a wrong partner secret": {consentBase, func(env *testEnv) {
			env.ClientSecret, env.AccessToken = "not-the-secret", sandbox.DemoAccessToken
		}},
	} {
		t.Run(name, func(t *testing.T) {
			env, sb := newSandboxTestEnv(t)
			tc.setUp(env)
			mark := sandboxtest.MarkRequests(sb)
			accTest(t, resource.TestStep{
				Config:             env.providerConfig(tc.config),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			})
			mark.ExpectNoneReached(t)
		})
	}
}

// Each terraform command runs the provider in processes of its own, so the
// once-per-process check is counted through the CLI: a plan that creates
// reads the profile once and an apply at most once per process, a plan
// that refreshes never (the new object depends on the refreshed one, so
// its plan follows the refresh for certain), and
// CARDPAY_SKIP_CREDENTIALS_CHECK turns it off; without it, a plan that
// does not refresh checks a wrong secret.
func TestAccCredentialsCheck_requests(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	w := newCLIWorkdir(t, env, `
resource "cardpay_payment_method" "amex" {
  merchant_id = 1001
  method      = "amex"
}
`)
	profileReads := func(args ...string) int {
		t.Helper()
		before := requestsTo(sb, sandbox.RouteGetProfile)
		w.run(args...)
		return requestsTo(sb, sandbox.RouteGetProfile) - before
	}
	if n := profileReads("plan", "-input=false", "-no-color"); n != 1 {
		t.Errorf("a plan that creates read the profile %d times, want 1", n)
	}
	// Terraform plans and applies in a process each.
	if n := profileReads("apply", "-auto-approve", "-input=false", "-no-color"); n < 1 || n > 2 {
		t.Errorf("an apply that creates read the profile %d times, want 1 or 2 (once per provider process)", n)
	}

	w.write("main.tf", cliRequiredProviders+`
resource "cardpay_payment_method" "amex" {
  merchant_id = 1001
  method      = "amex"
}

resource "cardpay_payment_method" "swish" {
  merchant_id = cardpay_payment_method.amex.merchant_id
  method      = "swish"
}
`)
	if n := profileReads("plan", "-input=false", "-no-color"); n != 0 {
		t.Errorf("a plan that refreshes read the profile %d times, want 0", n)
	}

	w.env = append(w.env, envPartnerClientSecret+"=not-the-secret", envSkipCredentialsCheck+"=true")
	if n := profileReads("plan", "-refresh=false", "-input=false", "-no-color"); n != 0 {
		t.Errorf("with %s=true the plan read the profile %d times, want 0", envSkipCredentialsCheck, n)
	}
	w.env = w.env[:len(w.env)-1]
	out, err := w.tryRun("plan", "-refresh=false", "-input=false", "-no-color")
	if err == nil || !regexp.MustCompile(`The service refused the partner credentials`).MatchString(out) {
		t.Errorf("a plan without refresh and with a wrong secret: %v\n%s", err, out)
	}
}

// A service (or gateway) that answers the profile read with 404, or with
// 500 until the retries are spent, says nothing about the credentials:
// the plan succeeds with exactly one warning, which names the check and how
// to turn it off, after one read (and its retry for the 500). An apply,
// which plans again in a process of its own, shows it once too.
func TestAccCredentialsCheck_profileUnavailableWarns(t *testing.T) {
	for _, tc := range []struct {
		status, reads int
	}{{404, 1}, {500, 2}} {
		t.Run(fmt.Sprint(tc.status), func(t *testing.T) {
			env, sb := newSandboxTestEnv(t)
			sb.InjectFault(sandbox.Fault{Route: sandbox.RouteGetProfile, Status: tc.status})
			w := newCLIWorkdir(t, env, createOnlyConfig)
			w.env = append(w.env, envMaxRetries+"=1")
			out := w.run("plan", "-input=false", "-no-color")
			// Besides the CLI's own warning about the dev_overrides the
			// test installs the provider with.
			if n := strings.Count(out, "Warning: ") - strings.Count(out, devOverridesWarning); n != 1 {
				t.Errorf("the plan printed %d warnings of the provider, want 1:\n%s", n, out)
			}
			want := wrappedErrorPattern(fmt.Sprintf(`Warning: Could not check the partner credentials.*HTTP %d.*`+
				`the plan goes on without the check.*GET /v1/partner/profile.*skip_credentials_check = true`, tc.status))
			if !want.MatchString(out) || !strings.Contains(out, "Plan: 2 to add") {
				t.Errorf("the plan's output does not match %q and plan 2 objects:\n%s", want, out)
			}
			if n := requestsTo(sb, sandbox.RouteGetProfile); n != tc.reads {
				t.Errorf("the plan read the profile %d times, want %d", n, tc.reads)
			}
			out = w.run("apply", "-auto-approve", "-input=false", "-no-color")
			if n := strings.Count(out, "Warning: Could not check the partner credentials"); n != 1 || !strings.Contains(out, "Apply complete!") {
				t.Errorf("the apply showed the check's warning %d times, want 1, and should complete:\n%s", n, out)
			}
		})
	}
}

// devOverridesWarning is the warning Terraform and OpenTofu print when a
// provider comes from dev_overrides, as in the tests that run the CLI.
const devOverridesWarning = "Warning: Provider development overrides are in effect"

// A base URL where nothing listens fails the plan saying that the host
// could not be reached, with the address and the network error, and what
// to check; not that the credentials could not be checked.
func TestAccCredentialsCheck_unreachableHost(t *testing.T) {
	addr := closedLoopbackAddress(t)
	accTest(t, resource.TestStep{
		Config: fmt.Sprintf(`
provider "cardpay" {
  base_url              = "http://%s"
  partner_client_id     = "demo-partner"
  partner_client_secret = "demo-partner-secret"
  max_retries           = 0
}
`, addr) + createOnlyConfig,
		PlanOnly: true,
		ExpectError: wrappedErrorPattern(fmt.Sprintf(`Could not reach the cardpay service.*No connection to http://%s `+
			`could be opened: dial tcp %s: connect: connection refused.*Check that base_url \(or CARDPAY_BASE_URL\) is `+
			`the address of the service, and that the service is up`, regexp.QuoteMeta(addr), regexp.QuoteMeta(addr))),
	})
}
