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

// importIDParts is an object argument of import_id: numbers for
// merchant_id, strings for the rest.
func importIDParts(parts map[string]any) types.Dynamic {
	attrTypes := map[string]attr.Type{}
	values := map[string]attr.Value{}
	for name, v := range parts {
		switch v := v.(type) {
		case int:
			attrTypes[name], values[name] = types.NumberType, types.NumberValue(big.NewFloat(float64(v)))
		case float64:
			attrTypes[name], values[name] = types.NumberType, types.NumberValue(big.NewFloat(v))
		case string:
			attrTypes[name], values[name] = types.StringType, types.StringValue(v)
		default: // nil
			attrTypes[name], values[name] = types.StringType, types.StringNull()
		}
	}
	return types.DynamicValue(types.ObjectValueMust(attrTypes, values))
}

// Parts build the ID the import reads; merchant_id may be text, a null
// part is left out, and a map does as well as an object.
func TestFunctionImportID(t *testing.T) {
	cases := []struct {
		typeName string
		parts    attr.Value
		want     string
	}{
		{"cardpay_payment_method", importIDParts(map[string]any{"merchant_id": 1001, "method": "amex"}), "1001/amex"},
		{"cardpay_store", importIDParts(map[string]any{"merchant_id": "1001", "store_id": "shop:main"}), "1001/shop:main"},
		{"cardpay_merchant", importIDParts(map[string]any{"merchant_id": nil, "partner_ref_id": "CRM-4712"}), "ref:CRM-4712"},
		{"cardpay_webhook", importIDParts(map[string]any{"id": 9001}), "9001"},
		{"cardpay_ais_consent", importIDParts(map[string]any{"request_id": "req_1"}), "req_1"},
		{"cardpay_order", types.DynamicValue(types.MapValueMust(types.StringType, map[string]attr.Value{
			"merchant_id": types.StringValue("1001"), "order_id": types.StringValue("ord_1"),
		})), "1001/ord_1"},
	}
	for _, tc := range cases {
		got, err := callFunction(t, newImportIDFunction(), []attr.Value{types.StringValue(tc.typeName), tc.parts})
		if err != nil || !got.Equal(types.StringValue(tc.want)) {
			t.Errorf("import_id(%q, %v) = %v, %v; want %q", tc.typeName, tc.parts, got, err, tc.want)
		}
	}
}

// Parts that make an ID the import refuses, or reads differently, are
// refused on parts, saying which part and what to write.
func TestFunctionImportIDRefuses(t *testing.T) {
	cases := []struct {
		typeName string
		parts    attr.Value
		index    int64
		want     string
	}{
		{"cardpay_stores", importIDParts(map[string]any{"merchant_id": 1001}), 0, `"cardpay_stores" is not a cardpay resource type`},
		{"cardpay_payment_method", importIDParts(map[string]any{"merchant_id": 1001}), 1,
			`cardpay_payment_method needs the part "method": give { merchant_id = 1001, method = "amex" }`},
		{"cardpay_payment_method", importIDParts(map[string]any{"merchant_id": 1001, "method": "amex", "store_id": "x"}), 1,
			`cardpay_payment_method has no import ID part "store_id": its parts are merchant_id, method`},
		{"cardpay_payment_method", importIDParts(map[string]any{"merchant_id": 1001.5, "method": "amex"}), 1,
			`merchant_id: expected a positive numeric merchant ID such as "1001", got "1001.5"`},
		{"cardpay_store", importIDParts(map[string]any{"merchant_id": 1001, "store_id": "a/b"}), 1,
			`makes the cardpay_store import ID "1001/a/b", but the import refuses it: expected an ID of the form <merchant_id>/<store_id>`},
		{"cardpay_store", importIDParts(map[string]any{"merchant_id": "01001", "store_id": "main"}), 1,
			`merchant_id: expected a positive numeric merchant ID such as "1001", got "01001"`},
		{"cardpay_store", importIDParts(map[string]any{"merchant_id": 0, "store_id": "main"}), 1,
			`merchant_id: expected a positive numeric merchant ID such as "1001", got "0"`},
		{"cardpay_store", types.DynamicValue(types.ObjectValueMust(map[string]attr.Type{"merchant_id": types.BoolType, "store_id": types.StringType},
			map[string]attr.Value{"merchant_id": types.BoolValue(true), "store_id": types.StringValue("main")})), 1,
			`merchant_id must be a whole number such as 1001; got true`},
		{"cardpay_merchant", importIDParts(map[string]any{"merchant_id": 1001, "partner_ref_id": "CRM-4712"}), 1,
			`but the import reads it as { partner_ref_id = "CRM-4712" }: give the parts of one form only`},
		{"cardpay_ais_consent", importIDParts(map[string]any{"merchant_id": 1001, "request_id": "req_1"}), 1,
			`the import refuses it`},
		{"cardpay_ais_consent", importIDParts(map[string]any{"request_id": "1001/user-1/req_1/x"}), 1,
			`but the import reads it as { merchant_id = 1001, request_id = "req_1/x", user_id = "user-1" }`},
		{"cardpay_webhook", types.DynamicValue(types.StringValue("9001")), 1, `expected an object of the ID's parts, such as { id = "9001" }`},
	}
	for _, tc := range cases {
		_, err := callFunction(t, newImportIDFunction(), []attr.Value{types.StringValue(tc.typeName), tc.parts})
		expectArgumentError(t, err, tc.index, tc.want)
	}
}

// Through the CLI: an ID built from a resource's attributes, a round trip
// through parse_import_id, and parts the import would refuse.
func TestAccFunctionImportID(t *testing.T) {
	functionTest(t, resourceTestStep(`
locals {
  terminal = { merchant_id = 1001, terminal_id = "term_0123456789abcdef" }
}

output "terminal" {
  value = provider::cardpay::import_id("cardpay_online_terminal", local.terminal)
}

output "round_trip" {
  value = provider::cardpay::import_id("cardpay_ais_consent",
  provider::cardpay::parse_import_id("cardpay_ais_consent", "1001/user_35100188/ta:6Cpoq:BzQQ"))
}
`, statecheck.ExpectKnownOutputValue("terminal", knownvalue.StringExact("1001/term_0123456789abcdef")),
		statecheck.ExpectKnownOutputValue("round_trip", knownvalue.StringExact("1001/user_35100188/ta:6Cpoq:BzQQ")),
	), expectErrorStep(`
output "slash" {
  value = provider::cardpay::import_id("cardpay_store", { merchant_id = 1001, store_id = "a/b" })
}
`, `Invalid value for "parts" parameter: { merchant_id = 1001, store_id = "a/b" } makes the cardpay_store import ID "1001/a/b", but the import refuses it`))
}
