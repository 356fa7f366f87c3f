// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// Each resource type that can be imported declares its string import ID
// form in its own file (importIDForm) and reads its IDs with it. The
// functions parse_import_id and import_id find the forms here, through the
// registered resources, so an ID the functions accept or build is one
// that import accepts.

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

// importable is a resource type with a string import ID.
type importable interface {
	resource.Resource
	// importIDForm is the form of the type's import ID.
	importIDForm() importIDForm
}

// importIDForms are the import ID forms of the registered resource types,
// by type name.
func importIDForms() map[string]importIDForm {
	ctx := context.Background()
	forms := map[string]importIDForm{}
	for _, newResource := range (&cardpayProvider{}).Resources(ctx) {
		if r, ok := newResource().(importable); ok {
			var meta resource.MetadataResponse
			r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "cardpay"}, &meta)
			forms[meta.TypeName] = r.importIDForm()
		}
	}
	return forms
}

// importIDTypes are the resource types of importIDForms, sorted.
func importIDTypes() []string { return slices.Sorted(maps.Keys(importIDForms())) }

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
