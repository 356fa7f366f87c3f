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

// Amounts in major units become exact minor units, by each currency's ISO
// 4217 exponent, including those where CLDR's digits differ (IQD, IDR).
func TestFunctionToMinorUnits(t *testing.T) {
	cases := []struct {
		amount, currency, want string
	}{
		{"12.34", "EUR", "1234"},
		{"12.3", "EUR", "1230"},
		{"12", "DKK", "1200"},
		{"0.01", "SEK", "1"},
		{"-5.5", "EUR", "-550"},
		{"12.340", "EUR", "1234"},
		{"1234", "JPY", "1234"},
		{"1234.0", "JPY", "1234"},
		{"1.234", "BHD", "1234"},
		{"1.234", "IQD", "1234"},
		{"1.23", "IDR", "123"},
		{"1.2345", "CLF", "12345"},
		{"92233720368547758.07", "EUR", "9223372036854775807"},
		{"123456789012345678901234567890.12", "EUR", "12345678901234567890123456789012"},
	}
	for _, tc := range cases {
		got, err := callFunction(t, newToMinorUnitsFunction(), []attr.Value{types.StringValue(tc.amount), types.StringValue(tc.currency)})
		if err != nil {
			t.Errorf("to_minor_units(%q, %q): %s", tc.amount, tc.currency, err.Text)
			continue
		}
		want, _ := new(big.Float).SetPrec(256).SetString(tc.want)
		if n, ok := got.(types.Number); !ok || n.ValueBigFloat().Cmp(want) != 0 || !n.ValueBigFloat().IsInt() {
			t.Errorf("to_minor_units(%q, %q) = %v, want %s", tc.amount, tc.currency, got, tc.want)
		}
	}
}

// Bad amounts and currencies are refused on their argument, saying what
// to write.
func TestFunctionToMinorUnitsRefuses(t *testing.T) {
	cases := []struct {
		amount, currency string
		index            int64
		want             string
	}{
		{"12.345", "EUR", 0, `"12.345" has 3 decimals, but EUR has only 2: write at most 2, such as "12.34"`},
		{"12.5", "JPY", 0, `"12.5" has decimals, but JPY has no minor units: write a whole amount`},
		{"1.2345", "BHD", 0, `such as "12.345"`},
		{"12,34", "EUR", 0, `"12,34" is not a decimal amount`},
		{"1e3", "EUR", 0, `no spaces, exponents or thousands separators`},
		{" 12", "EUR", 0, `is not a decimal amount`},
		{"", "EUR", 0, `is not a decimal amount`},
		{".5", "EUR", 0, `is not a decimal amount`},
		{"+5", "EUR", 0, `is not a decimal amount`},
		{"12.34", "eur", 1, `write the currency code in capitals: "EUR", not "eur"`},
		{"12.34", "ZZZ", 1, `"ZZZ" is not an ISO 4217 currency code`},
		{"12.34", "978", 1, `write three capital letters, such as "EUR"`},
		{"12.34", "EURO", 1, `write three capital letters`},
	}
	for _, tc := range cases {
		_, err := callFunction(t, newToMinorUnitsFunction(), []attr.Value{types.StringValue(tc.amount), types.StringValue(tc.currency)})
		expectArgumentError(t, err, tc.index, tc.want)
	}
}

// Through the CLI: a string amount, a Terraform number (converted to its
// decimal text) and the result used as a number.
func TestAccFunctionToMinorUnits(t *testing.T) {
	functionTest(t, resourceTestStep(`
output "cents" {
  value = provider::cardpay::to_minor_units("12.34", "EUR")
}

output "from_number" {
  value = provider::cardpay::to_minor_units(1000.5, "SEK")
}

output "yen" {
  value = provider::cardpay::to_minor_units("1500", "JPY") + 1
}
`, statecheck.ExpectKnownOutputValue("cents", knownvalue.Int64Exact(1234)),
		statecheck.ExpectKnownOutputValue("from_number", knownvalue.Int64Exact(100050)),
		statecheck.ExpectKnownOutputValue("yen", knownvalue.Int64Exact(1501)),
	), expectErrorStep(`
output "too_precise" {
  value = provider::cardpay::to_minor_units("12.345", "EUR")
}
`, `Invalid value for "amount" parameter: "12.345" has 3 decimals, but EUR has only 2: write at most 2, such as "12.34"`),
		expectErrorStep(`
output "lower_case" {
  value = provider::cardpay::to_minor_units("12.34", "eur")
}
`, `Invalid value for "currency" parameter: write the currency code in capitals: "EUR", not "eur"`))
}
