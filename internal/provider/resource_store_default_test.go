// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// The default flag moves between stores as configured, the refresh
// records that a store lost it, and the service refuses to leave the
// merchant without a default.
func TestAccStore_defaultStoreSwitch(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	// mainDefault is the configuration with is_default of 1001-main, and
	// none of 1001-second.
	mainDefault := func(isDefault bool) string {
		return env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "second" {
  merchant_id = %[1]d
  store_id    = "1001-second"
}

resource "cardpay_store" "main" {
  merchant_id = %[1]d
  store_id    = "1001-main"
  is_default  = %[2]t
}
`, env.MerchantID, isDefault))
	}
	accTest(t,
		resource.TestStep{
			Config: env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "second" {
  merchant_id = %d
  store_id    = "1001-second"
  is_default  = true
}
`, env.MerchantID)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cardpay_store.second", tfjsonpath.New("is_default"), knownvalue.Bool(true)),
				expectOneDefaultStore(sb, env.MerchantID, "1001-second"),
			},
		},
		resource.TestStep{
			// Main takes the flag back; second no longer sets it.
			Config: mainDefault(true),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cardpay_store.main", tfjsonpath.New("is_default"), knownvalue.Bool(true)),
				expectOneDefaultStore(sb, env.MerchantID, "1001-main"),
			},
		},
		resource.TestStep{
			// The refresh records that second lost the flag.
			Config:           mainDefault(true),
			ConfigPlanChecks: beforeApply(plancheck.ExpectEmptyPlan()),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cardpay_store.second", tfjsonpath.New("is_default"), knownvalue.Bool(false)),
			},
		},
		resource.TestStep{
			// The service refuses to leave the merchant without a default.
			Config:      mainDefault(false),
			ExpectError: regexp.MustCompile(`(?s)400.*one\s+default\s+store.*is_default\s+=\s+true\s+on\s+another`),
		},
	)
	if err := expectOneDefaultStore(sb, env.MerchantID, "1001-main")(nil); err != nil {
		t.Error(err)
	}
}

// A store renamed in the apply that moves the default flag away from it
// plans only its name, the apply records what was planned, and the next
// refresh records that it lost the flag, with nothing left to change.
func TestAccStore_defaultMovesWhileRenamed(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	// config renames 1001-main after 1001-second has become the default.
	config := func(mainName string, secondDefault bool) string {
		return env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "second" {
  merchant_id = %[1]d
  store_id    = "1001-second"
  is_default  = %[3]t
}

resource "cardpay_store" "main" {
  merchant_id = %[1]d
  store_id    = "1001-main"
  name        = %[2]q
  depends_on  = [cardpay_store.second]
}
`, env.MerchantID, mainName, secondDefault))
	}
	accTest(t,
		resource.TestStep{Config: config("Main", false)},
		resource.TestStep{
			Config: config("Main Renamed", true),
			ConfigPlanChecks: plannedAction("cardpay_store.main", plancheck.ResourceActionUpdate,
				plancheck.ExpectKnownValue("cardpay_store.main", tfjsonpath.New("name"), knownvalue.StringExact("Main Renamed")),
				expectOnlyChanges("cardpay_store.main", "name", "updated_at"),
			),
			ConfigStateChecks: []statecheck.StateCheck{expectOneDefaultStore(sb, env.MerchantID, "1001-second")},
		},
		resource.TestStep{
			Config:           config("Main Renamed", true),
			ConfigPlanChecks: beforeApply(plancheck.ExpectEmptyPlan()),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cardpay_store.main", tfjsonpath.New("is_default"), knownvalue.Bool(false)),
			},
		},
	)
}

// A created store that became the default cannot be deactivated; the
// error says how to go on, and forgetting it instead works.
func TestAccStore_defaultStoreNotDeactivated(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	var storeID string
	flagship := env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  name        = "Flagship"
  is_default  = true
}
`, env.MerchantID))
	accTest(t,
		resource.TestStep{
			Config: flagship,
			ConfigStateChecks: []statecheck.StateCheck{
				recordAttr(storeAddr, "store_id", &storeID),
				stateCheckFunc(func(*tfjson.State) error {
					return expectOneDefaultStore(sb, env.MerchantID, storeID)(nil)
				}),
			},
		},
		resource.TestStep{
			Config:  flagship,
			Destroy: true,
			ExpectError: wrappedErrorPattern(`Could not deactivate store "loc_[0-9a-f]+" of merchant 1001.*HTTP 400.*` +
				`default store.*Make another store the default \(is_default = true on it\) and destroy again`),
		},
		resource.TestStep{
			Config: env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id           = %d
  name                  = "Flagship"
  is_default            = true
  deactivate_on_destroy = false
}
`, env.MerchantID)),
		},
	)
	if err := expectStoreStatus(sb, env.MerchantID, storeID, "active"); err != nil {
		t.Error(err)
	}
}
