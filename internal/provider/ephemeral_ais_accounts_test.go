// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// The ephemeral AIS reads are tested against their data sources: each test
// declares the ephemeral resource and the data source with the same
// arguments, the echo provider copies the ephemeral result into echo.test,
// and every attribute must equal the data source's. Nothing else may reach
// the state.

// aisEphemeralChecks compares every attribute of the data source ds
// between the echoed ephemeral result and the data source "test", and
// checks that the state holds only those two.
func aisEphemeralChecks(t *testing.T, ds datasource.DataSource) []statecheck.StateCheck {
	t.Helper()
	var meta datasource.MetadataResponse
	ds.Metadata(t.Context(), datasource.MetadataRequest{ProviderTypeName: "cardpay"}, &meta)
	var schema datasource.SchemaResponse
	ds.Schema(t.Context(), datasource.SchemaRequest{}, &schema)
	dataAddr := "data." + meta.TypeName + ".test"
	var checks []statecheck.StateCheck
	for _, name := range slices.Sorted(maps.Keys(schema.Schema.Attributes)) {
		checks = append(checks, statecheck.CompareValuePairs(
			"echo.test", tfjsonpath.New("data").AtMapKey(name), dataAddr, tfjsonpath.New(name), compare.ValuesSame()))
	}
	return append(checks, stateHoldsOnly(dataAddr, "echo.test"))
}

func TestAccAISAccountsEphemeral(t *testing.T) {
	skipIfPlanOpensEphemeral(t)
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	checks := append(aisEphemeralChecks(t, newAISAccountsDataSource()),
		statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("total_accounts"), knownvalue.Int64Exact(3)),
		statecheck.ExpectKnownValue("echo.test",
			tfjsonpath.New("data").AtMapKey("accounts").AtSliceIndex(0).AtMapKey("account_details").AtMapKey("overdraftLimit"),
			knownvalue.StringExact("50000")),
		statecheck.ExpectKnownValue("echo.test",
			tfjsonpath.New("data").AtMapKey("accounts").AtSliceIndex(1).AtMapKey("balance"), knownvalue.StringExact("-0.10")),
	)
	ephemeralEchoTest(t, resource.TestStep{
		Config: env.providerConfig(fmt.Sprintf(`
ephemeral "cardpay_ais_accounts" "test" {
  merchant_id = %[1]d
  user_id     = %[2]q
}

data "cardpay_ais_accounts" "test" {
  merchant_id = %[1]d
  user_id     = %[2]q
}
`, env.MerchantID, aisTestUser), echoConfig("ephemeral.cardpay_ais_accounts.test")),
		ConfigStateChecks: checks,
	})
}

func TestAccAISAccountsEphemeral_pendingConsent(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t)
	id := aisTestConsent(t, env, aisTestUser, aisAllPermissions...)
	ephemeralEchoTest(t, resource.TestStep{
		Config: env.providerConfig(fmt.Sprintf(`
ephemeral "cardpay_ais_accounts" "test" {
  merchant_id = %d
  user_id     = %q
}
`, env.MerchantID, aisTestUser), echoConfig("ephemeral.cardpay_ais_accounts.test")),
		ExpectError: aisTestError("Could not list the bank accounts", "HTTP 403", "consent "+id+" is pending", "request ID"),
	})
}

// The rows of ephemeral.cardpay_ais_accounts in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"ephemeral.cardpay_ais_accounts merchant 0": {config: `
ephemeral "cardpay_ais_accounts" "x" {
  merchant_id = 0
  user_id     = "user-1001"
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"ephemeral.cardpay_ais_accounts": {afterConsent: true, config: `
ephemeral "cardpay_ais_accounts" "a" {
  merchant_id = 1001
  user_id     = "user-1001"
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"ephemeral.cardpay_ais_accounts": {except: readsOnly},
	})
}
