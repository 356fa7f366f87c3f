// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"os"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// The TestAccReadOnly tests change nothing at the service: they configure
// the provider, read data sources and plan configurations that plan no
// change. `make test-real` runs them alone against the account named by
// the environment (see README.md); `make test` runs them against a sandbox
// like every other test. They assert only what holds on any account.

// envTestAISUser names a user of CARDPAY_TEST_MERCHANT_ID with an authorized
// consent, for the read-only AIS test against a real account.
const envTestAISUser = "CARDPAY_TEST_AIS_USER_ID"

// readOnlyEnv is the environment of a read-only test, skipped with a clear
// message when `make test-real` runs without an account to read.
func readOnlyEnv(t *testing.T) *testEnv {
	t.Helper()
	if os.Getenv("CARDPAY_TEST_REAL") != "" && os.Getenv(envBaseURL) == "" {
		t.Skipf("make test-real reads a real account: set %s, %s, %s and CARDPAY_TEST_MERCHANT_ID (and %s when the "+
			"data API has a host of its own)", envBaseURL, envPartnerClientID, envPartnerClientSecret, envAISBaseURL)
	}
	return newTestEnv(t)
}

// readOnlyTest runs one configuration: its apply reads data sources only,
// and the plan after it must be empty.
func readOnlyTest(t *testing.T, env *testEnv, config string, checks ...statecheck.StateCheck) {
	t.Helper()
	accTest(t, resource.TestStep{Config: env.providerConfig(config), ConfigStateChecks: checks})
}

// The merchant-scoped reads of the partner API, through the base URL as
// the environment gives it (for a real account, one of the published forms).
func TestAccReadOnly_partnerReads(t *testing.T) {
	env := readOnlyEnv(t)
	config := fmt.Sprintf(`
data "cardpay_payment_methods" "all" {
  merchant_id = %[1]d
}

data "cardpay_stores" "all" {
  merchant_id = %[1]d
}

data "cardpay_terminals" "all" {
  merchant_id = %[1]d
}

data "cardpay_onboarding_status" "current" {
  merchant_id = %[1]d
}

data "cardpay_webhooks" "all" {}
`, env.MerchantID)
	readOnlyTest(t, env, config,
		statecheck.ExpectKnownValue("data.cardpay_payment_methods.all", tfjsonpath.New("methods"), knownvalue.NotNull()),
		statecheck.ExpectKnownValue("data.cardpay_stores.all", tfjsonpath.New("stores"), knownvalue.NotNull()),
		statecheck.ExpectKnownValue("data.cardpay_terminals.all", tfjsonpath.New("terminals"), knownvalue.NotNull()),
		statecheck.ExpectKnownValue("data.cardpay_onboarding_status.current", tfjsonpath.New("application_status"), knownvalue.NotNull()),
		statecheck.ExpectKnownValue("data.cardpay_webhooks.all", tfjsonpath.New("webhooks"), knownvalue.NotNull()),
	)
}

// The data API with the tokens the provider asks for: a user's accounts.
// Against a real account it needs CARDPAY_TEST_AIS_USER_ID, a user with an
// authorized consent; against the sandbox the test authorizes one.
func TestAccReadOnly_dataAPIReads(t *testing.T) {
	env := readOnlyEnv(t)
	user := os.Getenv(envTestAISUser)
	if env.Sandbox != nil {
		user = aisTestUser
		aisTestAuthorizedConsent(t, env, user, aisReadPermAccounts)
	}
	if user == "" {
		t.Skipf("set %s to a user of merchant %d with an authorized consent to read the data API", envTestAISUser, env.MerchantID)
	}
	readOnlyTest(t, env, fmt.Sprintf(`
data "cardpay_ais_accounts" "user" {
  merchant_id = %d
  user_id     = %q
}
`, env.MerchantID, user),
		statecheck.ExpectKnownValue("data.cardpay_ais_accounts.user", tfjsonpath.New("accounts"), knownvalue.NotNull()))
}

// A plan of reads alone plans no change, the way a partner's CI checks a
// configuration before it applies anything.
func TestAccReadOnly_planChangesNothing(t *testing.T) {
	env := readOnlyEnv(t)
	accTest(t, resource.TestStep{
		Config: env.providerConfig(fmt.Sprintf(`
data "cardpay_stores" "all" {
  merchant_id = %d
}
`, env.MerchantID)),
		PlanOnly: true,
	})
}
