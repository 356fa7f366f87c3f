package provider

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

const storeAddr = "cardpay_store.test"

// storeConfig renders a cardpay_store block named name; args are extra
// argument lines such as `city = "Aarhus"`.
func storeConfig(name string, merchantID int64, storeID string, args ...string) string {
	return fmt.Sprintf(`
resource "cardpay_store" %q {
  merchant_id = %d
  store_id    = %q
  %s
}
`, name, merchantID, storeID, strings.Join(args, "\n  "))
}

// storeInterappCheck adapts a function to statecheck.StateCheck, for checks
// of the sandbox's state against Terraform's.
type storeInterappCheck func(state *tfjson.State) error

func (f storeInterappCheck) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	resp.Error = f(req.State)
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

// expectSandboxStore checks the store in the sandbox against want.
func expectSandboxStore(sb *sandbox.Server, merchantID int64, want sandbox.Store) storeInterappCheck {
	return func(*tfjson.State) error {
		got, err := sandboxStore(sb, merchantID, want.ID)
		if err != nil {
			return err
		}
		if got != want {
			return fmt.Errorf("sandbox store %s:\n got %+v\nwant %+v", want.ID, got, want)
		}
		return nil
	}
}

// expectOneDefaultStore checks that the merchant has exactly one default
// store in the sandbox, storeID.
func expectOneDefaultStore(sb *sandbox.Server, merchantID int64, storeID string) storeInterappCheck {
	return func(*tfjson.State) error {
		var defaults []string
		for _, s := range sb.Snapshot().Stores {
			if s.MerchantID == merchantID && s.IsDefault {
				defaults = append(defaults, s.ID)
			}
		}
		sort.Strings(defaults)
		if len(defaults) != 1 || defaults[0] != storeID {
			return fmt.Errorf("default stores of merchant %d: got %v, want [%s]", merchantID, defaults, storeID)
		}
		return nil
	}
}

// fixtureStore returns a store as the default fixtures define it.
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

func TestAccStore_lifecycle(t *testing.T) {
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
		PreCheck:                 func() { testAccPreCheck(t) },
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
				// The same configuration plans nothing.
				Config: env.providerConfig(storeConfig("test", env.MerchantID, "1001-second",
					`name = "Harbour Shop"`, `city = "Aarhus"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
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
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("Harbour Shop Nord")),
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
				// Another store ID is another store.
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

// A value changed outside Terraform is recorded by the next update instead
// of failing it: unset arguments are planned unknown when an update is due.
func TestAccStore_changedOutsideTerraform(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	c, err := client.New(client.Config{
		BaseURL: env.BaseURL, PartnerClientID: env.ClientID, PartnerClientSecret: env.ClientSecret,
	})
	if err != nil {
		t.Fatal(err)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{Config: env.providerConfig(storeConfig("test", env.MerchantID, "1001-second", `name = "One"`))},
			{
				PreConfig: func() {
					phone := "+4570000000"
					if _, err := c.UpdateStore(context.Background(), env.MerchantID, "1001-second",
						client.StoreUpdate{Phone: &phone}); err != nil {
						t.Fatal(err)
					}
				},
				Config: env.providerConfig(storeConfig("test", env.MerchantID, "1001-second", `name = "Two"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectUnknownValue(storeAddr, tfjsonpath.New("phone")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("Two")),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("phone"), knownvalue.StringExact("+4570000000")),
				},
			},
		},
	})
	if got, err := sandboxStore(sb, env.MerchantID, "1001-second"); err != nil || got.Name != "Two" {
		t.Errorf("sandbox store after test: %+v, %v", got, err)
	}
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
				// The next update of second records that it lost the flag.
				Config: env.providerConfig(
					storeConfig("second", env.MerchantID, "1001-second", `name = "Second"`),
					storeConfig("main", env.MerchantID, "1001-main", `is_default = true`)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cardpay_store.second", tfjsonpath.New("is_default"), knownvalue.Bool(false)),
					expectOneDefaultStore(sb, env.MerchantID, "1001-main"),
				},
			},
			{
				// The service refuses to leave the merchant without a default.
				Config: env.providerConfig(
					storeConfig("second", env.MerchantID, "1001-second", `name = "Second"`),
					storeConfig("main", env.MerchantID, "1001-main", `is_default = false`)),
				ExpectError: regexp.MustCompile(`(?s)400.*one\s+default\s+store.*is_default\s+=\s+true\s+on\s+another`),
			},
		},
	})
	if err := expectOneDefaultStore(sb, env.MerchantID, "1001-main")(nil); err != nil {
		t.Error(err)
	}
}

func TestAccStore_import(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	second := fixtureStore(t, env.MerchantID, "1001-second")
	config := env.providerConfig(storeConfig("test", env.MerchantID, "1001-second", `name = "Imported"`))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{
				// Without a read endpoint the import records only the IDs.
				Config:             config,
				ResourceName:       storeAddr,
				ImportState:        true,
				ImportStateId:      "1001/1001-second",
				ImportStatePersist: true,
				ImportStateCheck:   expectImportedStoreIDs("1001/1001-second", "1001-second"),
			},
			{
				// The first apply writes the configured values and records the rest.
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("Imported")),
						plancheck.ExpectUnknownValue(storeAddr, tfjsonpath.New("location_id")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact("Imported")),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("city"), knownvalue.StringExact(second.City)),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("location_id"), knownvalue.StringExact(second.LocationID)),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("created_at"), knownvalue.StringExact(second.CreatedAt)),
				},
			},
		},
	})
	if got, err := sandboxStore(sb, env.MerchantID, "1001-second"); err != nil || got.Name != "Imported" {
		t.Errorf("sandbox store after import and apply: %+v, %v", got, err)
	}
}

// With no argument configured, the first plan after import still updates,
// so the apply records the store's values from the service's answer.
func TestAccStore_importWithoutArguments(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t)
	main := fixtureStore(t, env.MerchantID, "1001-main")
	config := env.providerConfig(storeConfig("test", env.MerchantID, "1001-main"))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:             config,
				ResourceName:       storeAddr,
				ImportState:        true,
				ImportStateId:      "1001/1001-main",
				ImportStatePersist: true,
				ImportStateCheck:   expectImportedStoreIDs("1001/1001-main", "1001-main"),
			},
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(storeAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectUnknownValue(storeAddr, tfjsonpath.New("name")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("name"), knownvalue.StringExact(main.Name)),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("is_default"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
				},
			},
		},
	})
}

// expectImportedStoreIDs checks that import recorded the IDs and nothing
// the API could not have told it.
func expectImportedStoreIDs(id, storeID string) resource.ImportStateCheckFunc {
	return func(states []*terraform.InstanceState) error {
		if len(states) != 1 {
			return fmt.Errorf("imported %d objects, want 1", len(states))
		}
		attrs := states[0].Attributes
		if attrs["id"] != id || attrs["merchant_id"] != "1001" || attrs["store_id"] != storeID {
			return fmt.Errorf("imported IDs: %v", attrs)
		}
		for _, name := range []string{"name", "city", "location_id", "status"} {
			if v, ok := attrs[name]; ok && v != "" {
				return fmt.Errorf("import recorded %s = %q, which it cannot know", name, v)
			}
		}
		return nil
	}
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

func TestStore_destroyWarning(t *testing.T) {
	plan, apply := destroyDiagnostics(t, "cardpay_store", map[string]tftypes.Value{
		"id":          tftypes.NewValue(tftypes.String, "1001/1001-main"),
		"merchant_id": tftypes.NewValue(tftypes.Number, 1001),
		"store_id":    tftypes.NewValue(tftypes.String, "1001-main"),
	})
	requireWarning(t, "plan", plan, storeNoDeleteSummary)
	requireWarning(t, "apply", apply, storeNoDeleteSummary)
}

func TestStore_replaceWarning(t *testing.T) {
	diags := replaceDiagnostics(t, "cardpay_store",
		map[string]tftypes.Value{
			"id":          tftypes.NewValue(tftypes.String, "1001/1001-main"),
			"merchant_id": tftypes.NewValue(tftypes.Number, 1001),
			"store_id":    tftypes.NewValue(tftypes.String, "1001-main"),
			"status":      tftypes.NewValue(tftypes.String, "active"),
		},
		map[string]tftypes.Value{
			"merchant_id": tftypes.NewValue(tftypes.Number, 1001),
			"store_id":    tftypes.NewValue(tftypes.String, "1001-second"),
		})
	requireWarning(t, "plan", diags, storeNoDeleteSummary)
}
