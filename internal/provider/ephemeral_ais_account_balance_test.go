package provider

import (
	"fmt"
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
		ProtoV6ProviderFactories: aisEphemeralFactories(),
		Steps: []resource.TestStep{{
			Config: env.providerConfig(aisEphemeralConfig("cardpay_ais_account_balance",
				fmt.Sprintf("  merchant_id = %d\n  user_id = %q\n  account_id = %q", env.MerchantID, aisTestUser, "acc-1001-dkk"))),
			ConfigStateChecks: checks,
		}},
	})
}

func TestAccAISAccountBalanceEphemeral_missingPermission(t *testing.T) {
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisReadPermAccounts)
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_10_0)},
		ProtoV6ProviderFactories: aisEphemeralFactories(),
		Steps: []resource.TestStep{{
			Config: env.providerConfig(fmt.Sprintf(`
ephemeral "cardpay_ais_account_balance" "test" {
  merchant_id = %d
  user_id     = %q
  account_id  = "acc-1001-eur"
}

provider "echo" {
  data = ephemeral.cardpay_ais_account_balance.test
}

resource "echo" "test" {}
`, env.MerchantID, aisTestUser)),
			ExpectError: aisTestError("HTTP 403", "lacks permission ReadBalances", "request ID", "holds the ReadBalances permission"),
		}},
	})
}
