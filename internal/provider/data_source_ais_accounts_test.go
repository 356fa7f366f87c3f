// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// aisAccountsConfig lists the user's bank accounts.
func aisAccountsConfig(merchantID int64, userID string) string {
	return fmt.Sprintf(`
data "cardpay_ais_accounts" "test" {
  merchant_id = %d
  user_id     = %q
}
`, merchantID, userID)
}

const aisAccountsAddr = "data.cardpay_ais_accounts.test"

func TestAccAISAccountsDataSource(t *testing.T) {
	env := newTestEnv(t)
	consentRequestID := aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	consentID := ""
	for _, c := range env.Sandbox.Snapshot().Consents {
		if c.RequestID == consentRequestID {
			consentID = c.ConsentID
		}
	}
	if consentID == "" {
		t.Fatalf("consent %s has no consentId after authorization", consentRequestID)
	}

	user := aisTestFixtureUser(t, aisTestUser)
	dkk := aisTestFixtureAccount(t, "acc-1001-dkk")
	// Written out by hand: numbers digit for digit, booleans, and a nested
	// object as compact JSON in the order the service sent it.
	dkkDetails := knownvalue.MapExact(map[string]knownvalue.Check{
		"iban":              knownvalue.StringExact("DK5000400440116243"),
		"accountHolderName": knownvalue.StringExact("Merchant 1001 ApS"),
		"bankId":            knownvalue.StringExact("DABADKKK"),
		"product":           knownvalue.StringExact("Business Current"),
		"overdraftLimit":    knownvalue.StringExact("50000"),
		"interestRate":      knownvalue.StringExact("0.015"),
		"isPrimary":         knownvalue.StringExact("true"),
		"owner":             knownvalue.StringExact(`{"name":"Merchant 1001 ApS","cvr":"12345678"}`),
	})
	accounts := []knownvalue.Check{aisTestAccountCheck(dkk, dkkDetails)}
	for _, a := range user.Accounts[1:] {
		accounts = append(accounts, aisTestAccountCheck(a, aisTestDetails(t, a.AccountDetails)))
	}

	accTest(t, resource.TestStep{
		Config: env.providerConfig(aisAccountsConfig(env.MerchantID, aisTestUser)),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(aisAccountsAddr, tfjsonpath.New("client_id"), knownvalue.StringExact(sandbox.DemoAISClientID)),
			statecheck.ExpectKnownValue(aisAccountsAddr, tfjsonpath.New("consent_id"), knownvalue.StringExact(consentID)),
			statecheck.ExpectKnownValue(aisAccountsAddr, tfjsonpath.New("total_accounts"), knownvalue.Int64Exact(3)),
			statecheck.ExpectKnownValue(aisAccountsAddr, tfjsonpath.New("accounts"), knownvalue.ListExact(accounts)),
			// The fixture's exact decimals, spelled out so a fixture change cannot hide a rounding bug.
			statecheck.ExpectKnownValue(aisAccountsAddr, tfjsonpath.New("accounts").AtSliceIndex(0).AtMapKey("balance"),
				knownvalue.StringExact("1234567.89")),
			statecheck.ExpectKnownValue(aisAccountsAddr, tfjsonpath.New("accounts").AtSliceIndex(1).AtMapKey("balance"),
				knownvalue.StringExact("-0.10")),
			statecheck.ExpectSensitiveValue(aisAccountsAddr, tfjsonpath.New("accounts").AtSliceIndex(0).AtMapKey("iban")),
		},
	})
}

func TestAccAISAccountsDataSource_noAccounts(t *testing.T) {
	env := newTestEnv(t)
	// Any user ID is accepted; one without bank data has no accounts.
	aisTestAuthorizedConsent(t, env, "user-without-accounts", aisReadPermAccounts)
	accTest(t, resource.TestStep{
		Config: env.providerConfig(aisAccountsConfig(env.MerchantID, "user-without-accounts")),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(aisAccountsAddr, tfjsonpath.New("total_accounts"), knownvalue.Int64Exact(0)),
			statecheck.ExpectKnownValue(aisAccountsAddr, tfjsonpath.New("accounts"), knownvalue.ListExact([]knownvalue.Check{})),
		},
	})
}

func TestAccAISAccountsDataSource_pendingConsent(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t)
	id := aisTestConsent(t, env, aisTestUser, aisAllPermissions...)
	accTest(t, resource.TestStep{
		Config: env.providerConfig(aisAccountsConfig(env.MerchantID, aisTestUser)),
		ExpectError: aisTestError("Could not list the bank accounts", "HTTP 403", "consent "+id+" is pending",
			"request ID", "holds the ReadAccountsDetail permission"),
	})
}

func TestAccAISAccountsDataSource_expiredConsent(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	id := aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	if err := sb.ExpireConsent(id); err != nil {
		t.Fatal(err)
	}
	accTest(t, resource.TestStep{
		Config:      env.providerConfig(aisAccountsConfig(env.MerchantID, aisTestUser)),
		ExpectError: aisTestError("HTTP 403", "consent "+id+" is expired", "request ID", "has not expired"),
	})
}

func TestAccAISAccountsDataSource_validation(t *testing.T) {
	env := newTestEnv(t)
	var mark sandboxtest.RequestMark
	if env.Sandbox != nil {
		mark = sandboxtest.MarkRequests(env.Sandbox)
	}
	accTest(t,
		resource.TestStep{
			Config:      env.providerConfig(aisAccountsConfig(0, aisTestUser)),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)merchant_id.*at least 1`),
		},
		resource.TestStep{
			Config:      env.providerConfig(aisAccountsConfig(env.MerchantID, " ")),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`must not be empty or only whitespace`),
		},
	)
	if env.Sandbox != nil {
		mark.ExpectNoneReached(t)
	}
}

// The rows of data.cardpay_ais_accounts in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_ais_accounts merchant 0": {config: aisAccountsConfig(0, aisTestUser),
			attr: "merchant_id", want: `merchant_id value must be at least 1`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_ais_accounts": {afterConsent: true, config: aisAccountsConfig(1001, aisTestUser)},
	})
}
