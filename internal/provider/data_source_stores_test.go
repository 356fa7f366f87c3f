// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// The data source lists every store of the merchant, in either of the
// service's shapes, inactive ones included.
func TestAccStoresDataSource(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t)
	main := fixtureStore(t, env.MerchantID, "1001-main")
	config := env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  name        = "Pop-up"
  city        = "Odense"
}
`, env.MerchantID), `
data "cardpay_stores" "reference" {
  merchant_id = cardpay_store.test.merchant_id
  depends_on  = [cardpay_store.test]
}

data "cardpay_stores" "guide" {
  merchant_id = 1003
}
`)
	fixtureEntry := knownvalue.ObjectExact(map[string]knownvalue.Check{
		"store_id": knownvalue.StringExact(main.ID), "name": knownvalue.StringExact(main.Name),
		"location_id": knownvalue.StringExact(main.LocationID), "street_address": knownvalue.StringExact(main.StreetAddress),
		"city": knownvalue.StringExact(main.City), "postal_code": knownvalue.StringExact(main.PostalCode),
		"country_code": knownvalue.StringExact(main.CountryCode), "phone": knownvalue.StringExact(main.Phone),
		"email": knownvalue.StringExact(main.Email), "is_default": knownvalue.Bool(true),
		"status": knownvalue.StringExact("active"), "created_at": knownvalue.StringExact(main.CreatedAt),
		"updated_at": knownvalue.Null(),
	})
	accTest(t,
		resource.TestStep{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.cardpay_stores.reference", tfjsonpath.New("stores"), knownvalue.ListSizeExact(3)),
				statecheck.ExpectKnownValue("data.cardpay_stores.reference", tfjsonpath.New("stores").AtSliceIndex(0), fixtureEntry),
				statecheck.ExpectKnownValue("data.cardpay_stores.reference", tfjsonpath.New("stores").AtSliceIndex(2).AtMapKey("store_id"),
					knownvalue.StringRegexp(regexp.MustCompile(`^loc_`))),
				statecheck.ExpectKnownValue("data.cardpay_stores.reference", tfjsonpath.New("stores").AtSliceIndex(2).AtMapKey("city"),
					knownvalue.StringExact("Odense")),
				statecheck.ExpectKnownValue("data.cardpay_stores.guide", tfjsonpath.New("stores"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue("data.cardpay_stores.guide", tfjsonpath.New("stores").AtSliceIndex(0).AtMapKey("store_id"),
					knownvalue.StringExact("1003-main")),
				statecheck.ExpectKnownValue("data.cardpay_stores.guide", tfjsonpath.New("stores").AtSliceIndex(0).AtMapKey("status"),
					knownvalue.StringExact("active")),
			},
		},
	)
}

// The rows of data.cardpay_stores in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_stores merchant -1": {config: `
data "cardpay_stores" "x" {
  merchant_id = -1
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_stores": {config: `
data "cardpay_stores" "s" {
  merchant_id = 1001
}
`},
	})
}
