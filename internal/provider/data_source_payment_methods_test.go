// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// paymentMethodsConfig lists the merchant's payment methods.
func paymentMethodsConfig(merchantID int64) string {
	return fmt.Sprintf(`
data "cardpay_payment_methods" "test" {
  merchant_id = %d
}
`, merchantID)
}

func TestAccPaymentMethodsDataSource(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t) // asserts the sandbox's fixture methods
	accTest(t, resource.TestStep{
		Config: env.providerConfig(paymentMethodsConfig(env.MerchantID)),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue("data.cardpay_payment_methods.test", tfjsonpath.New("methods"),
				knownvalue.SetPartial([]knownvalue.Check{
					knownvalue.ObjectExact(map[string]knownvalue.Check{
						"method":       knownvalue.StringExact("visa"),
						"status":       knownvalue.StringExact("active"),
						"activated_at": knownvalue.NotNull(),
					}),
					knownvalue.ObjectExact(map[string]knownvalue.Check{
						"method":       knownvalue.StringExact("amex"),
						"status":       knownvalue.StringExact("inactive"),
						"activated_at": knownvalue.Null(),
					}),
				})),
		},
	})
}

// The rows of data.cardpay_payment_methods in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_payment_methods merchant 0": {config: `
data "cardpay_payment_methods" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_payment_methods": {config: `
data "cardpay_payment_methods" "m" {
  merchant_id = 1001
}
`},
	})
}
