// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Command provenance writes the release's provenance statement: an in-toto
// Statement (v1) with a SLSA Provenance v1 predicate whose subjects are the
// files given (the archives and the registry manifest, by SHA-256), naming
// the repository and commit built, the Go toolchain and the release tools.
// scripts/release.sh runs it; the statement is reproducible, so it carries
// no time: the commit's is in git.
//
//	go run ./scripts/provenance -commit SHA -version V -tool goreleaser=v2.16.0 FILE...
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

const repository = "https://github.com/cardpay/terraform-provider-cardpay"

type statement struct {
	Type          string    `json:"_type"`
	Subject       []subject `json:"subject"`
	PredicateType string    `json:"predicateType"`
	Predicate     predicate `json:"predicate"`
}

type subject struct {
	Name   string            `json:"name"`
	Digest map[string]string `json:"digest"`
}

type predicate struct {
	BuildDefinition buildDefinition `json:"buildDefinition"`
	RunDetails      runDetails      `json:"runDetails"`
}

type buildDefinition struct {
	BuildType            string               `json:"buildType"`
	ExternalParameters   map[string]any       `json:"externalParameters"`
	ResolvedDependencies []resourceDescriptor `json:"resolvedDependencies"`
}

type resourceDescriptor struct {
	URI    string            `json:"uri"`
	Digest map[string]string `json:"digest,omitempty"`
}

type runDetails struct {
	Builder builder `json:"builder"`
}

type builder struct {
	ID      string            `json:"id"`
	Version map[string]string `json:"version"`
}

// toolList is -tool name=version, repeated.
type toolList map[string]string

func (t toolList) String() string { return fmt.Sprint(map[string]string(t)) }

func (t toolList) Set(s string) error {
	name, version, ok := strings.Cut(s, "=")
	if !ok || name == "" || version == "" {
		return fmt.Errorf("want name=version, got %q", s)
	}
	t[name] = version
	return nil
}

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "provenance:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("provenance", flag.ContinueOnError)
	commit := fs.String("commit", "", "the full commit hash built")
	version := fs.String("version", "", "the release's version, such as 0.1.0")
	tools := toolList{}
	fs.Var(tools, "tool", "a release tool and its version, name=version (repeat)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *commit == "" || *version == "" || fs.NArg() == 0 {
		return errors.New("usage: provenance -commit SHA -version V [-tool name=version] FILE [FILE]")
	}
	subjects, err := digests(fs.Args())
	if err != nil {
		return err
	}
	tools["go"] = runtime.Version()
	st := statement{
		Type:          "https://in-toto.io/Statement/v1",
		Subject:       subjects,
		PredicateType: "https://slsa.dev/provenance/v1",
		Predicate: predicate{
			BuildDefinition: buildDefinition{
				BuildType: repository + "/blob/" + *commit + "/DEVELOPERS.md#releases",
				ExternalParameters: map[string]any{
					"repository": repository,
					"commit":     *commit,
					"version":    *version,
				},
				ResolvedDependencies: []resourceDescriptor{{
					URI:    "git+" + repository + ".git",
					Digest: map[string]string{"gitCommit": *commit},
				}},
			},
			RunDetails: runDetails{Builder: builder{
				ID:      repository + "/blob/" + *commit + "/scripts/release.sh",
				Version: tools,
			}},
		},
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(st)
}

// digests are the subjects: each file by its base name and SHA-256, in
// the order of their names.
func digests(paths []string) ([]subject, error) {
	var subjects []subject
	for _, path := range paths {
		sum, err := fileSHA256(path)
		if err != nil {
			return nil, err
		}
		subjects = append(subjects, subject{Name: filepath.Base(path), Digest: map[string]string{"sha256": sum}})
	}
	slices.SortFunc(subjects, func(a, b subject) int { return strings.Compare(a.Name, b.Name) })
	return subjects, nil
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
