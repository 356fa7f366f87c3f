// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"maps"
	"regexp"
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
// a wrong secret fail it with the service's 401 and the advice of any
// 401, after one read of the profile for both resources.
func TestAccCredentialsCheck_wrongSecretFailsPlan(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	env.ClientSecret = "not-the-secret"
	mark := sandboxtest.MarkRequests(sb)
	accTest(t, resource.TestStep{
		Config:   env.providerConfig(createOnlyConfig),
		PlanOnly: true,
		ExpectError: wrappedErrorPattern(`Could not check the partner credentials.*get partner profile.*HTTP 401.*` +
			`Check the provider's partner_client_id and partner_client_secret.*skip_credentials_check = true`),
	})
	if got, want := mark.Since(), map[string]int{sandbox.RouteGetProfile: 1}; !maps.Equal(got, want) {
		t.Errorf("the plan sent %v, want %v", got, want)
	}
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
	if err == nil || !regexp.MustCompile(`Could not check the partner credentials`).MatchString(out) {
		t.Errorf("a plan without refresh and with a wrong secret: %v\n%s", err, out)
	}
}
