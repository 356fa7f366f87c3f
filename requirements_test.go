// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// goVersionInDocs matches where the docs ask for a Go version, such as
// "Go 1.25.8 or newer" or "Go 1.25.8 or later".
var goVersionInDocs = regexp.MustCompile(`Go (\d+\.\d+(?:\.\d+)?) or (?:newer|later)`)

// Every page that asks for a Go version asks for the one go.mod needs
// (its go directive): an older Go refuses the module, or, offline,
// cannot fetch the toolchain it needs.
func TestDocsAskForTheGoVersionOfGoMod(t *testing.T) {
	gomod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	directive := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(gomod)
	if directive == nil {
		t.Fatal("go.mod has no go directive")
	}
	want := string(directive[1])
	pages := []string{"README.md", "DEVELOPERS.md"}
	guides, err := filepath.Glob("templates/guides/*.md.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	for _, page := range append(pages, guides...) {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range goVersionInDocs.FindAllStringSubmatch(string(text), -1) {
			asked++
			if m[1] != want {
				t.Errorf("%s asks for %q; go.mod needs Go %s: write %q", page, m[0], want,
					strings.Replace(m[0], m[1], want, 1))
			}
		}
	}
	if asked == 0 {
		t.Error("no page asks for a Go version: the README should say which one go.mod needs")
	}
}
