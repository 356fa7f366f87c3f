// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

func TestAccAISAccountTransactionsEphemeral(t *testing.T) {
	skipIfPlanOpensEphemeral(t)
	env, sb := newSandboxTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	want := aisTestTransactions(t, "acc-1001-sek", "2025-03-01", "2026-03-01T00:00:00Z")[:4]
	checks := append(aisEphemeralChecks(t, newAISAccountTransactionsDataSource()),
		statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("page_limit"), knownvalue.Int64Exact(4)),
		statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("transactions"), aisTestTransactionChecks(want)),
	)
	// config reads the same transactions with the ephemeral resource and the
	// data source.
	config := func(from, to string) string {
		return env.providerConfig(fmt.Sprintf(`
ephemeral "cardpay_ais_account_transactions" "test" {
  merchant_id = %[1]d
  user_id     = %[2]q
  account_id  = "acc-1001-sek"
  page_limit  = 4
  from_date   = %[3]q
  to_date     = %[4]q
}

data "cardpay_ais_account_transactions" "test" {
  merchant_id = %[1]d
  user_id     = %[2]q
  account_id  = "acc-1001-sek"
  page_limit  = 4
  from_date   = %[3]q
  to_date     = %[4]q
}
`, env.MerchantID, aisTestUser, from, to), echoConfig("ephemeral.cardpay_ais_account_transactions.test"))
	}
	var mark sandboxtest.RequestMark
	ephemeralEchoTest(t,
		resource.TestStep{
			Config:            config("2025-03-01", "2026-03-01T00:00:00Z"),
			ConfigStateChecks: checks,
		},
		resource.TestStep{
			// The ephemeral resource validates its dates before any request
			// too: the error must name it, not only the data source.
			PreConfig:   func() { mark = sandboxtest.MarkRequests(sb) },
			Config:      config("2026-03-02", "2026-03-01"),
			ExpectError: aisTestError("from_date is after to_date", "with ephemeral.cardpay_ais_account_transactions.test"),
		},
		resource.TestStep{
			PreConfig:         func() { mark.ExpectNoneReached(t, sandbox.RouteListTransactions) },
			Config:            config("2025-03-01", "2026-03-01T00:00:00Z"),
			ConfigStateChecks: checks,
		},
	)
}

// The rows of ephemeral.cardpay_ais_account_transactions in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"ephemeral.cardpay_ais_account_transactions to_date": {config: `
ephemeral "cardpay_ais_account_transactions" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
  to_date     = "2026-13-01"
}
`, attr: "to_date", want: `"2026-13-01" is not a valid date. Write an RFC 3339 timestamp`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"ephemeral.cardpay_ais_account_transactions": {afterConsent: true, config: `
ephemeral "cardpay_ais_account_transactions" "t" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"ephemeral.cardpay_ais_account_transactions": {except: readsOnly},
	})
}
