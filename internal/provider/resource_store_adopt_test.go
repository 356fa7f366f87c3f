// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// An adopted store keeps the values of the arguments left out, and its
// destroy only forgets it.
func TestAccStore_adopted(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	second := fixtureStore(t, env.MerchantID, "1001-second")
	renamed, moved := second, second
	renamed.Name, renamed.City = "Harbour Shop", "Aarhus"
	moved.Name, moved.City = "Harbour Shop Nord", "Aarhus"
	main := fixtureStore(t, env.MerchantID, "1001-main")
	mainRenamed := main
	mainRenamed.Name = "Harbour Shop Nord"
	// config adopts the store; an empty city is left out.
	config := func(storeID, name, city string) string {
		return env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = %q
  name        = %q
  city        = %s
}
`, env.MerchantID, storeID, name, hclOptional(city)))
	}

	destroyCheckedAccTest(t,
		func(*terraform.State) error {
			// Destroy only forgets: both stores keep what Terraform wrote.
			if err := expectSandboxStore(sb, env.MerchantID, moved)(nil); err != nil {
				return err
			}
			return expectSandboxStore(sb, env.MerchantID, mainRenamed)(nil)
		},
		resource.TestStep{
			Config: config("1001-second", "Harbour Shop", "Aarhus"),
			ConfigPlanChecks: plannedAction(storeAddr, plancheck.ResourceActionCreate,
				plancheck.ExpectUnknownValue(storeAddr, tfjsonpath.New("street_address")),
				plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("adopted"), knownvalue.Bool(true)),
				plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("deactivate_on_destroy"), knownvalue.Bool(false)),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("id"), knownvalue.StringExact("1001/1001-second")),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("Harbour Shop")),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("city"), knownvalue.StringExact("Aarhus")),
				// Not configured: recorded from the service's answer.
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("street_address"), knownvalue.StringExact(second.StreetAddress)),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("postal_code"), knownvalue.StringExact(second.PostalCode)),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("country_code"), knownvalue.StringExact(second.CountryCode)),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("phone"), knownvalue.StringExact(second.Phone)),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("email"), knownvalue.StringExact(second.Email)),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("is_default"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("location_id"), knownvalue.StringExact(second.LocationID)),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("created_at"), knownvalue.StringExact(second.CreatedAt)),
				// Only name and city were sent: the rest keeps the fixture's values.
				expectSandboxStore(sb, env.MerchantID, renamed),
			},
		},
		resource.TestStep{
			Config: config("1001-second", "Harbour Shop Nord", "Aarhus"),
			ConfigPlanChecks: plannedAction(storeAddr, plancheck.ResourceActionUpdate,
				plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("Harbour Shop Nord")),
				plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("location_id"), knownvalue.StringExact(second.LocationID)),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("street_address"), knownvalue.StringExact(second.StreetAddress)),
				expectSandboxStore(sb, env.MerchantID, moved),
			},
		},
		resource.TestStep{
			// Removing an argument plans nothing and clears nothing.
			Config:           config("1001-second", "Harbour Shop Nord", ""),
			ConfigPlanChecks: beforeApply(plancheck.ExpectEmptyPlan()),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("city"), knownvalue.StringExact("Aarhus")),
				expectSandboxStore(sb, env.MerchantID, moved),
			},
		},
		resource.TestStep{
			// Another store ID is another store; the old one is forgotten.
			Config: config("1001-main", "Harbour Shop Nord", ""),
			ConfigPlanChecks: beforeApply(
				plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionDestroyBeforeCreate),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("id"), knownvalue.StringExact("1001/1001-main")),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("city"), knownvalue.StringExact(main.City)),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("is_default"), knownvalue.Bool(true)),
				expectSandboxStore(sb, env.MerchantID, moved),
				expectSandboxStore(sb, env.MerchantID, mainRenamed),
			},
		},
	)
}

// deactivate_on_destroy = true deactivates an adopted store on destroy.
func TestAccStore_adoptedDeactivatedOnDestroy(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	var updates sandboxtest.RequestMark
	destroyCheckedAccTest(t,
		func(*terraform.State) error {
			return expectStoreStatus(sb, env.MerchantID, "1001-second", "inactive")
		},
		resource.TestStep{Config: env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = "1001-second"
}
`, env.MerchantID))},
		resource.TestStep{
			// Changing it alone sends nothing to the service.
			PreConfig: func() { updates = sandboxtest.MarkRequests(sb) },
			Config: env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id           = %d
  store_id              = "1001-second"
  deactivate_on_destroy = true
}
`, env.MerchantID)),
			ConfigPlanChecks: beforeApply(plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionUpdate)),
			ConfigStateChecks: []statecheck.StateCheck{
				stateCheckFunc(func(*tfjson.State) error {
					if err := updates.NoneReached(sandbox.RouteUpdateStore); err != nil {
						return fmt.Errorf("changing deactivate_on_destroy alone: %w", err)
					}
					return expectStoreStatus(sb, env.MerchantID, "1001-second", "active")
				}),
			},
		},
	)
}

// Import reads the whole store and records it as adopted.
func TestAccStore_import(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	second := fixtureStore(t, env.MerchantID, "1001-second")
	config := env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = "1001-second"
  name        = "Imported"
}
`, env.MerchantID))
	accTest(t,
		resource.TestStep{
			Config:             config,
			ResourceName:       storeAddr,
			ImportState:        true,
			ImportStateId:      "1001/1001-second",
			ImportStatePersist: true,
			ImportStateCheck:   expectImportedStore(second),
		},
		resource.TestStep{
			// The plan writes the configured name and nothing else.
			Config: config,
			ConfigPlanChecks: plannedAction(storeAddr, plancheck.ResourceActionUpdate,
				plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("Imported")),
				plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("location_id"), knownvalue.StringExact(second.LocationID)),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("city"), knownvalue.StringExact(second.City)),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("deactivate_on_destroy"), knownvalue.Bool(false)),
			},
		},
		resource.TestStep{
			Config:        config,
			ResourceName:  storeAddr,
			ImportState:   true,
			ImportStateId: "1001/1001-nowhere",
			ExpectError:   wrappedErrorPattern(`Cannot import store "1001-nowhere" of merchant 1001.*HTTP 404`),
		},
	)
	if got, err := sandboxStore(sb, env.MerchantID, "1001-second"); err != nil || got.Name != "Imported" {
		t.Errorf("sandbox store after import and apply: %+v, %v", got, err)
	}
}

// expectImportedStore checks that import read every field of the store and
// recorded it as adopted.
func expectImportedStore(want sandbox.Store) resource.ImportStateCheckFunc {
	return func(states []*terraform.InstanceState) error {
		if len(states) != 1 {
			return fmt.Errorf("imported %d objects, want 1", len(states))
		}
		attrs := states[0].Attributes
		for name, value := range map[string]string{
			"id": "1001/" + want.ID, "merchant_id": "1001", "store_id": want.ID, "name": want.Name, "city": want.City,
			"location_id": want.LocationID, "status": want.Status, "adopted": "true", "deactivate_on_destroy": "false",
		} {
			if attrs[name] != value {
				return fmt.Errorf("imported %s = %q, want %q", name, attrs[name], value)
			}
		}
		return nil
	}
}
