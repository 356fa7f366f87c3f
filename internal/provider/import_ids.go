// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The string import ID of every resource type that can be imported is
// parsed and written here, once: each resource's ImportState reads its ID
// through importIDForms, and so do the functions parse_import_id and
// import_id, so an ID the functions accept or build is one that import
// accepts.

// importField is one part of an import ID, named as the resource's
// attribute (and identity attribute) it fills.
type importField struct {
	name string
	// number is true for merchant_id, the one numeric part.
	number bool
	// optional parts may be absent: a consent imported by its ID alone, a
	// merchant by its partner reference instead of its ID.
	optional bool
}

// importParts are the parts of an import ID by field name, merchant_id in
// its canonical decimal form. An optional part that is absent is missing
// from the map.
type importParts map[string]string

// merchantID is the merchant_id part, 0 when absent.
func (p importParts) merchantID() int64 {
	id, _ := strconv.ParseInt(p[fieldMerchantID], 10, 64)
	return id
}

const fieldMerchantID = "merchant_id"

// importIDForm is the import ID of one resource type.
type importIDForm struct {
	// syntax and example say in docs and errors what an ID looks like.
	syntax, example string
	fields          []importField
	// parse reads an ID; its error says what a valid one looks like.
	parse func(id string) (importParts, error)
	// format writes the ID of parts that parse would return.
	format func(importParts) string
}

// importIDForms are the import ID forms by resource type.
var importIDForms = map[string]importIDForm{
	"cardpay_payment_method": merchantScopedForm("method", "1001/amex", func(method string) error {
		if !methodPattern.MatchString(method) {
			return fmt.Errorf("%q is not a lowercase payment-method identifier such as \"amex\"", method)
		}
		return nil
	}),
	"cardpay_store":                  merchantScopedForm("store_id", "1001/1001-main", nil),
	"cardpay_online_terminal":        merchantScopedForm("terminal_id", "1001/term_0123456789abcdef", nil),
	"cardpay_order":                  merchantScopedForm("order_id", "1001/ord_0123456789abcdef", nil),
	"cardpay_onboarding_application": onboardingForm(),
	"cardpay_merchant":               merchantForm(),
	"cardpay_ais_consent":            consentForm(),
	"cardpay_webhook":                keyForm("the endpoint's ID as the service reports it", "9001", "cardpay_webhooks"),
	"cardpay_partner_credential":     keyForm("the credential's ID as the service lists it", "3", "cardpay_partner_credentials"),
}

// importIDTypes are the resource types of importIDForms, sorted.
func importIDTypes() []string { return slices.Sorted(maps.Keys(importIDForms)) }

// merchantScopedForm is "<merchant_id>/<key>"; check, when set, refuses
// a key the API cannot have.
func merchantScopedForm(key, example string, check func(string) error) importIDForm {
	return importIDForm{
		syntax:  "<merchant_id>/<" + key + ">",
		example: example,
		fields:  []importField{{name: fieldMerchantID, number: true}, {name: key}},
		parse: func(id string) (importParts, error) {
			merchantID, value, err := parseMerchantScopedID(id, key, example)
			if err == nil && check != nil {
				err = check(value)
			}
			if err != nil {
				return nil, err
			}
			return importParts{fieldMerchantID: strconv.FormatInt(merchantID, 10), key: value}, nil
		},
		format: func(p importParts) string { return merchantScopedID(p.merchantID(), p[key]) },
	}
}

// onboardingForm is the merchant ID alone: the service reports each
// merchant's current application.
func onboardingForm() importIDForm {
	return importIDForm{
		syntax:  "<merchant_id>",
		example: "1001",
		fields:  []importField{{name: fieldMerchantID, number: true}},
		parse: func(id string) (importParts, error) {
			merchantID, err := parseMerchantID(id)
			if err != nil {
				return nil, fmt.Errorf("%w. The import ID of an onboarding application is the merchant ID, because the "+
					"service reports the status of each merchant's current application", err)
			}
			return importParts{fieldMerchantID: strconv.FormatInt(merchantID, 10)}, nil
		},
		format: func(p importParts) string { return p[fieldMerchantID] },
	}
}

// merchantRefPrefix starts the import ID of a merchant found by the
// partner's own reference.
const merchantRefPrefix = "ref:"

// merchantForm is the merchant ID, or ref:<partner_ref_id>.
func merchantForm() importIDForm {
	return importIDForm{
		syntax:  "<merchant_id> or ref:<partner_ref_id>",
		example: "1001",
		fields:  []importField{{name: fieldMerchantID, number: true, optional: true}, {name: "partner_ref_id", optional: true}},
		parse: func(id string) (importParts, error) {
			if ref, isRef := strings.CutPrefix(id, merchantRefPrefix); isRef {
				if ref == "" {
					return nil, fmt.Errorf("expected a partner reference after %q, such as \"ref:CRM-4712\"; got %q", merchantRefPrefix, id)
				}
				return importParts{"partner_ref_id": ref}, nil
			}
			merchantID, err := parseMerchantID(id)
			if err != nil {
				return nil, fmt.Errorf("%w, or ref:<partner_ref_id>", err)
			}
			return importParts{fieldMerchantID: strconv.FormatInt(merchantID, 10)}, nil
		},
		format: func(p importParts) string {
			if ref, ok := p["partner_ref_id"]; ok {
				return merchantRefPrefix + ref
			}
			return p[fieldMerchantID]
		},
	}
}

// consentForm is MERCHANT_ID/USER_ID/ID, or the ID alone (which only a
// provider with an access_token can import). The ID is the request ID or
// the consent ID, and may hold slashes of its own.
func consentForm() importIDForm {
	return importIDForm{
		syntax:  "<merchant_id>/<user_id>/<request_id> or <request_id>",
		example: "1001/user_35100188/req_0123456789abcdef",
		fields: []importField{
			{name: fieldMerchantID, number: true, optional: true}, {name: "user_id", optional: true}, {name: "request_id"},
		},
		parse: func(id string) (importParts, error) {
			parts := strings.SplitN(id, "/", 3)
			if len(parts) != 3 {
				if id == "" {
					return nil, fmt.Errorf("%q is not MERCHANT_ID/USER_ID/CONSENT_ID, for example 1001/user_35100188/ta:6Cpoq:BzQQ", id)
				}
				return importParts{"request_id": id}, nil
			}
			merchantID, err := parseMerchantID(parts[0])
			if err != nil || parts[1] == "" || parts[2] == "" {
				return nil, fmt.Errorf("%q is not MERCHANT_ID/USER_ID/CONSENT_ID, for example 1001/user_35100188/ta:6Cpoq:BzQQ", id)
			}
			return importParts{fieldMerchantID: strconv.FormatInt(merchantID, 10), "user_id": parts[1], "request_id": parts[2]}, nil
		},
		format: func(p importParts) string {
			if _, scoped := p[fieldMerchantID]; scoped {
				return p[fieldMerchantID] + "/" + p["user_id"] + "/" + p["request_id"]
			}
			return p["request_id"]
		},
	}
}

// keyForm is an object the API knows by one ID across the partner; what
// and listedBy say in the error what the ID is and where to find it.
func keyForm(what, example, listedBy string) importIDForm {
	return importIDForm{
		syntax:  "<id>",
		example: example,
		fields:  []importField{{name: "id"}},
		parse: func(id string) (importParts, error) {
			if strings.TrimSpace(id) == "" || strings.Contains(id, "/") {
				return nil, fmt.Errorf("expected %s, for example %q (the %s data source lists them); got %q", what, example, listedBy, id)
			}
			return importParts{"id": id}, nil
		},
		format: func(p importParts) string { return p["id"] },
	}
}

// merchantScopedID is the import ID form "<merchant_id>/<name>".
func merchantScopedID(merchantID int64, name string) string {
	return strconv.FormatInt(merchantID, 10) + "/" + name
}

// parseMerchantScopedID splits an import ID "<merchant_id>/<name>"; label
// and example say in the error what a valid ID looks like.
func parseMerchantScopedID(id, label, example string) (int64, string, error) {
	merchant, name, ok := strings.Cut(id, "/")
	merchantID, err := parseMerchantID(merchant)
	if !ok || err != nil || name == "" || strings.Contains(name, "/") {
		return 0, "", fmt.Errorf("expected an ID of the form <merchant_id>/<%s> with a positive numeric "+
			"merchant ID, for example %q; got %q", label, example, id)
	}
	return merchantID, name, nil
}

// parseMerchantID reads a merchant ID as an import ID or part of one. Only
// the canonical form is accepted ("1001", not "+1001" or "01001"), so the
// ID in state is the one the user imported.
func parseMerchantID(s string) (int64, error) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 1 || strconv.FormatInt(id, 10) != s {
		return 0, fmt.Errorf("expected a positive numeric merchant ID such as \"1001\", got %q", s)
	}
	return id, nil
}
