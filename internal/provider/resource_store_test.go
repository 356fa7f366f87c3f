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
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

const storeAddr = "cardpay_store.test"

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

// A store the resource creates gets the service's ID and defaults, is
// updated in place, and is deactivated on destroy.
func TestAccStore_created(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	m := env.MerchantID
	var storeID string
	config := func(name string) string {
		return env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  name        = %q
  city        = "Aarhus"
}
`, m, name))
	}
	destroyCheckedAccTest(t,
		func(*terraform.State) error {
			return expectStoreStatus(sb, m, storeID, "inactive")
		},
		resource.TestStep{
			Config: config("Harbour Shop"),
			ConfigPlanChecks: plannedAction(storeAddr, plancheck.ResourceActionCreate,
				plancheck.ExpectUnknownValue(storeAddr, tfjsonpath.New("store_id")),
				plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("adopted"), knownvalue.Bool(false)),
				plancheck.ExpectKnownValue(storeAddr, tfjsonpath.New("deactivate_on_destroy"), knownvalue.Bool(true)),
			),
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
				recordAttr(storeAddr, "store_id", &storeID),
			},
		},
		resource.TestStep{
			Config:           config("Harbour Shop Nord"),
			ConfigPlanChecks: plannedAction(storeAddr, plancheck.ResourceActionUpdate),
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
	)
	if n := sb.RequestCounts()[sandbox.RouteCreateStore]; n != 1 {
		t.Errorf("the test created %d stores, want 1", n)
	}
}

// Merchant 1003 answers in the guide's store shape (storeId, isActive,
// updatedAt, a wrapped list): the whole lifecycle works the same.
func TestAccStore_guideShape(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	var storeID string
	config := func(name string) string {
		return env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = 1003
  name        = %q
}
`, name))
	}
	destroyCheckedAccTest(t,
		func(*terraform.State) error {
			return expectStoreStatus(sb, 1003, storeID, "inactive")
		},
		resource.TestStep{
			Config:           config("Guide Shop"),
			ConfigPlanChecks: afterApply(plancheck.ExpectEmptyPlan()),
			ConfigStateChecks: []statecheck.StateCheck{
				recordAttr(storeAddr, "store_id", &storeID),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
				statecheck.ExpectKnownValue(storeAddr, tfjsonpath.New("updated_at"), knownvalue.NotNull()),
			},
		},
		resource.TestStep{
			Config:           config("Guide Shop 2"),
			ConfigPlanChecks: plannedAction(storeAddr, plancheck.ResourceActionUpdate),
		},
		resource.TestStep{
			Config:            config("Guide Shop 2"),
			ResourceName:      storeAddr,
			ImportState:       true,
			ImportStateIdFunc: func(*terraform.State) (string, error) { return "1003/" + storeID, nil },
			ImportStateVerify: true,
			// Import records any store as adopted.
			ImportStateVerifyIgnore: []string{"adopted", "deactivate_on_destroy"},
		},
	)
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

// The rows of cardpay_store in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"cardpay_store e-mail": {config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-main"
  email       = "shop at example.com"
}
`, attr: "email", want: `is not a plain e-mail address. Write an address such as "name@example.com"`},
		"cardpay_store e-mail with a display name": {config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-main"
  email       = "Shop <shop@example.com>"
}
`, attr: "email", want: `is not a plain e-mail address`},
		"cardpay_store country code": {config: `
resource "cardpay_store" "x" {
  merchant_id  = 1001
  store_id     = "1001-main"
  country_code = "Denmark"
}
`, attr: "country_code", want: `ISO 3166-1 alpha-2 country code`},
		"cardpay_store lower-case country code": {config: `
resource "cardpay_store" "x" {
  merchant_id  = 1001
  store_id     = "1001-main"
  country_code = "dk"
}
`, attr: "country_code", want: `two upper-case letters, for example "DK"`},
		"cardpay_store merchant 0": {config: `
resource "cardpay_store" "x" {
  merchant_id = 0
  store_id    = "1001-main"
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
		"cardpay_store store_id with a slash": {config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001/main"
}
`, attr: "store_id", want: `without "/"`},
		"cardpay_store blank name": {config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-main"
  name        = " "
}
`, attr: "name", want: `must not be empty`},
		"cardpay_store phone": {config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-main"
  phone       = "call me"
}
`, attr: "phone", want: `such as "\+4533000000"`},
		"cardpay_store city with a leading space": {config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-main"
  city        = " Aarhus"
}
`, attr: "city", want: `single line`},
		"cardpay_store created without name": {config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  city        = "Odense"
}
`, want: `Missing store name.*Set name, for example name = "Harbour Shop", or set store_id to adopt`},
		"cardpay_store import merchant not numeric": {importID: "shop/1001-main", config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-main"
}
`, want: `Invalid import ID for cardpay_store.*1001/1001-main`},
		"cardpay_store import without merchant": {importID: "1001-main", config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-main"
}
`, want: `<merchant_id>/<store_id>.*"1001/1001-main"`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"cardpay_store": {config: `
resource "cardpay_store" "s" {
  merchant_id = 1001
  store_id    = "1001-main"
  name        = "Secrets"
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"cardpay_store": {route: sandbox.RouteCreateStore, config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  name        = "Lost answer"
  city        = "Aarhus"
}
`, recovers: true, want: `Warning: The store's creation was answered with an error, but it exists.*HTTP 502.*` +
			`found store "\S+" of merchant 1001, named "Lost answer" with the configured details`,
			held: func(s sandbox.State) int { return len(s.Stores) }},
	})
	addRows(identityTests, map[string]identityTest{
		"cardpay_store adopted": {addr: "cardpay_store.x", config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-second"
  name        = "Identity"
}
`, identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "store_id": knownvalue.StringExact("1001-second")},
			updated: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-second"
  name        = "Identity, renamed"
}
`},
		"cardpay_store created": {addr: "cardpay_store.x", config: `
resource "cardpay_store" "x" {
  merchant_id           = 1001
  name                  = "Identity"
  deactivate_on_destroy = false
}
`, identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "store_id": knownvalue.StringRegexp(regexp.MustCompile(`^loc_`))},
			updated: `
resource "cardpay_store" "x" {
  merchant_id           = 1001
  name                  = "Identity, renamed"
  deactivate_on_destroy = false
}
`},
	})
	addRows(inPlaceUpdates, map[string]inPlaceUpdate{
		// Merchant 1001 answers in the API reference's store shape, which has
		// no updated_at: it stays null, so the plan does not promise one.
		"cardpay_store created": {addr: "cardpay_store.x", attr: "name", want: knownvalue.StringExact("Harbour Nord"), config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  name        = "Harbour"
  city        = "Aarhus"
}
`, changed: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  name        = "Harbour Nord"
  city        = "Aarhus"
}
`},
		"cardpay_store adopted": {addr: "cardpay_store.x", attr: "city", want: knownvalue.StringExact("Odense"), config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-second"
  name        = "Second"
}
`, changed: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-second"
  name        = "Second"
  city        = "Odense"
}
`},
		// Merchant 1003 answers in the guide's shape, whose updated_at the
		// service sets on every write.
		"cardpay_store created, guide shape": {addr: "cardpay_store.x", attr: "name", want: knownvalue.StringExact("Harbour Nord"),
			unknown: []string{"updated_at"}, config: `
resource "cardpay_store" "x" {
  merchant_id = 1003
  name        = "Harbour"
  city        = "Aarhus"
}
`, changed: `
resource "cardpay_store" "x" {
  merchant_id = 1003
  name        = "Harbour Nord"
  city        = "Aarhus"
}
`},
		"cardpay_store adopted, guide shape": {addr: "cardpay_store.x", attr: "city", want: knownvalue.StringExact("Odense"),
			unknown: []string{"updated_at"}, config: `
resource "cardpay_store" "x" {
  merchant_id = 1003
  store_id    = "1003-second"
  name        = "Second"
}
`, changed: `
resource "cardpay_store" "x" {
  merchant_id = 1003
  store_id    = "1003-second"
  name        = "Second"
  city        = "Odense"
}
`},
		// Sends nothing, so updated_at stays.
		"cardpay_store deactivate_on_destroy": {addr: "cardpay_store.x", attr: "deactivate_on_destroy", want: knownvalue.Bool(true), config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-second"
}
`, changed: `
resource "cardpay_store" "x" {
  merchant_id           = 1001
  store_id              = "1001-second"
  deactivate_on_destroy = true
}
`},
	})
}
