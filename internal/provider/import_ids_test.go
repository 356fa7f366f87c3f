// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"maps"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// Each form reads the IDs its docs show into the parts its fields name,
// and writes them back as they were.
func TestImportIDForms(t *testing.T) {
	cases := []struct {
		typeName, id string
		want         importParts
	}{
		{"cardpay_payment_method", "1001/amex", importParts{"merchant_id": "1001", "method": "amex"}},
		{"cardpay_store", "1001/1001-main", importParts{"merchant_id": "1001", "store_id": "1001-main"}},
		{"cardpay_online_terminal", "1001/term_0123456789abcdef", importParts{"merchant_id": "1001", "terminal_id": "term_0123456789abcdef"}},
		{"cardpay_order", "1001/ord_0123456789abcdef", importParts{"merchant_id": "1001", "order_id": "ord_0123456789abcdef"}},
		{"cardpay_onboarding_application", "1001", importParts{"merchant_id": "1001"}},
		{"cardpay_merchant", "1001", importParts{"merchant_id": "1001"}},
		{"cardpay_merchant", "ref:CRM-4712", importParts{"partner_ref_id": "CRM-4712"}},
		{"cardpay_merchant", "ref:a/b:c", importParts{"partner_ref_id": "a/b:c"}},
		{"cardpay_ais_consent", "1001/user_35100188/ta:6Cpoq:BzQQ", importParts{"merchant_id": "1001", "user_id": "user_35100188", "request_id": "ta:6Cpoq:BzQQ"}},
		{"cardpay_ais_consent", "1001/user-1001/req/with/slashes", importParts{"merchant_id": "1001", "user_id": "user-1001", "request_id": "req/with/slashes"}},
		{"cardpay_ais_consent", "req_0123456789abcdef", importParts{"request_id": "req_0123456789abcdef"}},
		{"cardpay_webhook", "9001", importParts{"id": "9001"}},
		{"cardpay_partner_credential", "3", importParts{"id": "3"}},
	}
	for _, tc := range cases {
		form := importIDForms()[tc.typeName]
		got, err := form.parse(tc.id)
		if err != nil || !maps.Equal(got, tc.want) {
			t.Errorf("%s: parse(%q) = %v, %v; want %v", tc.typeName, tc.id, got, err, tc.want)
			continue
		}
		if back := form.format(got); back != tc.id {
			t.Errorf("%s: format(%v) = %q, want %q", tc.typeName, got, back, tc.id)
		}
	}
	for typeName, form := range importIDForms() {
		if parts, err := form.parse(form.example); err != nil || form.format(parts) != form.example {
			t.Errorf("%s: its own example %q does not read back: %v, %v", typeName, form.example, parts, err)
		}
	}
}

// Every resource that can be imported declares its import ID form, so the
// functions parse_import_id and import_id know it.
func TestImportableResourcesDeclareTheirForm(t *testing.T) {
	ctx := context.Background()
	for _, newResource := range New("test")().Resources(ctx) {
		r := newResource()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "cardpay"}, &meta)
		_, imports := r.(resource.ResourceWithImportState)
		_, declares := r.(importable)
		if imports != declares {
			t.Errorf("%s: ImportState %v, import ID form %v; an importable resource declares its form (importIDForm)",
				meta.TypeName, imports, declares)
		}
	}
}

// Each form refuses what its resource's import refuses, saying what a
// valid ID looks like.
func TestImportIDFormsRefuse(t *testing.T) {
	cases := []struct{ typeName, id, want string }{
		{"cardpay_payment_method", "1001-amex", `<merchant_id>/<method>`},
		{"cardpay_payment_method", "1001/AMEX", `lowercase payment-method identifier`},
		{"cardpay_store", "01001/1001-main", `"1001/1001-main"`},
		{"cardpay_store", "1001/", `<merchant_id>/<store_id>`},
		{"cardpay_order", "1001/ord_1/2", `<merchant_id>/<order_id>`},
		{"cardpay_onboarding_application", "app_0123", `positive numeric merchant ID`},
		{"cardpay_merchant", "Harbour Coffee", `ref:<partner_ref_id>`},
		{"cardpay_merchant", "ref:", `partner reference after "ref:"`},
		{"cardpay_ais_consent", "0/user-1/req_1", `MERCHANT_ID/USER_ID/CONSENT_ID`},
		{"cardpay_ais_consent", "1001//req_1", `MERCHANT_ID/USER_ID/CONSENT_ID`},
		{"cardpay_ais_consent", "", `MERCHANT_ID/USER_ID/CONSENT_ID`},
		{"cardpay_webhook", "9001/x", `"9001"`},
		{"cardpay_webhook", " ", `cardpay_webhooks data source`},
		{"cardpay_partner_credential", "demo/3", `"3"`},
	}
	for _, tc := range cases {
		parts, err := importIDForms()[tc.typeName].parse(tc.id)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: parse(%q) = %v, %v; want an error with %s", tc.typeName, tc.id, parts, err, tc.want)
		}
	}
}

// FuzzImportIDForms checks every form: parsing never panics, and an ID
// that parses is written back unchanged, with exactly the form's fields
// that are not optional. Seeds live in testdata/fuzz/FuzzImportIDForms.
func FuzzImportIDForms(f *testing.F) {
	forms := importIDForms()
	for _, form := range forms {
		f.Add(form.example)
	}
	f.Add("ref:CRM-4712")
	f.Add("1001/user-1001/a/b")
	f.Fuzz(func(t *testing.T, id string) {
		for typeName, form := range forms {
			parts, err := form.parse(id)
			if err != nil {
				continue
			}
			if back := form.format(parts); back != id {
				t.Fatalf("%s: accepted %q as %v, but writes it as %q", typeName, id, parts, back)
			}
			for _, field := range form.fields {
				if _, ok := parts[field.name]; !ok && !field.optional {
					t.Fatalf("%s: accepted %q without %s: %v", typeName, id, field.name, parts)
				}
			}
			if len(parts) > len(form.fields) {
				t.Fatalf("%s: accepted %q with parts the form does not name: %v", typeName, id, parts)
			}
		}
	})
}
