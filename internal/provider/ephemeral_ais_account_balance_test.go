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
)

func TestAccAISAccountBalanceEphemeral(t *testing.T) {
	skipIfPlanOpensEphemeral(t)
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	checks := append(aisEphemeralChecks(t, newAISAccountBalanceDataSource()),
		statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("balance").AtMapKey("value"),
			knownvalue.StringExact("1234567.89")),
		statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("account_details").AtMapKey("iban"),
			knownvalue.StringExact(aisTestFixtureAccount(t, "acc-1001-dkk").IBAN)),
	)
	ephemeralEchoTest(t, resource.TestStep{
		Config: env.providerConfig(fmt.Sprintf(`
ephemeral "cardpay_ais_account_balance" "test" {
  merchant_id = %[1]d
  user_id     = %[2]q
  account_id  = "acc-1001-dkk"
}

data "cardpay_ais_account_balance" "test" {
  merchant_id = %[1]d
  user_id     = %[2]q
  account_id  = "acc-1001-dkk"
}
`, env.MerchantID, aisTestUser), echoConfig("ephemeral.cardpay_ais_account_balance.test")),
		ConfigStateChecks: checks,
	})
}

func TestAccAISAccountBalanceEphemeral_missingPermission(t *testing.T) {
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisReadPermAccounts)
	ephemeralEchoTest(t, resource.TestStep{
		Config: env.providerConfig(fmt.Sprintf(`
ephemeral "cardpay_ais_account_balance" "test" {
  merchant_id = %d
  user_id     = %q
  account_id  = "acc-1001-eur"
}
`, env.MerchantID, aisTestUser), echoConfig("ephemeral.cardpay_ais_account_balance.test")),
		ExpectError: aisTestError("HTTP 403", "lacks permission ReadBalances", "request ID", "holds the ReadBalances permission"),
	})
}

// The rows of ephemeral.cardpay_ais_account_balance in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"ephemeral.cardpay_ais_account_balance blank account": {config: `
ephemeral "cardpay_ais_account_balance" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = " "
}
`, attr: "account_id", want: `account_id must not be empty or only whitespace`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"ephemeral.cardpay_ais_account_balance": {afterConsent: true, config: `
ephemeral "cardpay_ais_account_balance" "b" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-eur"
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"ephemeral.cardpay_ais_account_balance": {except: readsOnly},
	})
}
