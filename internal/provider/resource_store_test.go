// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"sort"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

const storeAddr = "cardpay_store.test"

// storeConfig renders a cardpay_store block named name that adopts storeID
// (or creates a store when storeID is ""); args are extra argument lines
// such as `city = "Aarhus"`.
func storeConfig(name string, merchantID int64, storeID string, args ...string) string {
	return resourceBlock("cardpay_store", name,
		append([]string{hclArg("merchant_id", merchantID), optionalArg("store_id", storeID)}, args...)...)
}

// sandboxStore returns a store of the sandbox's current state.
func sandboxStore(sb *sandbox.Server, merchantID int64, storeID string) (sandbox.Store, error) {
	for _, s := range sb.Snapshot().Stores {
		if s.MerchantID == merchantID && s.ID == storeID {
			return s.Store, nil
		}
	}
	return sandbox.Store{}, fmt.Errorf("store %d/%s not found in the sandbox", merchantID, storeID)
}

// expectSandboxStore checks the store in the sandbox against want; when it
// changed is not compared.
func expectSandboxStore(sb *sandbox.Server, merchantID int64, want sandbox.Store) stateCheckFunc {
	return func(*tfjson.State) error {
		got, err := sandboxStore(sb, merchantID, want.ID)
		if err != nil {
			return err
		}
		want.UpdatedAt = got.UpdatedAt
		if got != want {
			return fmt.Errorf("sandbox store %s:\n got %+v\nwant %+v", want.ID, got, want)
		}
		return nil
	}
}

// expectStoreStatus checks the status of the store whose ID is in the state
// of addr, or of storeID when given.
func expectStoreStatus(sb *sandbox.Server, merchantID int64, storeID, status string) error {
	got, err := sandboxStore(sb, merchantID, storeID)
	if err != nil {
		return err
	}
	if got.Status != status {
		return fmt.Errorf("sandbox store %s is %s, want %s", storeID, got.Status, status)
	}
	return nil
}

// expectOneDefaultStore checks that the merchant has exactly one default
// store in the sandbox, storeID.
func expectOneDefaultStore(sb *sandbox.Server, merchantID int64, storeID string) stateCheckFunc {
	return func(*tfjson.State) error {
		var defaults []string
		for _, s := range sb.Snapshot().Stores {
			if s.MerchantID == merchantID && s.IsDefault {
				defaults = append(defaults, s.ID)
			}
		}
		sort.Strings(defaults)
		if len(defaults) != 1 || defaults[0] != storeID {
			return fmt.Errorf("merchant %d has default stores %v, want only %s", merchantID, defaults, storeID)
		}
		return nil
	}
}

// fixtureStore returns a store of the sandbox's default fixtures.
func fixtureStore(t *testing.T, merchantID int64, storeID string) sandbox.Store {
	t.Helper()
	for _, m := range sandbox.DefaultFixtures().Merchants {
		for _, s := range m.Stores {
			if m.ID == merchantID && s.ID == storeID {
				return s
			}
		}
	}
	t.Fatalf("no fixture store %d/%s", merchantID, storeID)
	return sandbox.Store{}
}

// recordStoreID remembers the store ID of the test store.
func recordStoreID(into *string) statecheck.StateCheck {
	return resourceAttrs(storeAddr, func(attrs map[string]any) error {
		*into = stateString(attrs, "store_id")
		return nil
	})
}

// A store the resource creates gets the service's ID and defaults, is
// updated in place, and is deactivated on destroy.
func TestAccStore_created(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	m := env.MerchantID
	var storeID string
	create := env.providerConfig(storeConfig("test", m, "", `name = "Harbour Shop"`, `city = "Aarhus"`))
	resource.ParallelTest(t, resource.TestCase{
		PreCheck:                 func() { testAccPreCheck(t) },
		ProtoV6ProviderFactories: testProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			return expectStoreStatus(sb, m, storeID, "inactive")
		},
		Steps: []resource.TestStep{
			{
				Config: create,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionCreate),
						plancheck.ExpectUnknownValue(storeAddr, tfjsonpath.New("store_id")),
						plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("adopted"), knownvalue.Bool(false)),
						plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("deactivate_on_destroy"), knownvalue.Bool(true)),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("store_id"),
						knownvalue.StringRegexp(regexp.MustCompile(`^loc_[0-9a-f]{16}$`))),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("id"),
						knownvalue.StringRegexp(regexp.MustCompile(`^1001/loc_[0-9a-f]{16}$`))),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("Harbour Shop")),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("city"), knownvalue.StringExact("Aarhus")),
					// The service's defaults, recorded from its answer.
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("country_code"), knownvalue.StringExact("DK")),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("is_default"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("street_address"), knownvalue.Null()),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("location_id"),
						knownvalue.StringRegexp(regexp.MustCompile(`^LOC-\d{8}-[A-Z0-9]{4}$`))),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("adopted"), knownvalue.Bool(false)),
					recordStoreID(&storeID),
				},
			},
			{
				Config: env.providerConfig(storeConfig("test", m, "", `name = "Harbour Shop Nord"`, `city = "Aarhus"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionUpdate),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("Harbour Shop Nord")),
					stateCheckFunc(func(*tfjson.State) error {
						got, err := sandboxStore(sb, m, storeID)
						if err == nil && got.Name != "Harbour Shop Nord" {
							err = fmt.Errorf("sandbox store name %q, want the update", got.Name)
						}
						return err
					}),
				},
			},
		},
	})
	if n := sb.RequestCounts()[sandbox.RouteCreateStore]; n != 1 {
		t.Errorf("the test created %d stores, want 1", n)
	}
}

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

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			// Destroy only forgets: both stores keep what Terraform wrote.
			if err := expectSandboxStore(sb, env.MerchantID, moved)(nil); err != nil {
				return err
			}
			return expectSandboxStore(sb, env.MerchantID, mainRenamed)(nil)
		},
		Steps: []resource.TestStep{
			{
				Config: env.providerConfig(storeConfig("test", env.MerchantID, "1001-second",
					`name = "Harbour Shop"`, `city = "Aarhus"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionCreate),
						plancheck.ExpectUnknownValue(storeAddr, tfjsonpath.New("street_address")),
						plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("adopted"), knownvalue.Bool(true)),
						plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("deactivate_on_destroy"), knownvalue.Bool(false)),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
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
			{
				Config: env.providerConfig(storeConfig("test", env.MerchantID, "1001-second",
					`name = "Harbour Shop Nord"`, `city = "Aarhus"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("Harbour Shop Nord")),
						plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("location_id"), knownvalue.StringExact(second.LocationID)),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("street_address"), knownvalue.StringExact(second.StreetAddress)),
					expectSandboxStore(sb, env.MerchantID, moved),
				},
			},
			{
				// Removing an argument plans nothing and clears nothing.
				Config: env.providerConfig(storeConfig("test", env.MerchantID, "1001-second",
					`name = "Harbour Shop Nord"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("city"), knownvalue.StringExact("Aarhus")),
					expectSandboxStore(sb, env.MerchantID, moved),
				},
			},
			{
				// Another store ID is another store; the old one is forgotten.
				Config: env.providerConfig(storeConfig("test", env.MerchantID, "1001-main",
					`name = "Harbour Shop Nord"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionDestroyBeforeCreate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("id"), knownvalue.StringExact("1001/1001-main")),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("city"), knownvalue.StringExact(main.City)),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("is_default"), knownvalue.Bool(true)),
					expectSandboxStore(sb, env.MerchantID, moved),
					expectSandboxStore(sb, env.MerchantID, mainRenamed),
				},
			},
		},
	})
}

// deactivate_on_destroy = true deactivates an adopted store on destroy.
func TestAccStore_adoptedDeactivatedOnDestroy(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			return expectStoreStatus(sb, env.MerchantID, "1001-second", "inactive")
		},
		Steps: []resource.TestStep{
			{Config: env.providerConfig(storeConfig("test", env.MerchantID, "1001-second"))},
			{
				// Changing it alone sends nothing to the service.
				PreConfig: sb.ResetRequestCounts,
				Config:    env.providerConfig(storeConfig("test", env.MerchantID, "1001-second", "deactivate_on_destroy = true")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionUpdate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					stateCheckFunc(func(*tfjson.State) error {
						if n := sb.RequestCounts()[sandbox.RouteUpdateStore]; n != 0 {
							return fmt.Errorf("changing deactivate_on_destroy sent %d store updates, want none", n)
						}
						return expectStoreStatus(sb, env.MerchantID, "1001-second", "active")
					}),
				},
			},
		},
	})
}

// Every field changed outside Terraform shows at the next refresh: an
// unset one is recorded, a configured one is planned back.
func TestAccStore_changedOutsideTerraform(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	config := env.providerConfig(storeConfig("test", env.MerchantID, "1001-second", `name = "One"`))
	change := func(c sandbox.StoreChange) func() {
		return func() {
			if _, err := sb.ChangeStore(env.MerchantID, "1001-second", c); err != nil {
				t.Fatal(err)
			}
		}
	}
	phone, name := "+4570000000", "Renamed by hand"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{Config: config},
			{
				PreConfig: change(sandbox.StoreChange{Phone: &phone}),
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectEmptyPlan(),
						plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("phone"), knownvalue.StringExact(phone)),
					},
				},
			},
			{
				PreConfig: change(sandbox.StoreChange{Name: &name}),
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("One")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("phone"), knownvalue.StringExact(phone)),
				},
			},
		},
	})
	if got, err := sandboxStore(sb, env.MerchantID, "1001-second"); err != nil || got.Name != "One" || got.Phone != phone {
		t.Errorf("sandbox store after test: %+v, %v", got, err)
	}
}

// A created store deactivated outside Terraform is replaced by a new one;
// an adopted one is only reported, since the API cannot reactivate it.
// A store gone from the list is created again.
func TestAccStore_inactiveOrGone(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	m := env.MerchantID
	inactive := "inactive"
	config := env.providerConfig(storeConfig("test", m, "", `name = "Pop-up"`), storeConfig("main", m, "1001-main"))
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
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					recordStoreID(&created),
					storeIDs.AddStateValue(storeAddr, tfjsonpath.New("store_id")),
				},
			},
			{
				PreConfig: deactivate(&created),
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionDestroyBeforeCreate),
						plancheck.ExpectResourceAction("cardpay_store.main", plancheck.ResourceActionNoop),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					storeIDs.AddStateValue(storeAddr, tfjsonpath.New("store_id")),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
				},
			},
			{
				// The adopted store shows as inactive and is left alone.
				PreConfig: deactivate(&mainID),
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectEmptyPlan(),
						plancheck.ExpectKnownValue("cardpay_store.main", tfjsonpath.New("status"), knownvalue.StringExact("inactive")),
					},
				},
			},
			{
				PreConfig: sb.Reset,
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionCreate),
						plancheck.ExpectResourceAction("cardpay_store.main", plancheck.ResourceActionNoop),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					storeIDs.AddStateValue(storeAddr, tfjsonpath.New("store_id")),
				},
			},
		},
	})
}

func TestAccStore_clearAndEmptyFields(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	cleared := fixtureStore(t, env.MerchantID, "1001-second")
	cleared.Phone = ""
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{
				// "" clears a free-text field at the service and stays "" in state.
				Config: env.providerConfig(storeConfig("test", env.MerchantID, "1001-second", `phone = ""`)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("phone"), knownvalue.StringExact("")),
					expectSandboxStore(sb, env.MerchantID, cleared),
				},
			},
			{
				// A field the service leaves empty is recorded as null, not "".
				Config: env.providerConfig(storeConfig("other", env.MerchantID, "1001-second", `name = "Other"`)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cardpay_store.other", tfjsonpath.New("phone"), knownvalue.Null()),
				},
			},
		},
	})
}

func TestAccStore_defaultStoreSwitch(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	secondDefault := storeConfig("second", env.MerchantID, "1001-second", `is_default = true`)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: env.providerConfig(secondDefault),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cardpay_store.second", tfjsonpath.New("is_default"), knownvalue.Bool(true)),
					expectOneDefaultStore(sb, env.MerchantID, "1001-second"),
				},
			},
			{
				// Main takes the flag back; second no longer sets it.
				Config: env.providerConfig(
					storeConfig("second", env.MerchantID, "1001-second"),
					storeConfig("main", env.MerchantID, "1001-main", `is_default = true`)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cardpay_store.main", tfjsonpath.New("is_default"), knownvalue.Bool(true)),
					expectOneDefaultStore(sb, env.MerchantID, "1001-main"),
				},
			},
			{
				// The refresh records that second lost the flag.
				Config: env.providerConfig(
					storeConfig("second", env.MerchantID, "1001-second"),
					storeConfig("main", env.MerchantID, "1001-main", `is_default = true`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cardpay_store.second", tfjsonpath.New("is_default"), knownvalue.Bool(false)),
				},
			},
			{
				// The service refuses to leave the merchant without a default.
				Config: env.providerConfig(
					storeConfig("second", env.MerchantID, "1001-second"),
					storeConfig("main", env.MerchantID, "1001-main", `is_default = false`)),
				ExpectError: regexp.MustCompile(`(?s)400.*one\s+default\s+store.*is_default\s+=\s+true\s+on\s+another`),
			},
		},
	})
	if err := expectOneDefaultStore(sb, env.MerchantID, "1001-main")(nil); err != nil {
		t.Error(err)
	}
}

// A created store that became the default cannot be deactivated; the
// error says how to go on, and forgetting it instead works.
func TestAccStore_defaultStoreNotDeactivated(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	var storeID string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: env.providerConfig(storeConfig("test", env.MerchantID, "", `name = "Flagship"`, `is_default = true`)),
				ConfigStateChecks: []statecheck.StateCheck{
					recordStoreID(&storeID),
					stateCheckFunc(func(*tfjson.State) error {
						return expectOneDefaultStore(sb, env.MerchantID, storeID)(nil)
					}),
				},
			},
			{
				Config:  env.providerConfig(storeConfig("test", env.MerchantID, "", `name = "Flagship"`, `is_default = true`)),
				Destroy: true,
				ExpectError: wrappedErrorPattern(`Could not deactivate store "loc_[0-9a-f]+" of merchant 1001.*HTTP 400.*` +
					`default store.*Make another store the default \(is_default = true on it\) and destroy again`),
			},
			{
				Config: env.providerConfig(storeConfig("test", env.MerchantID, "", `name = "Flagship"`, `is_default = true`,
					"deactivate_on_destroy = false")),
			},
		},
	})
	if err := expectStoreStatus(sb, env.MerchantID, storeID, "active"); err != nil {
		t.Error(err)
	}
}

// Import reads the whole store and records it as adopted.
func TestAccStore_import(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	second := fixtureStore(t, env.MerchantID, "1001-second")
	config := env.providerConfig(storeConfig("test", env.MerchantID, "1001-second", `name = "Imported"`))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:             config,
				ResourceName:       storeAddr,
				ImportState:        true,
				ImportStateId:      "1001/1001-second",
				ImportStatePersist: true,
				ImportStateCheck:   expectImportedStore(second),
			},
			{
				// The plan writes the configured name and nothing else.
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("Imported")),
						plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("location_id"), knownvalue.StringExact(second.LocationID)),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("city"), knownvalue.StringExact(second.City)),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("deactivate_on_destroy"), knownvalue.Bool(false)),
				},
			},
			{
				Config:        config,
				ResourceName:  storeAddr,
				ImportState:   true,
				ImportStateId: "1001/1001-nowhere",
				ExpectError:   wrappedErrorPattern(`Cannot import store "1001-nowhere" of merchant 1001.*HTTP 404`),
			},
		},
	})
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

// Merchant 1003 answers in the guide's store shape (storeId, isActive,
// updatedAt, a wrapped list): the whole lifecycle works the same.
func TestAccStore_guideShape(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	var storeID string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			return expectStoreStatus(sb, 1003, storeID, "inactive")
		},
		Steps: []resource.TestStep{
			{
				Config: env.providerConfig(storeConfig("test", 1003, "", `name = "Guide Shop"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					recordStoreID(&storeID),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("updated_at"), knownvalue.NotNull()),
				},
			},
			{
				Config: env.providerConfig(storeConfig("test", 1003, "", `name = "Guide Shop 2"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				Config:            env.providerConfig(storeConfig("test", 1003, "", `name = "Guide Shop 2"`)),
				ResourceName:      storeAddr,
				ImportState:       true,
				ImportStateIdFunc: func(*terraform.State) (string, error) { return "1003/" + storeID, nil },
				ImportStateVerify: true,
				// Import records any store as adopted.
				ImportStateVerifyIgnore: []string{"adopted", "deactivate_on_destroy"},
			},
		},
	})
}

func TestAccStore_validation(t *testing.T) {
	env := newTestEnv(t)
	cases := []struct {
		config  string
		pattern string
	}{
		{storeConfig("test", env.MerchantID, "1001-main", `country_code = "dk"`), `(?s)country_code.*two\s+upper-case\s+letters.*"DK"`},
		{storeConfig("test", env.MerchantID, "1001-main", `email = "nope"`), `(?s)"nope"\s+is\s+not\s+a\s+plain\s+e-mail\s+address`},
		{storeConfig("test", env.MerchantID, "1001-main", `email = "Shop <shop@example.com>"`), `plain\s+e-mail\s+address`},
		{storeConfig("test", 0, "1001-main"), `(?s)merchant_id.*at\s+least\s+1`},
		{storeConfig("test", env.MerchantID, "1001/main"), `(?s)store_id.*without\s+"/"`},
		{storeConfig("test", env.MerchantID, "1001-main", `name = " "`), `(?s)name.*must\s+not\s+be\s+empty`},
		{storeConfig("test", env.MerchantID, "1001-main", `phone = "call me"`), `(?s)phone.*such\s+as\s+"\+4533000000"`},
		{storeConfig("test", env.MerchantID, "1001-main", `city = " Aarhus"`), `(?s)city.*single\s+line`},
		{storeConfig("test", env.MerchantID, "", `city = "Aarhus"`), `(?s)Missing\s+store\s+name.*Set\s+name.*or\s+set\s+store_id\s+to\s+adopt`},
	}
	steps := make([]resource.TestStep, 0, len(cases)+1)
	for _, c := range cases {
		steps = append(steps, resource.TestStep{
			Config: env.providerConfig(c.config), PlanOnly: true, ExpectError: regexp.MustCompile(c.pattern),
		})
	}
	steps = append(steps, resource.TestStep{
		ResourceName:  storeAddr,
		Config:        env.providerConfig(storeConfig("test", env.MerchantID, "1001-main")),
		ImportState:   true,
		ImportStateId: "1001-main",
		ExpectError:   regexp.MustCompile(`(?s)<merchant_id>/<store_id>.*"1001/1001-main"`),
	})
	resource.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: testProviderFactories, Steps: steps})
}

func TestAccStore_unknownStore(t *testing.T) {
	env := newTestEnv(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{{
			Config:      env.providerConfig(storeConfig("test", env.MerchantID, "1001-nowhere", `name = "X"`)),
			ExpectError: regexp.MustCompile(`(?s)404.*1001-nowhere`),
		}},
	})
}

// The destroy warning says what destroy will do.
func TestStore_destroyWarnings(t *testing.T) {
	state := func(deactivate bool) map[string]tftypes.Value {
		return map[string]tftypes.Value{
			"id":                    tftypes.NewValue(tftypes.String, "1001/1001-main"),
			"merchant_id":           tftypes.NewValue(tftypes.Number, 1001),
			"store_id":              tftypes.NewValue(tftypes.String, "1001-main"),
			"deactivate_on_destroy": tftypes.NewValue(tftypes.Bool, deactivate),
		}
	}
	plan, apply := destroyDiagnostics(t, "cardpay_store", state(false))
	requireWarning(t, "plan", plan, storeForgetSummary)
	requireWarning(t, "apply", apply, storeForgetSummary)

	// Only the plan: applying would deactivate through an unconfigured provider.
	diags := planDestroyDiagnostics(t, "cardpay_store", state(true))
	requireWarning(t, "plan", diags, storeDeactivateSummary)
}

func TestStore_replaceWarning(t *testing.T) {
	diags := replaceDiagnostics(t, "cardpay_store",
		map[string]tftypes.Value{
			"id":                    tftypes.NewValue(tftypes.String, "1001/1001-main"),
			"merchant_id":           tftypes.NewValue(tftypes.Number, 1001),
			"store_id":              tftypes.NewValue(tftypes.String, "1001-main"),
			"status":                tftypes.NewValue(tftypes.String, "active"),
			"deactivate_on_destroy": tftypes.NewValue(tftypes.Bool, false),
		},
		map[string]tftypes.Value{
			"merchant_id": tftypes.NewValue(tftypes.Number, 1001),
			"store_id":    tftypes.NewValue(tftypes.String, "1001-second"),
		})
	requireWarning(t, "plan", diags, storeForgetSummary)
}
