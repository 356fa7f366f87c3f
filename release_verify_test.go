// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
)

// The release keys as SECURITY.md and README.md name them: the fingerprint
// of the committed cardpay-release-key.asc and the SHA-256 of the committed
// cardpay-cosign.pub. Runs with make test, without a release.
func TestReleaseKeysDocumented(t *testing.T) {
	fpr := keyFingerprint(t, "cardpay-release-key.asc")
	cosignSum := fileSHA256(t, "cardpay-cosign.pub")
	security := readText(t, "SECURITY.md")
	for _, want := range []string{"fpr:::::::::" + fpr + ":", spacedFingerprint(fpr), cosignSum + "  cardpay-cosign.pub"} {
		if !strings.Contains(security, want) {
			t.Errorf("SECURITY.md does not say %q (from cardpay-release-key.asc and cardpay-cosign.pub)", want)
		}
	}
	if readme := readText(t, "README.md"); !strings.Contains(readme, spacedFingerprint(fpr)) {
		t.Errorf("README.md does not give the release key's fingerprint %s", spacedFingerprint(fpr))
	}
}

// The testing-modules guide verifies the sandbox's zip, and finds the
// image's digest, with SECURITY.md's commands: each of its lines that
// runs gpg, gpgv, sha256sum or awk is one of SECURITY.md's verification
// block, the release key's fingerprint included. Runs with make test.
func TestGuideVerifiesAsSecurityMD(t *testing.T) {
	security := shellBlock(t, "SECURITY.md", "gpgv --keyring")
	checked := 0
	for _, file := range []string{"get-release.sh", "image-digest.sh"} {
		for line := range strings.Lines(readText(t, filepath.Join(testingModulesGuide, file))) {
			command, _, _ := strings.Cut(strings.TrimSpace(line), " ")
			if !slices.Contains([]string{"gpg", "gpgv", "sha256sum", "awk"}, command) {
				continue
			}
			checked++
			if !strings.Contains(security, line) {
				t.Errorf("%s: %q is not one of SECURITY.md's verification commands", file, strings.TrimSpace(line))
			}
		}
	}
	if checked < 5 {
		t.Errorf("the guide has %d verification commands, want at least the fingerprint, dearmor, gpgv, sha256sum and digest lines", checked)
	}
}

// testVerifyAsDocumented runs SECURITY.md's verification commands, word for
// word, in a directory holding the release's files as a partner downloads
// them. The snapshot is signed with throwaway keys, so the fingerprint and
// the cosign key's SHA-256 of the release keys are replaced by theirs, and
// the version by the snapshot's. It checks that every command succeeds and
// that the output shows the commit, the framework's version from go.mod,
// the binary's -version line and, twice, the image's digest: the SHA-256
// the checksum file lists for the image index, and the index in the tar.
func testVerifyAsDocumented(t *testing.T, rel *release) {
	script := shellBlock(t, "SECURITY.md", "gpgv --keyring")
	script = strings.NewReplacer(
		keyFingerprint(t, "cardpay-release-key.asc"), keyFingerprint(t, filepath.Join(rel.dir, "cardpay-release-key.asc")),
		fileSHA256(t, "cardpay-cosign.pub"), fileSHA256(t, filepath.Join(rel.dir, "cardpay-cosign.pub")),
	).Replace(script)
	script = withVersion(script, rel.version)
	dir := t.TempDir()
	for _, name := range rel.published(t) {
		linkOrCopy(t, filepath.Join(rel.dir, name), filepath.Join(dir, name))
	}
	out := runScript(t, dir, script, "GNUPGHOME="+t.TempDir())
	for _, want := range []string{
		rel.provenance(t).Predicate.BuildDefinition.ExternalParameters.Commit + "\n",
		"github.com/hashicorp/terraform-plugin-framework " + goModVersion(t, "github.com/hashicorp/terraform-plugin-framework") + "\n",
		fmt.Sprintf("terraform-provider-cardpay %s (commit %s, %s linux/amd64)\n",
			rel.version, rel.provenance(t).Predicate.BuildDefinition.ExternalParameters.Commit, rel.provenance(t).Predicate.RunDetails.Builder.Version["go"]),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the verification commands do not print %q:\n%s", want, out)
		}
	}
	if files := rel.imageFiles(); files != nil {
		if digest := "sha256:" + rel.all[files[1]] + "\n"; strings.Count(out, digest) != 2 {
			t.Errorf("the verification commands do not print the image's digest %q twice:\n%s", digest, out)
		}
	}
}

// Each archive, the provider's and the sandbox's, has an SBOM that lists
// terraform-plugin-framework at the version go.mod pins (the sandbox does
// not link it: its SBOM lists the module itself at the release's version).
func testSBOMs(t *testing.T, rel *release) {
	framework := goModVersion(t, "github.com/hashicorp/terraform-plugin-framework")
	for _, zip := range slices.Concat(slices.Collect(maps.Values(rel.zips)), slices.Collect(maps.Values(rel.sandboxZips))) {
		var sbom struct {
			BOMFormat string
			Metadata  struct {
				Timestamp string
				Component struct{ Name, Version string }
			}
			Components []struct{ Name, Version string }
		}
		readJSONFile(t, filepath.Join(rel.dir, zip+".sbom.json"), &sbom)
		if sbom.BOMFormat != "CycloneDX" || sbom.Metadata.Component.Name != "github.com/cardpay/terraform-provider-cardpay" {
			t.Errorf("%s.sbom.json is no CycloneDX SBOM of the module: format %q, component %q", zip, sbom.BOMFormat, sbom.Metadata.Component.Name)
		}
		if sbom.Metadata.Timestamp != "" {
			t.Errorf("%s.sbom.json has the time %s, which a rebuild would change", zip, sbom.Metadata.Timestamp)
		}
		if !strings.HasPrefix(zip, "terraform-provider-cardpay_") {
			continue
		}
		if !slices.Contains(sbom.Components, struct{ Name, Version string }{"github.com/hashicorp/terraform-plugin-framework", framework}) {
			t.Errorf("%s.sbom.json does not list github.com/hashicorp/terraform-plugin-framework %s (go.mod): %v", zip, framework, sbom.Components)
		}
	}
}

// The provenance's subjects are exactly the files the provider's
// SHA256SUMS lists (its zips and the manifest), the sandbox's zips and its
// container image (the tar file and the image index), with the digests
// cardpay-release_<version>_SHA256SUMS gives them; it names the commit,
// the Go toolchain and the release tools.
func testProvenance(t *testing.T, rel *release) {
	p := rel.provenance(t)
	got := map[string]string{}
	for _, s := range p.Subject {
		got[s.Name] = s.Digest["sha256"]
	}
	want := map[string]string{}
	for name, sum := range rel.sha256 {
		want[name] = sum
	}
	for _, name := range slices.Concat(slices.Collect(maps.Values(rel.sandboxZips)), rel.imageFiles()) {
		want[name] = rel.all[name]
	}
	if !maps.Equal(got, want) {
		t.Errorf("the provenance's subjects are\n%v\nwant the provider's SHA256SUMS, the sandbox's zips and image:\n%v", got, want)
	}
	if p.Type != "https://in-toto.io/Statement/v1" || p.PredicateType != "https://slsa.dev/provenance/v1" {
		t.Errorf("the provenance is a %q with a %q predicate, want an in-toto Statement v1 with SLSA provenance v1", p.Type, p.PredicateType)
	}
	params := p.Predicate.BuildDefinition.ExternalParameters
	if !regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(params.Commit) || params.Version != rel.version {
		t.Errorf("the provenance names commit %q and version %q, want a full commit hash and %s", params.Commit, params.Version, rel.version)
	}
	tools := p.Predicate.RunDetails.Builder.Version
	if tools["go"] != runtime.Version() || !strings.HasPrefix(tools["goreleaser"], "v2.") || tools["cyclonedx-gomod"] == "" {
		t.Errorf("the provenance names the tools %v, want go %s, goreleaser and cyclonedx-gomod", tools, runtime.Version())
	}
}

// A release (not a snapshot) is signed with the release keys and no
// other: scripts/release-sign.sh refuses the snapshot's throwaway key
// before it signs anything.
func testSigningRefusesOtherKeys(t *testing.T, rel *release) {
	dir := t.TempDir()
	sums := filepath.Join(dir, "SHA256SUMS")
	writeFile(t, sums, "test\n")
	other := keyFingerprint(t, filepath.Join(rel.dir, "cardpay-release-key.asc"))
	if other == keyFingerprint(t, "cardpay-release-key.asc") {
		t.Skip("dist/ is a release, signed with the release key: the refusal of another key is checked on snapshots")
	}
	cmd := exec.CommandContext(t.Context(), "bash", "scripts/release-sign.sh", sums)
	cmd.Env = append(os.Environ(), "RELEASE_KIND=release", "GPG_FINGERPRINT="+other, "GNUPGHOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "refusing to sign a release: GPG_FINGERPRINT is '"+other+"', not the release key") {
		t.Errorf("release-sign.sh with another key: %v\n%s\nwant a refusal naming the key", err, out)
	}
	if matches, _ := filepath.Glob(sums + ".*"); len(matches) > 0 {
		t.Errorf("release-sign.sh refused but wrote %v", matches)
	}
}

type provenance struct {
	Type          string `json:"_type"`
	PredicateType string
	Subject       []struct {
		Name   string
		Digest map[string]string
	}
	Predicate struct {
		BuildDefinition struct {
			ExternalParameters struct{ Commit, Version, Repository string }
		}
		RunDetails struct {
			Builder struct {
				ID      string
				Version map[string]string
			}
		}
	}
}

func (rel *release) provenance(t *testing.T) provenance {
	t.Helper()
	var p provenance
	readJSONFile(t, filepath.Join(rel.dir, "cardpay-release_"+rel.version+"_provenance.intoto.json"), &p)
	return p
}

// keyFingerprint is the fingerprint of an armored public key file.
func keyFingerprint(t *testing.T, path string) string {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), "gpg", "--batch", "--show-keys", "--with-colons", path)
	cmd.Env = append(os.Environ(), "GNUPGHOME="+t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gpg --show-keys %s: %v", path, err)
	}
	m := regexp.MustCompile(`(?m)^fpr:::::::::([0-9A-F]{40}):`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("%s has no fingerprint:\n%s", path, out)
	}
	return string(m[1])
}

// spacedFingerprint writes a fingerprint as gpg prints it: ten groups of
// four, two spaces in the middle.
func spacedFingerprint(fpr string) string {
	var groups []string
	for i := 0; i < len(fpr); i += 4 {
		groups = append(groups, fpr[i:i+4])
	}
	return strings.Join(groups[:5], " ") + "  " + strings.Join(groups[5:], " ")
}

// shellBlock is the ```sh block of a Markdown file that contains marker.
func shellBlock(t *testing.T, file, marker string) string {
	t.Helper()
	for _, m := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(readText(t, file), -1) {
		if strings.Contains(m[1], marker) {
			return m[1]
		}
	}
	t.Fatalf("%s has no sh block with %q", file, marker)
	return ""
}

// runScript runs script in dir as a reader's shell does, stopping at the
// first failing command, and returns its output.
func runScript(t *testing.T, dir, script string, env ...string) string {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), "bash", "-euo", "pipefail", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n--- script:\n%s\n--- output:\n%s", err, script, out)
	}
	return string(out)
}

func goModVersion(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range f.Require {
		if r.Mod.Path == path {
			return r.Mod.Version
		}
	}
	t.Fatalf("go.mod does not require %s", path)
	return ""
}

func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func readJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
