// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"encoding/json"
	"fmt"
	"regexp"
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
	env, sb := newSandboxTestEnv(t)
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
	env, sb := newSandboxTestEnv(t)
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
	env, sb := newSandboxTestEnv(t)
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

// Adoption shows at plan time: adopted = true is known, and a warning
// names the store from the merchant's store list, or says that the apply
// creates none when store_id is known only at apply. The plan reads the
// list once, and the apply (whose re-plan reads it again) once more; a
// store_id that names no store is warned about at plan.
func TestAccStore_adoptionShownInPlan(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	second := fixtureStore(t, env.MerchantID, "1001-second")
	adopt := func(storeID string) string {
		return fmt.Sprintf(`
resource "terraform_data" "main" {
  input = "1001-main"
}

resource "cardpay_store" "main" {
  merchant_id = 1001
  store_id    = terraform_data.main.output
}

resource "cardpay_store" "second" {
  merchant_id = 1001
  store_id    = %q
  name        = "Harbour Shop"
  city        = "Aarhus"
}
`, storeID)
	}
	w := newCLIWorkdir(t, env, adopt("1001-nowhere"))
	out := w.run("plan", "-no-color")
	if want := wrappedErrorPattern(`Store "1001-nowhere" not found at merchant 1001.*the apply will fail unless the store exists`); !want.MatchString(out) {
		t.Errorf("the plan adopting a store that does not exist does not warn /%s/:\n%s", want, out)
	}

	w.write("main.tf", cliRequiredProviders+adopt("1001-second"))
	mark := sandboxtest.MarkRequests(sb)
	out = w.run("plan", "-no-color", "-out=adopt.tfplan")
	for _, want := range []string{
		`Warning: Adopting store "1001-second" of merchant 1001`,
		fmt.Sprintf(`The store exists at the service ("%s", %s, %s %s), so the apply creates no store: `+
			`it writes city and name to the store and records it (adopted = true).`,
			second.Name, second.StreetAddress, second.PostalCode, second.City),
		`Warning: Adopting an existing store`,
		`store_id names an existing store, which the plan cannot name (store_id or merchant_id is known only at ` +
			`apply), so the apply creates no store: it writes nothing to the store and records it (adopted = true).`,
	} {
		if !wrappedErrorPattern(regexp.QuoteMeta(want)).MatchString(out) {
			t.Errorf("the plan does not warn %q:\n%s", want, out)
		}
	}
	if n := mark.Since()[sandbox.RouteListStores]; n != 1 {
		t.Errorf("the plan listed the merchant's stores %d times, want 1", n)
	}
	var plan tfjson.Plan
	if err := json.Unmarshal([]byte(w.run("show", "-json", "adopt.tfplan")), &plan); err != nil {
		t.Fatal(err)
	}
	for _, rc := range plan.ResourceChanges {
		if rc.Type != "cardpay_store" {
			continue
		}
		after, _ := rc.Change.After.(map[string]any)
		if after["adopted"] != true || after["deactivate_on_destroy"] != false {
			t.Errorf("%s is planned with adopted = %v and deactivate_on_destroy = %v, want true and false",
				rc.Address, after["adopted"], after["deactivate_on_destroy"])
		}
	}

	mark = sandboxtest.MarkRequests(sb)
	w.run("apply", "-no-color", "adopt.tfplan")
	if got := mark.Since(); got[sandbox.RouteListStores] > 1 || got[sandbox.RouteUpdateStore] != 2 {
		t.Errorf("the apply sent %v; want at most 1 store list and 2 updates", got)
	}
	w.run("plan", "-no-color", "-detailed-exitcode") // fails on any change
	for addr, want := range map[string]string{"cardpay_store.main": "1001-main", "cardpay_store.second": "1001-second"} {
		if got := w.stateResources()[addr]; got["store_id"] != want || got["adopted"] != true {
			t.Errorf("%s in state: store_id %v, adopted %v; want %s, true", addr, got["store_id"], got["adopted"], want)
		}
	}
}

// Adopting a store_id that names no store fails the apply with the
// service's 404.
func TestAccStore_unknownStore(t *testing.T) {
	env := newTestEnv(t)
	accTest(t, resource.TestStep{
		Config: env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = "1001-nowhere"
  name        = "X"
}
`, env.MerchantID)),
		ExpectError: regexp.MustCompile(`(?s)404.*1001-nowhere`),
	})
}

// A store_id known only at apply that turns out null adopts nothing and
// creates nothing: the plan promised an adoption, and Terraform stops when
// the plan it makes before the apply contradicts it.
func TestAccStore_adoptionOfNothingRefused(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	mark := sandboxtest.MarkRequests(sb)
	accTest(t, resource.TestStep{
		Config: env.providerConfig(`
resource "terraform_data" "later" {}

resource "cardpay_store" "test" {
  merchant_id = 1001
  store_id    = terraform_data.later.id == "" ? "1001-main" : null
  name        = "Nothing"
}
`),
		ExpectError: wrappedErrorPattern(`inconsistent final plan.*cardpay_store.test.*\.adopted: was cty.True, but now cty.False`),
	})
	mark.ExpectNoneReached(t, sandbox.RouteCreateStore, sandbox.RouteUpdateStore)
}
