package provider

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

func TestAccAISAccountTransactionsEphemeral(t *testing.T) {
	skipIfPlanOpensEphemeral(t)
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	want := aisTestTransactions(t, "acc-1001-sek", "2025-03-01", "2026-03-01")[:4]
	checks := append(aisEphemeralChecks(aisAccountTransactionsRead),
		statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("page_limit"), knownvalue.Int64Exact(4)),
		statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("transactions"), aisTestTransactionChecks(want)),
	)
	arguments := fmt.Sprintf("  merchant_id = %d\n  user_id = %q\n  account_id = %q\n  page_limit = 4\n"+
		"  from_date = \"2025-03-01\"\n  to_date = \"2026-03-01T00:00:00Z\"", env.MerchantID, aisTestUser, "acc-1001-sek")
	config := env.providerConfig(aisEphemeralConfig("cardpay_ais_account_transactions", arguments))
	requestsBefore := 0
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_10_0)},
		ProtoV6ProviderFactories: aisEphemeralFactories(),
		Steps: []resource.TestStep{
			{
				Config:            config,
				ConfigStateChecks: checks,
			},
			{
				// The ephemeral resource validates its dates before any request too.
				PreConfig: func() { requestsBefore = sb.RequestCounts()[sandbox.RouteListTransactions] },
				Config: env.providerConfig(aisEphemeralConfig("cardpay_ais_account_transactions",
					fmt.Sprintf("  merchant_id = %d\n  user_id = %q\n  account_id = \"acc-1001-sek\"\n"+
						"  from_date = \"2026-03-02\"\n  to_date = \"2026-03-01\"", env.MerchantID, aisTestUser))),
				ExpectError: aisTestError("from_date is after to_date"),
			},
			{
				PreConfig: func() {
					if n := sb.RequestCounts()[sandbox.RouteListTransactions]; n != requestsBefore {
						t.Errorf("the rejected configuration sent %d transaction requests, want none", n-requestsBefore)
					}
				},
				Config:            config,
				ConfigStateChecks: checks,
			},
		},
	})
}
