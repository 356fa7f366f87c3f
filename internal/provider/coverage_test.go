// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"io/fs"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// The kinds of type the provider registers, named as Terraform addresses
// them: a resource by its type name alone (cardpay_store), the others after
// a prefix (data.cardpay_stores, ephemeral..., list..., action...). The
// cross-type tables are keyed the same way.
const (
	kindResource  = "resource"
	kindData      = "data"
	kindEphemeral = "ephemeral"
	kindList      = "list"
	kindAction    = "action"
	// kindFunction is a provider function (provider::cardpay::name). It
	// joins no cross-type table: each function's tests cover its bad
	// arguments (function_<name>_test.go), and it has no service calls or
	// secrets in state. It has its docs example.
	kindFunction = "function"
)

var allKinds = []string{kindResource, kindData, kindEphemeral, kindList, kindAction}

// providerType is one type the provider registers.
type providerType struct {
	kind, name string
	// importable and identity say whether a resource can be imported, and
	// by identity.
	importable, identity bool
}

// key is the type's key in the cross-type tables.
func (p providerType) key() string {
	if p.kind == kindResource {
		return p.name
	}
	return p.kind + "." + p.name
}

func (p providerType) String() string { return p.kind + " " + p.name }

// registeredTypes lists every type the provider serves, named as its
// schema names them to Terraform; a resource also says whether it can be
// imported, and by identity.
func registeredTypes(t *testing.T) []providerType {
	t.Helper()
	ctx := context.Background()
	schema, err := protocolServer(t).GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var types []providerType
	for _, newResource := range New("test")().Resources(ctx) {
		r := newResource()
		var resp resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "cardpay"}, &resp)
		_, importable := r.(resource.ResourceWithImportState)
		_, identity := r.(resource.ResourceWithIdentity)
		types = append(types, providerType{kind: kindResource, name: resp.TypeName, importable: importable, identity: identity})
	}
	for kind, names := range map[string]iter.Seq[string]{
		kindData:      maps.Keys(schema.DataSourceSchemas),
		kindEphemeral: maps.Keys(schema.EphemeralResourceSchemas),
		kindList:      maps.Keys(schema.ListResourceSchemas),
		kindAction:    maps.Keys(schema.ActionSchemas),
		kindFunction:  maps.Keys(schema.Functions),
	} {
		for name := range names {
			types = append(types, providerType{kind: kind, name: name})
		}
	}
	slices.SortFunc(types, func(a, b providerType) int { return strings.Compare(a.String(), b.String()) })
	return types
}

// The cross-type tables hold the cases that every type of some kinds must
// have: badInputs, secretsUses, ambiguousCreates, identityTests and
// inPlaceUpdates, each beside the test that runs its cases. A type adds its
// rows from an init function at the end of its own test file
// (resource_store_test.go for cardpay_store, data_source_stores_test.go for
// data.cardpay_stores), keyed as Terraform addresses the type, with a variant
// after a space where it has several cases:
//
//	func init() {
//		addRows(badInputs, map[string]badInput{
//			"cardpay_store e-mail": {config: ..., attr: "email", want: ...},
//		})
//	}
//
// TestCoverage fails, saying what to add where, for a registered type that
// lacks a row.

// rowFiles are the test files each row key was added from.
var rowFiles = map[string][]string{}

// addRows adds a type's rows to a cross-type table.
func addRows[T any](table, rows map[string]T) {
	_, file, _, _ := runtime.Caller(1)
	for key, row := range rows {
		if _, ok := table[key]; ok {
			panic(fmt.Sprintf("%s adds the row %q, which the table already holds", filepath.Base(file), key))
		}
		table[key] = row
		rowFiles[key] = append(rowFiles[key], filepath.Base(file))
	}
}

// crossTypeTable is a table of cases that must hold every type of its
// kinds, as the coverage check sees it.
type crossTypeTable struct {
	name    string // the table's variable
	rowType string // the type of its rows
	file    string // where the table and its test are
	kinds   []string
	entries map[string]tableEntryKind
	// entry shows the fields of a row, for the failure message.
	entry string
}

// tableEntry is an entry of a cross-type table: a test case, or an
// exception that says why the type has none.
type tableEntry interface {
	hasCase() bool
	exception() string
}

// tableEntryKind is what the coverage check needs to know of an entry.
type tableEntryKind struct {
	isCase    bool
	exception string
}

func newCrossTypeTable[T tableEntry](name, rowType, file string, kinds []string, entry string, table map[string]T) crossTypeTable {
	entries := make(map[string]tableEntryKind, len(table))
	for key, e := range table {
		entries[key] = tableEntryKind{isCase: e.hasCase(), exception: strings.TrimSpace(e.exception())}
	}
	return crossTypeTable{name: name, rowType: rowType, file: file, kinds: kinds, entries: entries, entry: entry}
}

// crossTypeTables are the tables every new type must join.
func crossTypeTables() []crossTypeTable {
	return []crossTypeTable{
		newCrossTypeTable("identityTests", "identityTest", "identity_test.go", []string{kindResource},
			`{addr: ..., config: ..., identity: ...}`, identityTests),
		// Not data sources and list resources: they only read, so a lost
		// answer changes nothing at the service (readsOnly).
		newCrossTypeTable("ambiguousCreates", "ambiguousCreate", "faults_test.go", []string{kindResource, kindEphemeral, kindAction},
			`{route: ..., config: ..., want: ..., held: ...}`, ambiguousCreates),
		newCrossTypeTable("badInputs", "badInput", "bad_input_test.go", allKinds,
			`{config: ..., attr: ..., want: ...}`, badInputs),
		newCrossTypeTable("secretsUses", "secretsUse", "secrets_test.go", allKinds,
			`{config: ...}`, secretsUses),
		newCrossTypeTable("inPlaceUpdates", "inPlaceUpdate", "resource_update_plans_test.go", []string{kindResource},
			`{addr: ..., config: ..., changed: ..., attr: ..., want: ...}`, inPlaceUpdates),
	}
}

// problems says what the table lacks for the type, and what it holds that
// is not a registered type.
func (tbl crossTypeTable) problems(types []providerType) []string {
	var out []string
	known := map[string]bool{}
	for _, typ := range types {
		known[typ.key()] = true
		if !slices.Contains(tbl.kinds, typ.kind) {
			continue
		}
		if !slices.ContainsFunc(slices.Collect(maps.Keys(tbl.entries)), func(key string) bool { return tableKeyType(key) == typ.key() }) {
			out = append(out, fmt.Sprintf("%s has no row in %s (%s): add to the init function of %s "+
				"addRows(%s, map[string]%s{%q: %s}), or the row %q: {except: \"why it has none\"}",
				typ, tbl.name, tbl.file, testFileOf(typ.kind, typ.name), tbl.name, tbl.rowType, typ.key(), tbl.entry, typ.key()))
		}
	}
	for key, e := range tbl.entries {
		switch {
		case !known[tableKeyType(key)]:
			out = append(out, fmt.Sprintf("%s has a row %q, but the provider registers no such type: "+
				"rename it after the type (prefixed data., ephemeral., list. or action. unless a resource) or remove it", tbl.name, key))
		case e.isCase == (e.exception != ""):
			out = append(out, fmt.Sprintf("%s: the row %q must be either a case or an exception with its reason (except: \"why\")",
				tbl.name, key))
		}
	}
	return out
}

// rowFileProblems says which rows a file other than their type's own test
// file adds.
func rowFileProblems(files map[string][]string) []string {
	var out []string
	for key, added := range files {
		want := testFileOf(kindAndType(key))
		for _, file := range added {
			if file != want {
				out = append(out, fmt.Sprintf("%s adds the row %q: add it from %s, the test file of its type", file, key, want))
			}
		}
	}
	return out
}

// testFileOf is the test file of a type, named as its source file is.
func testFileOf(kind, name string) string {
	prefix := map[string]string{kindData: "data_source", kindEphemeral: "ephemeral", kindList: "list",
		kindAction: "action", kindFunction: "function"}[kind]
	if prefix == "" {
		prefix = "resource"
	}
	return prefix + "_" + strings.TrimPrefix(name, "cardpay_") + "_test.go"
}

// tableKeyType is the type a table key names: the key up to the first
// space, after which a variant may follow ("cardpay_store adopted").
func tableKeyType(key string) string {
	typ, _, _ := strings.Cut(key, " ")
	return typ
}

// docDirs are where each kind keeps its examples, and its templates where
// it has its own (data sources, ephemeral and list resources use the
// default template).
var docDirs = map[string]struct{ examples, example, templates string }{
	kindResource:  {"examples/resources", "resource.tf", "templates/resources"},
	kindData:      {"examples/data-sources", "data-source.tf", ""},
	kindEphemeral: {"examples/ephemeral-resources", "ephemeral-resource.tf", ""},
	kindList:      {"examples/list-resources", "list-resource.tfquery.hcl", ""},
	kindAction:    {"examples/actions", "action.tf", "templates/actions"},
	kindFunction:  {"examples/functions", "function.tf", ""},
}

// docProblems says which files of the docs the type lacks in repo: its
// template, its example and, for a resource that can be imported, its
// import examples.
func docProblems(typ providerType, repo fs.FS) []string {
	dirs, ok := docDirs[typ.kind]
	if !ok {
		return []string{fmt.Sprintf("%s: no docs layout is known for the kind %q: add it to docDirs", typ, typ.kind)}
	}
	examples := dirs.examples + "/" + typ.name + "/"
	want := []string{examples + dirs.example}
	if dirs.templates != "" {
		want = append(want, dirs.templates+"/"+strings.TrimPrefix(typ.name, "cardpay_")+".md.tmpl")
	}
	if typ.importable {
		want = append(want, examples+"import.sh", examples+"import-by-string-id.tf")
	}
	if typ.identity {
		want = append(want, examples+"import-by-identity.tf")
	}
	var out []string
	for _, path := range want {
		if _, err := fs.Stat(repo, path); err != nil {
			out = append(out, fmt.Sprintf("%s has no %s: add it (the docs are generated from it)", typ, path))
		}
	}
	return out
}

// coverageProblems is everything the provider's types lack: a row in a
// cross-type table, added from the type's own test file, a template, an
// example or an import example. Tables, row files and the repository are
// arguments, so a test can show what a gap reports.
func coverageProblems(types []providerType, tables []crossTypeTable, files map[string][]string, repo fs.FS) []string {
	out := rowFileProblems(files)
	for _, tbl := range tables {
		out = append(out, tbl.problems(types)...)
	}
	for _, typ := range types {
		out = append(out, docProblems(typ, repo)...)
	}
	slices.Sort(out)
	return out
}

// Every registered type has a row in every cross-type table of its kind
// (a case, or an exception that says why it has none), added from its own
// test file, and has its template, example and import examples.
func TestCoverage(t *testing.T) {
	types := registeredTypes(t)
	if len(types) < 20 {
		t.Fatalf("the provider registers %d types, fewer than it did when this test was written: %v", len(types), types)
	}
	for _, problem := range coverageProblems(types, crossTypeTables(), rowFiles, os.DirFS("../..")) {
		t.Error(problem)
	}
}

// kindAndType splits a table key such as "data.cardpay_stores merchant 0"
// into the kind (kindData) and the type name (cardpay_stores).
func kindAndType(key string) (kind, typeName string) {
	address, _, _ := strings.Cut(key, " ")
	if prefix, name, ok := strings.Cut(address, "."); ok {
		return prefix, name
	}
	return kindResource, address
}
