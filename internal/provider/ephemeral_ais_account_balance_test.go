// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

func TestAccAISAccountBalanceEphemeral(t *testing.T) {
	skipIfPlanOpensEphemeral(t)
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	checks := append(aisEphemeralChecks(aisAccountBalanceRead),
		statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("balance").AtMapKey("value"),
			knownvalue.StringExact("1234567.89")),
		statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("account_details").AtMapKey("iban"),
			knownvalue.StringExact(aisTestFixtureAccount(t, "acc-1001-dkk").IBAN)),
	)
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_10_0)},
		ProtoV6ProviderFactories: echoFactories(),
		Steps: []resource.TestStep{{
			Config: env.providerConfig(aisEphemeralConfig("cardpay_ais_account_balance",
				aisReadArgs(env.MerchantID, aisTestUser, "acc-1001-dkk")...)),
			ConfigStateChecks: checks,
		}},
	})
}

func TestAccAISAccountBalanceEphemeral_missingPermission(t *testing.T) {
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisReadPermAccounts)
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_10_0)},
		ProtoV6ProviderFactories: echoFactories(),
		Steps: []resource.TestStep{{
			Config: env.providerConfig(
				ephemeralBlock("cardpay_ais_account_balance", "test", aisReadArgs(env.MerchantID, aisTestUser, "acc-1001-eur")...),
				echoConfig("ephemeral.cardpay_ais_account_balance.test")),
			ExpectError: aisTestError("HTTP 403", "lacks permission ReadBalances", "request ID", "holds the ReadBalances permission"),
		}},
	})
}
