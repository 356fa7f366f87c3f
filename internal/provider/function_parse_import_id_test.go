// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
)

// Every form's example splits into an object of all its parts, which
// import_id builds back into the same ID; IDs with colons and slashes
// where the forms allow them too.
func TestFunctionParseImportID(t *testing.T) {
	ids := map[string][]string{
		"cardpay_ais_consent": {"1001/user_35100188/ta:6Cpoq:BzQQ", "req:with:colons"},
		"cardpay_merchant":    {"ref:CRM:4712/a"},
		"cardpay_store":       {"1001/shop:main"},
	}
	for typeName, form := range importIDForms() {
		for _, id := range append([]string{form.example}, ids[typeName]...) {
			args := []attr.Value{types.StringValue(typeName), types.StringValue(id)}
			got, err := callFunction(t, newParseImportIDFunction(), args)
			if err != nil {
				t.Errorf("parse_import_id(%q, %q): %s", typeName, id, err.Text)
				continue
			}
			object, ok := got.(types.Dynamic).UnderlyingValue().(types.Object)
			if !ok || len(object.Attributes()) != len(form.fields) {
				t.Errorf("parse_import_id(%q, %q) = %v, want an object of %s", typeName, id, got, fieldNames(form))
				continue
			}
			back, err := callFunction(t, newImportIDFunction(), []attr.Value{types.StringValue(typeName), got})
			if err != nil || !back.Equal(types.StringValue(id)) {
				t.Errorf("import_id(%q, %v) = %v, %v; want %q", typeName, got, back, err, id)
			}
		}
	}
}

// The parts of a consent by its ID alone: merchant_id and user_id are
// null.
func TestFunctionParseImportIDOptionalParts(t *testing.T) {
	got, err := callFunction(t, newParseImportIDFunction(), []attr.Value{types.StringValue("cardpay_ais_consent"), types.StringValue("req_1")})
	if err != nil {
		t.Fatal(err.Text)
	}
	want := types.ObjectValueMust(importPartsType(importIDForms()["cardpay_ais_consent"]), map[string]attr.Value{
		"merchant_id": types.Int64Null(), "user_id": types.StringNull(), "request_id": types.StringValue("req_1"),
	})
	if !got.Equal(types.DynamicValue(want)) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// An unknown type is refused on resource_type, listing the types; an ID
// the import refuses on id, with the import's own message.
func TestFunctionParseImportIDRefuses(t *testing.T) {
	cases := []struct {
		typeName, id string
		index        int64
		want         string
	}{
		{"cardpay_payment_methods", "1001/amex", 0, `"cardpay_payment_methods" is not a cardpay resource type that can be imported: write one of cardpay_ais_consent,`},
		{"cardpay_interapp_registration", "1001", 0, `is not a cardpay resource type that can be imported`},
		{"cardpay_payment_method", "1001:amex", 1, `cardpay_payment_method: expected an ID of the form <merchant_id>/<method>`},
		{"cardpay_payment_method", "1001/AMEX", 1, `"AMEX" is not a lowercase payment-method identifier`},
		{"cardpay_store", "01001/main", 1, `for example "1001/1001-main"; got "01001/main"`},
		{"cardpay_merchant", "ref:", 1, `expected a partner reference after "ref:"`},
		{"cardpay_webhook", "9001/x", 1, `the cardpay_webhooks data source lists them`},
	}
	for _, tc := range cases {
		_, err := callFunction(t, newParseImportIDFunction(), []attr.Value{types.StringValue(tc.typeName), types.StringValue(tc.id)})
		expectArgumentError(t, err, tc.index, tc.want)
	}
}

// Through the CLI: the parts are read as attributes, merchant_id as a
// number; a consent's ID keeps its colons.
func TestAccFunctionParseImportID(t *testing.T) {
	functionTest(t, resourceTestStep(`
locals {
  method  = provider::cardpay::parse_import_id("cardpay_payment_method", "1001/amex")
  consent = provider::cardpay::parse_import_id("cardpay_ais_consent", "1001/user_35100188/ta:6Cpoq:BzQQ")
  by_ref  = provider::cardpay::parse_import_id("cardpay_merchant", "ref:CRM-4712")
}

output "merchant_id" {
  value = local.method.merchant_id + 1
}

output "method" {
  value = local.method.method
}

output "consent" {
  value = local.consent
}

output "by_ref" {
  value = local.by_ref
}
`, statecheck.ExpectKnownOutputValue("merchant_id", knownvalue.Int64Exact(1002)),
		statecheck.ExpectKnownOutputValue("method", knownvalue.StringExact("amex")),
		statecheck.ExpectKnownOutputValue("consent", knownvalue.ObjectExact(map[string]knownvalue.Check{
			"merchant_id": knownvalue.Int64Exact(1001),
			"user_id":     knownvalue.StringExact("user_35100188"),
			"request_id":  knownvalue.StringExact("ta:6Cpoq:BzQQ"),
		})),
		statecheck.ExpectKnownOutputValue("by_ref", knownvalue.ObjectExact(map[string]knownvalue.Check{
			"merchant_id":    knownvalue.Null(),
			"partner_ref_id": knownvalue.StringExact("CRM-4712"),
		})),
	), expectErrorStep(`
output "colon" {
  value = provider::cardpay::parse_import_id("cardpay_payment_method", "1001:amex")
}
`, `Invalid value for "id" parameter: cardpay_payment_method: expected an ID of the form <merchant_id>/<method>`),
		expectErrorStep(`
output "plural" {
  value = provider::cardpay::parse_import_id("cardpay_stores", "1001/main")
}
`, `Invalid value for "resource_type" parameter: "cardpay_stores" is not a cardpay resource type that can be imported`))
}
