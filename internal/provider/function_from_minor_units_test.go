// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"math/big"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
)

// Minor units become decimal text with exactly the currency's ISO 4217
// exponent of decimals, and to_minor_units reads that text back.
func TestFunctionFromMinorUnits(t *testing.T) {
	cases := []struct {
		minor, currency, want string
	}{
		{"1234", "EUR", "12.34"},
		{"5", "EUR", "0.05"},
		{"-5", "EUR", "-0.05"},
		{"0", "DKK", "0.00"},
		{"100", "SEK", "1.00"},
		{"1234", "JPY", "1234"},
		{"-1234", "JPY", "-1234"},
		{"1234", "BHD", "1.234"},
		{"1", "CLF", "0.0001"},
		{"12345678901234567890123456789012", "EUR", "123456789012345678901234567890.12"},
	}
	for _, tc := range cases {
		minor, _ := new(big.Float).SetPrec(256).SetString(tc.minor)
		got, err := callFunction(t, newFromMinorUnitsFunction(), []attr.Value{types.NumberValue(minor), types.StringValue(tc.currency)})
		if err != nil {
			t.Errorf("from_minor_units(%s, %q): %s", tc.minor, tc.currency, err.Text)
			continue
		}
		if got.Equal(types.StringValue(tc.want)) {
			back, err := callFunction(t, newToMinorUnitsFunction(), []attr.Value{got, types.StringValue(tc.currency)})
			if err != nil || !back.Equal(types.NumberValue(minor)) {
				t.Errorf("to_minor_units(%s, %q) = %v, %v; want %s back", got, tc.currency, back, err, tc.minor)
			}
			continue
		}
		t.Errorf("from_minor_units(%s, %q) = %v, want %q", tc.minor, tc.currency, got, tc.want)
	}
}

// A fraction of a minor unit and a bad currency are refused on their
// argument.
func TestFunctionFromMinorUnitsRefuses(t *testing.T) {
	_, err := callFunction(t, newFromMinorUnitsFunction(), []attr.Value{types.NumberValue(big.NewFloat(12.5)), types.StringValue("EUR")})
	expectArgumentError(t, err, 0, "12.5 is not a whole number of minor units: write an integer such as 1234")
	_, err = callFunction(t, newFromMinorUnitsFunction(), []attr.Value{types.NumberValue(big.NewFloat(1234)), types.StringValue("XYZ")})
	expectArgumentError(t, err, 1, `"XYZ" is not an ISO 4217 currency code`)
}

// Through the CLI: an order's amount shown in major units, and a round
// trip through both functions.
func TestAccFunctionFromMinorUnits(t *testing.T) {
	functionTest(t, resourceTestStep(`
output "euros" {
  value = provider::cardpay::from_minor_units(1234, "EUR")
}

output "yen" {
  value = provider::cardpay::from_minor_units(1234, "JPY")
}

output "round_trip" {
  value = provider::cardpay::to_minor_units(provider::cardpay::from_minor_units(-995, "DKK"), "DKK")
}
`, statecheck.ExpectKnownOutputValue("euros", knownvalue.StringExact("12.34")),
		statecheck.ExpectKnownOutputValue("yen", knownvalue.StringExact("1234")),
		statecheck.ExpectKnownOutputValue("round_trip", knownvalue.Int64Exact(-995)),
	), expectErrorStep(`
output "half_a_cent" {
  value = provider::cardpay::from_minor_units(12.5, "EUR")
}
`, `Invalid value for "minor_units" parameter: 12.5 is not a whole number of minor units`))
}
