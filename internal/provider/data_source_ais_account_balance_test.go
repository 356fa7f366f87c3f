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

// aisAccountBalanceConfig reads the balance of one account as the data
// source name.
func aisAccountBalanceConfig(name string, merchantID int64, userID, accountID string) string {
	return fmt.Sprintf(`
data "cardpay_ais_account_balance" %q {
  merchant_id = %d
  user_id     = %q
  account_id  = %q
}
`, name, merchantID, userID, accountID)
}

func TestAccAISAccountBalanceDataSource(t *testing.T) {
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	var checks []statecheck.StateCheck
	var config []string
	for _, id := range []string{"acc-1001-dkk", "acc-1001-eur", "acc-1001-sek"} {
		a := aisTestFixtureAccount(t, id)
		addr := "data.cardpay_ais_account_balance." + id
		config = append(config, aisAccountBalanceConfig(id, env.MerchantID, aisTestUser, id))
		checks = append(checks,
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("balance"), knownvalue.ObjectExact(map[string]knownvalue.Check{
				"value":        knownvalue.StringExact(a.Balance),
				"currency":     knownvalue.StringExact(a.Currency),
				"last_updated": knownvalue.StringExact(a.BalanceLastUpdated),
			})),
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("account_details"), knownvalue.ObjectExact(map[string]knownvalue.Check{
				"iban":                knownvalue.StringExact(a.IBAN),
				"account_holder_name": knownvalue.StringExact(a.AccountHolderName),
				"bank_id":             knownvalue.StringExact(a.BankID),
			})),
			statecheck.ExpectSensitiveValue(addr, tfjsonpath.New("balance").AtMapKey("value")),
		)
	}
	// The exact decimals the fixtures promise, spelled out.
	checks = append(checks,
		statecheck.ExpectKnownValue("data.cardpay_ais_account_balance.acc-1001-dkk", tfjsonpath.New("balance").AtMapKey("value"),
			knownvalue.StringExact("1234567.89")),
		statecheck.ExpectKnownValue("data.cardpay_ais_account_balance.acc-1001-eur", tfjsonpath.New("balance").AtMapKey("value"),
			knownvalue.StringExact("-0.10")),
	)
	accTest(t, resource.TestStep{
		Config:            env.providerConfig(config...),
		ConfigStateChecks: checks,
	})
}

func TestAccAISAccountBalanceDataSource_missingPermission(t *testing.T) {
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisReadPermAccounts, aisReadPermTransactions)
	accTest(t,
		resource.TestStep{
			// The same consent still reads the accounts.
			Config: env.providerConfig(aisAccountsConfig(env.MerchantID, aisTestUser)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(aisAccountsAddr, tfjsonpath.New("total_accounts"), knownvalue.Int64Exact(3)),
			},
		},
		resource.TestStep{
			Config: env.providerConfig(aisAccountBalanceConfig("test", env.MerchantID, aisTestUser, "acc-1001-dkk")),
			ExpectError: aisTestError(`Could not read the balance of account "acc-1001-dkk"`, "HTTP 403",
				"lacks permission ReadBalances", "request ID", "holds the ReadBalances permission"),
		},
	)
}

func TestAccAISAccountBalanceDataSource_unknownAccount(t *testing.T) {
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	accTest(t, resource.TestStep{
		Config:      env.providerConfig(aisAccountBalanceConfig("test", env.MerchantID, aisTestUser, "acc-nope")),
		ExpectError: aisTestError("HTTP 404", "acc-nope", "request ID"),
	})
}

// The rows of data.cardpay_ais_account_balance in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_ais_account_balance blank user": {config: `
data "cardpay_ais_account_balance" "x" {
  merchant_id = 1001
  user_id     = " "
  account_id  = "acc-1001-dkk"
}
`, attr: "user_id", want: `user_id must not be empty or only whitespace`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_ais_account_balance": {afterConsent: true, config: `
data "cardpay_ais_account_balance" "b" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
}
`},
	})
}
