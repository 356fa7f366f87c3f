// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
	"github.com/hashicorp/go-version"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// The TestAccReadOnly tests change nothing at the service: they configure
// the provider, read data sources and plan imports of existing objects
// that change nothing, and never apply them. `make test-real` runs them alone against the account named by
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

// A plan that imports the merchant's existing stores and active payment
// methods with import blocks, configured as they are, plans the imports
// and no change, the way a partner adopts an account's objects. The steps
// only plan, so nothing is imported into state, and prevent_destroy stops
// any destroy.
func TestAccReadOnly_planChangesNothing(t *testing.T) {
	skipUnlessCLI(t, importsForEachOfData, "expands an import block's for_each before it reads data sources, "+
		"so it cannot import the objects a data source lists (OpenTofu 1.12 can)")
	env := readOnlyEnv(t)
	accTest(t, resource.TestStep{
		Config: env.providerConfig(fmt.Sprintf(`
data "cardpay_stores" "existing" {
  merchant_id = %[1]d
}

data "cardpay_payment_methods" "existing" {
  merchant_id = %[1]d
}

locals {
  stores  = toset(data.cardpay_stores.existing.stores[*].store_id)
  methods = toset([for m in data.cardpay_payment_methods.existing.methods : m.method if m.status == "active"])
}

import {
  for_each = local.stores
  to       = cardpay_store.existing[each.key]
  id       = "%[1]d/${each.key}"
}

resource "cardpay_store" "existing" {
  for_each    = local.stores
  merchant_id = %[1]d
  store_id    = each.key
  lifecycle {
    prevent_destroy = true
  }
}

import {
  for_each = local.methods
  to       = cardpay_payment_method.existing[each.key]
  id       = "%[1]d/${each.key}"
}

resource "cardpay_payment_method" "existing" {
  for_each    = local.methods
  merchant_id = %[1]d
  method      = each.key
  lifecycle {
    prevent_destroy = true
  }
}
`, env.MerchantID)),
		PlanOnly: true,
		// A plan-only step's two plans (without and with a refresh) are
		// checked as the plans after an apply.
		ConfigPlanChecks: resource.ConfigPlanChecks{
			PostApplyPreRefresh:  []plancheck.PlanCheck{expectImportsOnly()},
			PostApplyPostRefresh: []plancheck.PlanCheck{expectImportsOnly()},
		},
	})
}

// importsForEachOfData reports whether the CLI takes an import block's
// for_each from data sources: Terraform (1.7 and later), and OpenTofu 1.12
// and later.
func importsForEachOfData(cli tfcli.CLI) bool {
	v, err := version.NewVersion(cli.Version)
	return !cli.OpenTofu() || err == nil && v.Core().GreaterThanOrEqual(version.Must(version.NewVersion("1.12.0")))
}

// expectImportsOnly is a plan check: the plan imports at least one object
// and changes nothing, so every resource change is an import without a
// change.
func expectImportsOnly() plancheck.PlanCheck {
	return planCheckFunc(func(plan *tfjson.Plan) error {
		var imports, problems []string
		for _, rc := range plan.ResourceChanges {
			switch {
			case rc.Change.Importing == nil:
				problems = append(problems, fmt.Sprintf("%s is not imported (%v)", rc.Address, rc.Change.Actions))
			case !rc.Change.Actions.NoOp():
				problems = append(problems, fmt.Sprintf("%s is imported with a change (%v)", rc.Address, rc.Change.Actions))
			default:
				imports = append(imports, rc.Address)
			}
		}
		if len(problems) > 0 {
			return fmt.Errorf("the plan should only import: %s", strings.Join(problems, "; "))
		}
		if len(imports) == 0 {
			return errors.New("the plan imports nothing: the merchant has no store or active payment method to import")
		}
		return nil
	})
}
