// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Command doclinks fails when a relative link of a Markdown file does not
// resolve: to a file or directory that exists, and for a link with a
// #fragment into a Markdown file, to one of its headings. make docs-check
// runs it on docs/ and the top-level Markdown files, whose links must work
// in the repository (the provider is not on the Registry yet, so links to
// its Registry pages would be dead).
//
//	go run ./scripts/doclinks docs README.md DEVELOPERS.md
package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

func main() {
	var broken []string
	for _, root := range os.Args[1:] {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(path) != ".md" {
				return err
			}
			problems, err := checkFile(path)
			broken = append(broken, problems...)
			return err
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "doclinks:", err)
			os.Exit(2)
		}
	}
	if len(broken) > 0 {
		fmt.Fprintf(os.Stderr, "%d broken relative links:\n  %s\n", len(broken), strings.Join(broken, "\n  "))
		os.Exit(1)
	}
}

// link matches an inline Markdown link's target: [text](target).
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// checkFile returns "file: target: why" for each link of path that does
// not resolve. Code blocks are skipped: their brackets are not links.
func checkFile(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var problems []string
	for _, target := range linkTargets(string(data)) {
		if why := resolve(path, target); why != "" {
			problems = append(problems, fmt.Sprintf("%s: %s: %s", path, target, why))
		}
	}
	return problems, nil
}

func linkTargets(text string) []string {
	var targets []string
	inCode := false
	for line := range strings.Lines(text) {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inCode = !inCode
			continue
		}
		if inCode {
			continue
		}
		for _, m := range link.FindAllStringSubmatch(line, -1) {
			targets = append(targets, m[1])
		}
	}
	return targets
}

// resolve explains why a link target does not resolve from the file at
// path, or returns "" when it does or is not relative.
func resolve(path, target string) string {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return ""
	}
	file, fragment, _ := strings.Cut(target, "#")
	dest := path
	if file != "" {
		dest = filepath.Join(filepath.Dir(path), file)
		if _, err := os.Stat(dest); err != nil {
			return "no such file"
		}
	}
	if fragment == "" || filepath.Ext(dest) != ".md" {
		return ""
	}
	anchors, err := headingAnchors(dest)
	if err != nil {
		return err.Error()
	}
	if !anchors[fragment] {
		return "no heading with this anchor"
	}
	return ""
}

// htmlAnchor matches the anchors tfplugindocs writes for nested
// attributes, such as <a id="nestedatt--balance"></a>.
var htmlAnchor = regexp.MustCompile(`<a id="([^"]+)">`)

// headingAnchors returns the anchors of a Markdown file: those GitHub and
// the Registry give its headings (lower case, punctuation dropped, spaces
// made hyphens) and its HTML anchors.
func headingAnchors(path string) (map[string]bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	anchors := map[string]bool{}
	inCode := false
	for line := range strings.Lines(string(data)) {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") {
			inCode = !inCode
		}
		if inCode {
			continue
		}
		for _, m := range htmlAnchor.FindAllStringSubmatch(line, -1) {
			anchors[m[1]] = true
		}
		if strings.HasPrefix(trimmed, "#") {
			anchors[slug(strings.TrimLeft(trimmed, "# "))] = true
		}
	}
	return anchors, nil
}

func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || ('a' <= r && r <= 'z') || ('0' <= r && r <= '9'):
			b.WriteRune(r)
		}
	}
	return b.String()
}
