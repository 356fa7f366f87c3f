// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
)

// The check fails, saying which table and what to add where, for a type
// removed from a table; and for a stale row, a row that is neither a case
// nor an exception, a row added from another type's file, and new types
// with nothing yet: a resource, and a data source, which has no create to
// lose. It reports only how the check failed: a real gap of the provider
// is TestCoverage's to report, so it neither fails this test nor mixes
// with its output.
func TestCoverageReportsGaps(t *testing.T) {
	for _, problem := range coverageSelfTest(registeredTypes(t), crossTypeTables(), rowFiles, os.DirFS("../..")) {
		t.Error(problem)
	}
}

// A real gap (here a row missing from the tables the self-test starts
// from) leaves the self-test with nothing to say.
func TestCoverageReportsGaps_realGapsAreNotItsOwn(t *testing.T) {
	tables := crossTypeTables()
	for _, tbl := range tables {
		delete(tbl.entries, "data.cardpay_webhooks")
	}
	types, repo := registeredTypes(t), os.DirFS("../..")
	if len(coverageProblems(types, tables, rowFiles, repo)) == 0 {
		t.Fatal("removing the rows of data.cardpay_webhooks made no gap: the test would prove nothing")
	}
	if problems := coverageSelfTest(types, tables, rowFiles, repo); len(problems) > 0 {
		t.Errorf("with a real gap the self-test reported:\n%s", strings.Join(problems, "\n"))
	}
}

// coverageSelfTest makes gaps of every kind in copies of tables and files
// and says how the check's report differs from the lines they should add
// to its report of the tables as given (the real gaps): nothing when the
// check works.
func coverageSelfTest(types []providerType, tables []crossTypeTable, files map[string][]string, repo fs.FS) []string {
	realGaps := coverageProblems(types, tables, files, repo)
	byName := map[string]crossTypeTable{}
	for _, tbl := range tables {
		tbl.entries = maps.Clone(tbl.entries)
		byName[tbl.name] = tbl
	}
	for key := range byName["badInputs"].entries {
		if tableKeyType(key) == "cardpay_store" {
			delete(byName["badInputs"].entries, key)
		}
	}
	delete(byName["identityTests"].entries, "cardpay_interapp_registration")
	byName["ambiguousCreates"].entries["cardpay_stores"] = tableEntryKind{exception: "stale"}
	byName["secretsUses"].entries["data.cardpay_stores"] = tableEntryKind{}
	files = maps.Clone(files)
	files["data.cardpay_stores merchant -1"] = []string{"data_source_stores_test.go", "bad_input_test.go"}
	refund := providerType{kind: kindResource, name: "cardpay_refund", importable: true}
	refunds := providerType{kind: kindData, name: "cardpay_refunds"}

	got := coverageProblems(append(slices.Clone(types), refund, refunds), slices.Collect(maps.Values(byName)), files, repo)
	want := []string{
		`resource cardpay_store has no row in badInputs (bad_input_test.go): add to the init function of ` +
			`resource_store_test.go addRows(badInputs, map[string]badInput{"cardpay_store": {config: ..., attr: ..., want: ...}}), ` +
			`or the row "cardpay_store": {except: "why it has none"}`,
		`resource cardpay_interapp_registration has no row in identityTests (identity_test.go): add to the init function of ` +
			`resource_interapp_registration_test.go addRows(identityTests, map[string]identityTest{` +
			`"cardpay_interapp_registration": {addr: ..., config: ..., identity: ...}}), ` +
			`or the row "cardpay_interapp_registration": {except: "why it has none"}`,
		`ambiguousCreates has a row "cardpay_stores", but the provider registers no such type: ` +
			`rename it after the type (prefixed data., ephemeral., list. or action. unless a resource) or remove it`,
		`secretsUses: the row "data.cardpay_stores" must be either a case or an exception with its reason (except: "why")`,
		`bad_input_test.go adds the row "data.cardpay_stores merchant -1": add it from data_source_stores_test.go, the test file of its type`,
		`resource cardpay_refund has no examples/resources/cardpay_refund/import-by-string-id.tf: add it (the docs are generated from it)`,
		`resource cardpay_refund has no examples/resources/cardpay_refund/import.sh: add it (the docs are generated from it)`,
		`resource cardpay_refund has no examples/resources/cardpay_refund/resource.tf: add it (the docs are generated from it)`,
		`resource cardpay_refund has no templates/resources/refund.md.tmpl: add it (the docs are generated from it)`,
		`data cardpay_refunds has no examples/data-sources/cardpay_refunds/data-source.tf: add it (the docs are generated from it)`,
		`data cardpay_refunds has no row in badInputs (bad_input_test.go): add to the init function of ` +
			`data_source_refunds_test.go addRows(badInputs, map[string]badInput{"data.cardpay_refunds": {config: ..., attr: ..., want: ...}}), ` +
			`or the row "data.cardpay_refunds": {except: "why it has none"}`,
		`data cardpay_refunds has no row in secretsUses (secrets_test.go): add to the init function of ` +
			`data_source_refunds_test.go addRows(secretsUses, map[string]secretsUse{"data.cardpay_refunds": {config: ...}}), ` +
			`or the row "data.cardpay_refunds": {except: "why it has none"}`,
	}
	for _, tbl := range byName {
		want = append(want, fmt.Sprintf(`resource cardpay_refund has no row in %s (%s): add to the init function of `+
			`resource_refund_test.go addRows(%s, map[string]%s{"cardpay_refund": %s}), or the row "cardpay_refund": `+
			`{except: "why it has none"}`, tbl.name, tbl.file, tbl.name, tbl.rowType, tbl.entry))
	}
	var out []string
	for _, line := range without(want, realGaps) {
		if !slices.Contains(got, line) {
			out = append(out, "the check does not report: "+line)
		}
	}
	for _, line := range without(got, realGaps) {
		if !slices.Contains(want, line) {
			out = append(out, "the check reports what it should not: "+line)
		}
	}
	return out
}

// without is lines less those in drop.
func without(lines, drop []string) []string {
	return slices.DeleteFunc(slices.Clone(lines), func(line string) bool { return slices.Contains(drop, line) })
}
