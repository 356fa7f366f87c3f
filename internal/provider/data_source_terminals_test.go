// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// The data source lists online terminals and paired devices alike, and
// the type filter is the service's.
func TestAccTerminalsDataSource(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	var device string
	config := env.providerConfig(onlineTerminalConfig(env.MerchantID, "PaymentPage"), `
data "cardpay_terminals" "all" {
  merchant_id = cardpay_online_terminal.test.merchant_id
  depends_on  = [cardpay_online_terminal.test]
}

data "cardpay_terminals" "devices" {
  merchant_id   = cardpay_online_terminal.test.merchant_id
  terminal_type = "checkoutX"
  depends_on    = [cardpay_online_terminal.test]
}

data "cardpay_terminals" "none" {
  merchant_id   = 1002
  terminal_type = "SomeFutureType"
}
`)
	accTest(t, resource.TestStep{
		PreConfig: func() { device = pairDevice(t, env, sb, env.MerchantID) },
		Config:    config,
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue("data.cardpay_terminals.all", tfjsonpath.New("terminals"), knownvalue.ListExact([]knownvalue.Check{
				knownvalue.ObjectExact(map[string]knownvalue.Check{
					"terminal_id": knownvalue.StringFunc(func(v string) error {
						if v != device {
							return fmt.Errorf("terminal_id %q, want the paired device %q", v, device)
						}
						return nil
					}),
					"terminal_type":       knownvalue.StringExact("checkoutX"),
					"terminal_status":     knownvalue.StringExact("REGISTERED"),
					"terminal_name":       knownvalue.StringExact("Counter tablet"),
					"terminal_public_key": knownvalue.Null(),
				}),
				knownvalue.ObjectExact(map[string]knownvalue.Check{
					"terminal_id":         knownvalue.StringRegexp(regexp.MustCompile(`^term_`)),
					"terminal_type":       knownvalue.StringExact("PaymentPage"),
					"terminal_status":     knownvalue.StringExact("ACTIVE"),
					"terminal_name":       knownvalue.Null(),
					"terminal_public_key": knownvalue.StringRegexp(regexp.MustCompile(`^pk_sandbox_`)),
				}),
			})),
			statecheck.CompareValuePairs("data.cardpay_terminals.all", tfjsonpath.New("terminals").AtSliceIndex(1).AtMapKey("terminal_id"),
				onlineTerminalAddr, tfjsonpath.New("terminal_id"), compare.ValuesSame()),
			statecheck.ExpectKnownValue("data.cardpay_terminals.devices", tfjsonpath.New("terminals"), knownvalue.ListSizeExact(1)),
			statecheck.ExpectKnownValue("data.cardpay_terminals.devices", tfjsonpath.New("terminals").AtSliceIndex(0).AtMapKey("terminal_type"),
				knownvalue.StringExact("checkoutX")),
			statecheck.ExpectKnownValue("data.cardpay_terminals.none", tfjsonpath.New("terminals"), knownvalue.ListSizeExact(0)),
		},
	})
}

// The rows of data.cardpay_terminals in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_terminals merchant 0": {config: `
data "cardpay_terminals" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
		"data.cardpay_terminals blank type": {config: `
data "cardpay_terminals" "x" {
  merchant_id   = 1001
  terminal_type = " "
}
`, attr: "terminal_type", want: `terminal_type must not be empty or only whitespace`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_terminals": {config: `
data "cardpay_terminals" "t" {
  merchant_id = 1001
}
`},
	})
}
