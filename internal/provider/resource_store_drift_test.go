// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// Every field changed outside Terraform shows at the next refresh: an
// unset one is recorded, a configured one is planned back.
func TestAccStore_changedOutsideTerraform(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	config := env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = "1001-second"
  name        = "One"
}
`, env.MerchantID))
	change := func(c sandbox.StoreChange) func() {
		return func() {
			if _, err := sb.ChangeStore(env.MerchantID, "1001-second", c); err != nil {
				t.Fatal(err)
			}
		}
	}
	phone, name := "+4570000000", "Renamed by hand"
	accTest(t,
		resource.TestStep{Config: config},
		resource.TestStep{
			PreConfig: change(sandbox.StoreChange{StoreEdit: sandbox.StoreEdit{Phone: &phone}}),
			Config:    config,
			ConfigPlanChecks: refreshRecords(storeAddr, "phone", knownvalue.StringExact(phone),
				plancheck.ExpectEmptyPlan()),
		},
		resource.TestStep{
			PreConfig: change(sandbox.StoreChange{StoreEdit: sandbox.StoreEdit{Name: &name}}),
			Config:    config,
			ConfigPlanChecks: plannedAction(storeAddr, plancheck.ResourceActionUpdate,
				plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("One")),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("phone"), knownvalue.StringExact(phone)),
			},
		},
	)
	if got, err := sandboxStore(sb, env.MerchantID, "1001-second"); err != nil || got.Name != "One" || got.Phone != phone {
		t.Errorf("sandbox store after test: %+v, %v", got, err)
	}
}

// A created store deactivated outside Terraform is replaced by a new one;
// an adopted one is only reported, since the API cannot reactivate it.
// A store gone from the list is created again.
func TestAccStore_inactiveOrGone(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	m := env.MerchantID
	inactive := "inactive"
	config := env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %[1]d
  name        = "Pop-up"
}

resource "cardpay_store" "main" {
  merchant_id = %[1]d
  store_id    = "1001-main"
}
`, m))
	storeIDs := statecheck.CompareValue(compare.ValuesDiffer())
	var created string
	deactivate := func(storeID *string) func() {
		return func() {
			if _, err := sb.ChangeStore(m, *storeID, sandbox.StoreChange{Status: &inactive}); err != nil {
				t.Fatal(err)
			}
		}
	}
	mainID := "1001-main"
	accTest(t,
		resource.TestStep{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				recordAttr(storeAddr, "store_id", &created),
				storeIDs.AddStateValue(storeAddr, tfjsonpath.New("store_id")),
			},
		},
		resource.TestStep{
			PreConfig: deactivate(&created),
			Config:    config,
			ConfigPlanChecks: plannedAction(storeAddr, plancheck.ResourceActionDestroyBeforeCreate,
				plancheck.ExpectResourceAction("cardpay_store.main", plancheck.ResourceActionNoop),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				storeIDs.AddStateValue(storeAddr, tfjsonpath.New("store_id")),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
			},
		},
		resource.TestStep{
			// The adopted store shows as inactive and is left alone.
			PreConfig: deactivate(&mainID),
			Config:    config,
			ConfigPlanChecks: refreshRecords("cardpay_store.main", "status", knownvalue.StringExact("inactive"),
				plancheck.ExpectEmptyPlan()),
		},
		resource.TestStep{
			PreConfig: sb.Reset,
			Config:    config,
			ConfigPlanChecks: beforeApply(
				plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionCreate),
				plancheck.ExpectResourceAction("cardpay_store.main", plancheck.ResourceActionNoop),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				storeIDs.AddStateValue(storeAddr, tfjsonpath.New("store_id")),
			},
		},
	)
}

func TestAccStore_clearAndEmptyFields(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	cleared := fixtureStore(t, env.MerchantID, "1001-second")
	cleared.Phone = ""
	accTest(t,
		resource.TestStep{
			// "" clears a free-text field at the service and stays "" in state.
			Config: env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = "1001-second"
  phone       = ""
}
`, env.MerchantID)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("phone"), knownvalue.StringExact("")),
				expectSandboxStore(sb, env.MerchantID, cleared),
			},
		},
		resource.TestStep{
			// A field the service leaves empty is recorded as null, not "".
			Config: env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "other" {
  merchant_id = %d
  store_id    = "1001-second"
  name        = "Other"
}
`, env.MerchantID)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cardpay_store.other", tfjsonpath.New("phone"), knownvalue.Null()),
			},
		},
	)
}
