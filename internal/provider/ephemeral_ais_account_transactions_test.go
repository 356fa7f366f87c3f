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

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

func TestAccAISAccountTransactionsEphemeral(t *testing.T) {
	skipIfPlanOpensEphemeral(t)
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	want := aisTestTransactions(t, "acc-1001-sek", "2025-03-01", "2026-03-01T00:00:00Z")[:4]
	checks := append(aisEphemeralChecks(aisAccountTransactionsRead),
		statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("page_limit"), knownvalue.Int64Exact(4)),
		statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("transactions"), aisTestTransactionChecks(want)),
	)
	config := env.providerConfig(aisEphemeralConfig("cardpay_ais_account_transactions", aisReadArgs(env.MerchantID, aisTestUser,
		"acc-1001-sek", "page_limit = 4", `from_date = "2025-03-01"`, `to_date = "2026-03-01T00:00:00Z"`)...))
	requestsBefore := 0
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_10_0)},
		ProtoV6ProviderFactories: echoFactories(),
		Steps: []resource.TestStep{
			{
				Config:            config,
				ConfigStateChecks: checks,
			},
			{
				// The ephemeral resource validates its dates before any request too.
				PreConfig: func() { requestsBefore = sb.RequestCounts()[sandbox.RouteListTransactions] },
				Config: env.providerConfig(aisEphemeralConfig("cardpay_ais_account_transactions", aisReadArgs(env.MerchantID, aisTestUser,
					"acc-1001-sek", `from_date = "2026-03-02"`, `to_date = "2026-03-01"`)...)),
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
