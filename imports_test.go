// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"os/exec"
	"strings"
	"testing"
)

// Test support stays in tests: no package of the module imports testing
// outside its _test.go files, and the bench, a program, links neither
// testing nor the OpenAPI validator of the contract checks (its measuring
// seams are the provider's test-only hook, bench_hook_test.go).
func TestNoTestSupportOutsideTests(t *testing.T) {
	for _, line := range goList(t, "-f", `{{.ImportPath}}:{{range .Imports}} {{.}}{{end}}`, "./...") {
		pkg, imports, _ := strings.Cut(line, ":")
		for _, imp := range strings.Fields(imports) {
			if imp == "testing" {
				t.Errorf("%s imports testing outside its tests", pkg)
			}
		}
	}
	for _, dep := range goList(t, "-deps", "./scripts/bench") {
		if dep == "testing" || dep == "github.com/pb33f/libopenapi-validator" {
			t.Errorf("the bench links %s", dep)
		}
	}
}

// goList runs go list with args and returns its lines.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.CommandContext(t.Context(), "go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", strings.Join(args, " "), err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}
