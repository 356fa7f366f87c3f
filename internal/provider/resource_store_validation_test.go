// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

func TestAccStore_validation(t *testing.T) {
	env := newTestEnv(t)
	cases := []struct {
		config  string
		pattern string
	}{
		{fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id  = %d
  store_id     = "1001-main"
  country_code = "dk"
}
`, env.MerchantID), `(?s)country_code.*two\s+upper-case\s+letters.*"DK"`},
		{fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = "1001-main"
  email       = "nope"
}
`, env.MerchantID), `(?s)"nope"\s+is\s+not\s+a\s+plain\s+e-mail\s+address`},
		{fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = "1001-main"
  email       = "Shop <shop@example.com>"
}
`, env.MerchantID), `plain\s+e-mail\s+address`},
		{`
resource "cardpay_store" "test" {
  merchant_id = 0
  store_id    = "1001-main"
}
`, `(?s)merchant_id.*at\s+least\s+1`},
		{fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = "1001/main"
}
`, env.MerchantID), `(?s)store_id.*without\s+"/"`},
		{fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = "1001-main"
  name        = " "
}
`, env.MerchantID), `(?s)name.*must\s+not\s+be\s+empty`},
		{fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = "1001-main"
  phone       = "call me"
}
`, env.MerchantID), `(?s)phone.*such\s+as\s+"\+4533000000"`},
		{fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = "1001-main"
  city        = " Aarhus"
}
`, env.MerchantID), `(?s)city.*single\s+line`},
		{fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  city        = "Aarhus"
}
`, env.MerchantID), `(?s)Missing\s+store\s+name.*Set\s+name.*or\s+set\s+store_id\s+to\s+adopt`},
	}
	steps := make([]resource.TestStep, 0, len(cases)+1)
	for _, c := range cases {
		steps = append(steps, resource.TestStep{
			Config: env.providerConfig(c.config), PlanOnly: true, ExpectError: regexp.MustCompile(c.pattern),
		})
	}
	steps = append(steps, resource.TestStep{
		ResourceName: storeAddr,
		Config: env.providerConfig(fmt.Sprintf(`
resource "cardpay_store" "test" {
  merchant_id = %d
  store_id    = "1001-main"
}
`, env.MerchantID)),
		ImportState:   true,
		ImportStateId: "1001-main",
		ExpectError:   regexp.MustCompile(`(?s)<merchant_id>/<store_id>.*"1001/1001-main"`),
	})
	accTest(t, steps...)
}

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
