// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// sdkTokenPattern is how the sandbox's SDK tokens look.
var sdkTokenPattern = regexp.MustCompile(`^sdk_sandbox_[A-Za-z0-9_-]{20,}$`)

// planWithout is a plan check that the plan, as JSON, nowhere holds text.
type planWithout string

func (text planWithout) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	raw, err := json.Marshal(req.Plan)
	switch {
	case err != nil:
		resp.Error = err
	case strings.Contains(string(raw), string(text)):
		resp.Error = fmt.Errorf("the plan holds %q", string(text))
	}
}

// expectTokensIssued checks that the sandbox issued at least n SDK tokens.
func expectTokensIssued(sb *sandbox.Server, n int) statecheck.StateCheck {
	return stateCheckFunc(func(*tfjson.State) error {
		if got := sb.RequestCounts()[sandbox.RouteCreateSDKToken]; got < n {
			return fmt.Errorf("the sandbox issued %d SDK tokens, want at least %d", got, n)
		}
		return nil
	})
}

// Terraform gets a fresh token for the merchant, and for one of its online
// terminals; the echo provider shows what it got.
func TestAccOnlineSDKTokenEphemeral(t *testing.T) {
	skipIfPlanOpensEphemeral(t)
	env, sb := newSandboxTestEnv(t)
	terminal, err := partnerTestClient(t, env).CreateOnlineTerminal(t.Context(), 1001, client.OnlineTerminalRequest{OnlineTerminalMode: "PaymentPage"})
	if err != nil {
		t.Fatal(err)
	}
	token := knownvalue.StringRegexp(sdkTokenPattern)
	ephemeralEchoTest(t, resource.TestStep{
		Config: env.providerConfig(fmt.Sprintf(`
ephemeral "cardpay_online_sdk_token" "checkout" {
  merchant_id = 1001
}

ephemeral "cardpay_online_sdk_token" "terminal" {
  merchant_id = 1001
  terminal_id = %q
}

provider "echo" {
  data = {
    checkout = ephemeral.cardpay_online_sdk_token.checkout
    terminal = ephemeral.cardpay_online_sdk_token.terminal
  }
}

resource "echo" "test" {}
`, terminal.TerminalID)),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("checkout"), knownvalue.ObjectExact(map[string]knownvalue.Check{
				"merchant_id": knownvalue.Int64Exact(1001), "terminal_id": knownvalue.Null(), "token": token,
			})),
			statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("terminal"), knownvalue.ObjectExact(map[string]knownvalue.Check{
				"merchant_id": knownvalue.Int64Exact(1001), "terminal_id": knownvalue.StringExact(terminal.TerminalID), "token": token,
			})),
			stateHoldsOnly("echo.test"),
			expectTokensIssued(sb, 2),
		},
	})
}

// The token reaches a deployment as the documented example hands it over,
// through a provisioner's environment, and is written neither to the plan
// nor to the state. Terraform opens the ephemeral resource in the plan and
// again in the apply, each time for a new token.
func TestAccOnlineSDKTokenEphemeral_neverInState(t *testing.T) {
	skipIfPlanOpensEphemeral(t)
	env, sb := newSandboxTestEnv(t)
	delivered := filepath.Join(t.TempDir(), "sdk-token")
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   ephemeralVersionChecks,
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{{
			Config: env.providerConfig(fmt.Sprintf(`
ephemeral "cardpay_online_sdk_token" "checkout" {
  merchant_id = 1001
}

resource "terraform_data" "checkout_page" {
  triggers_replace = ["checkout-1"]

  provisioner "local-exec" {
    command = "printf %%s \"$SDK_TOKEN\" > %s"
    environment = {
      SDK_TOKEN = ephemeral.cardpay_online_sdk_token.checkout.token
    }
  }
}
`, delivered)),
			ConfigPlanChecks: beforeApply(planWithout("sdk_sandbox_")),
			ConfigStateChecks: []statecheck.StateCheck{
				stateHoldsOnly("terraform_data.checkout_page"),
				stateCheckFunc(func(state *tfjson.State) error {
					token, err := os.ReadFile(delivered)
					if err != nil {
						return fmt.Errorf("the deployment got no token: %w", err)
					}
					if !sdkTokenPattern.Match(token) {
						return fmt.Errorf("the deployment got %q, not an SDK token", token)
					}
					raw, err := json.Marshal(state)
					if err != nil {
						return err
					}
					if strings.Contains(string(raw), string(token)) || strings.Contains(string(raw), "sdk_sandbox_") {
						return fmt.Errorf("the state holds an SDK token: %s", raw)
					}
					return nil
				}),
				expectTokensIssued(sb, 2),
			},
		}},
	})
}

// A terminal the merchant does not have, or has deactivated, and another
// partner's merchant get no token, with the service's reason.
func TestAccOnlineSDKTokenEphemeral_refused(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	retired, err := partnerTestClient(t, env).CreateOnlineTerminal(t.Context(), 1001, client.OnlineTerminalRequest{OnlineTerminalMode: "SelfHostedPage"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sb.DeactivateTerminal(retired.TerminalID); err != nil {
		t.Fatal(err)
	}
	step := func(config, want string) resource.TestStep {
		return resource.TestStep{
			Config:      env.providerConfig(config, echoConfig("ephemeral.cardpay_online_sdk_token.checkout")),
			ExpectError: wrappedErrorPattern(want),
		}
	}
	ephemeralEchoTest(t,
		step(`
ephemeral "cardpay_online_sdk_token" "checkout" {
  merchant_id = 1001
  terminal_id = "term_nowhere"
}
`, `Could not issue an online SDK token for merchant 1001.*HTTP 404.*terminal "term_nowhere" not found for merchant 1001`),
		step(fmt.Sprintf(`
ephemeral "cardpay_online_sdk_token" "checkout" {
  merchant_id = 1001
  terminal_id = %q
}
`, retired.TerminalID), fmt.Sprintf(`Could not issue an online SDK token for merchant 1001.*HTTP 400.*terminal %s of merchant 1001 is INACTIVE`,
			retired.TerminalID)),
		step(`
ephemeral "cardpay_online_sdk_token" "checkout" {
  merchant_id = 2001
}
`, `Could not issue an online SDK token for merchant 2001.*HTTP 403.*may not act for this merchant`),
	)
}

// The rows of ephemeral.cardpay_online_sdk_token in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"ephemeral.cardpay_online_sdk_token merchant 0": {config: `
ephemeral "cardpay_online_sdk_token" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"ephemeral.cardpay_online_sdk_token": {config: `
ephemeral "cardpay_online_sdk_token" "s" {
  merchant_id = 1001
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"ephemeral.cardpay_online_sdk_token": {except: "a token creates nothing that lasts: the client repeats a " +
			"request whose answer was lost (a repeatable endpoint), and a token lost with it is never used"},
	})
}
