// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"testing"
)

// The release (.goreleaser.yml) and the local build (GNUmakefile) set
// variables of this package through -ldflags -X. An -X naming a variable
// that does not exist is silently ignored by the linker, so this test keeps
// both files and main.go in agreement.
func TestLdflagsSetDeclaredVariables(t *testing.T) {
	declared := stringVars(t, "main.go")
	var sets [][]string
	for _, file := range []string{".goreleaser.yml", "GNUmakefile"} {
		content, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, m := range ldflagsX.FindAllStringSubmatch(string(content), -1) {
			names = append(names, m[1])
			if !slices.Contains(declared, m[1]) {
				t.Errorf("%s sets main.%s, which main.go does not declare as a string variable", file, m[1])
			}
		}
		slices.Sort(names)
		sets = append(sets, slices.Compact(names))
	}
	if !slices.Equal(sets[0], sets[1]) {
		t.Errorf(".goreleaser.yml sets %v but GNUmakefile sets %v", sets[0], sets[1])
	}
	if !slices.Contains(sets[0], "version") {
		t.Error("the release does not set main.version, which the provider reports to Terraform")
	}
}

var ldflagsX = regexp.MustCompile(`-X main\.(\w+)=`)

// stringVars lists the package-level variables of file initialised with a
// string literal, the only kind -X can set.
func stringVars(t *testing.T, file string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, decl := range f.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.VAR {
			continue
		}
		for _, spec := range gen.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for i, name := range vs.Names {
				if i < len(vs.Values) {
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						names = append(names, name.Name)
					}
				}
			}
		}
	}
	return names
}
