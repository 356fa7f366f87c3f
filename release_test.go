// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/sumdb/dirhash"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
)

// TestRelease checks the release that `make release-snapshot` built into
// CARDPAY_RELEASE_DIST (dist/; `make release-test` runs it) as a partner
// receives it: SECURITY.md's verification commands, that the provider's
// SHA256SUMS lists its zips and the registry manifest and nothing else and
// cardpay-release_<version>_SHA256SUMS every file, the sandbox's zips for
// every platform of the provider's, the SBOMs, the provenance and the
// sandbox's container image (release_image_test.go). Then,
// with each CLI of the matrix, an install from a filesystem mirror and from
// a network mirror (and, on OpenTofu, an OCI mirror) built from the release
// alone, with a plan against a sandbox in which the provider reports the
// release's version, and the hashes each records in the lock file.
func TestRelease(t *testing.T) {
	rel := openRelease(t)
	t.Logf("release %s in %s: %s", rel.version, rel.dir, strings.Join(rel.platforms(), ", "))

	t.Run("verify as SECURITY.md says", func(t *testing.T) { testVerifyAsDocumented(t, rel) })
	t.Run("signing refuses other keys", func(t *testing.T) { testSigningRefusesOtherKeys(t, rel) })

	t.Run("checksums", func(t *testing.T) {
		zips, err := filepath.Glob(filepath.Join(rel.dir, "terraform-provider-cardpay_*.zip"))
		if err != nil {
			t.Fatal(err)
		}
		for _, zip := range zips {
			if _, listed := rel.sha256[filepath.Base(zip)]; !listed {
				t.Errorf("%s is not in %s", filepath.Base(zip), filepath.Base(rel.sums))
			}
		}
		// What the Terraform Registry expects: the provider's zips and
		// the manifest, nothing else.
		manifest := fmt.Sprintf("terraform-provider-cardpay_%s_manifest.json", rel.version)
		if want := len(rel.zips) + 1; len(rel.sha256) != want {
			t.Errorf("%s lists %d files, want the %d zips and %s only: %v", filepath.Base(rel.sums), len(rel.sha256), len(rel.zips), manifest, slices.Sorted(maps.Keys(rel.sha256)))
		}
		for name, want := range rel.sha256 {
			if got := fileSHA256(t, filepath.Join(rel.dir, name)); got != want {
				t.Errorf("%s has SHA-256 %s, but %s lists %s", name, got, filepath.Base(rel.sums), want)
			}
			if rel.all[name] != want {
				t.Errorf("%s: the provider's SHA256SUMS lists %s, cardpay-release_%s_SHA256SUMS %s", name, want, rel.version, rel.all[name])
			}
		}
		if _, ok := rel.zips[runtime.GOOS+"_"+runtime.GOARCH]; !ok {
			t.Errorf("no zip for %s_%s, the platform the install tests run on", runtime.GOOS, runtime.GOARCH)
		}
		if got, want := slices.Sorted(maps.Keys(rel.sandboxZips)), rel.platforms(); !slices.Equal(got, want) {
			t.Errorf("the sandbox's zips are for %v, want every platform of the provider's: %v", got, want)
		}
		// cardpay-release_<version>_SHA256SUMS: every file but the
		// checksum files, their signatures and the keys.
		var want []string
		for _, name := range rel.published(t) {
			if !strings.Contains(name, "SHA256SUMS") && !strings.HasPrefix(name, "cardpay-release-key") && name != "cardpay-cosign.pub" {
				want = append(want, name)
			}
		}
		if got := slices.Sorted(maps.Keys(rel.all)); !slices.Equal(got, want) {
			t.Errorf("cardpay-release_%s_SHA256SUMS lists\n%v\nwant every file of the release:\n%v", rel.version, got, want)
		}
	})

	// HCP Terraform and the Registry take the provider's protocol versions
	// from the manifest, and refuse a release whose SHA256SUMS lacks it.
	t.Run("manifest", func(t *testing.T) {
		name := fmt.Sprintf("terraform-provider-cardpay_%s_manifest.json", rel.version)
		var manifest struct {
			Version  int
			Metadata struct {
				ProtocolVersions []string `json:"protocol_versions"`
			}
		}
		readJSONFile(t, filepath.Join(rel.dir, name), &manifest)
		if manifest.Version != 1 || !slices.Equal(manifest.Metadata.ProtocolVersions, []string{"6.0"}) {
			t.Errorf("%s has version %d and protocol versions %q, want version 1 and protocol 6.0 (the provider serves protocol 6)",
				name, manifest.Version, manifest.Metadata.ProtocolVersions)
		}
	})
	t.Run("SBOMs", func(t *testing.T) { testSBOMs(t, rel) })
	t.Run("provenance", func(t *testing.T) { testProvenance(t, rel) })
	t.Run("container image", func(t *testing.T) { testReleaseImage(t, rel) })
	t.Run("go install of the sandbox", func(t *testing.T) { testGoInstallSandbox(t, rel) })
	t.Run("rebuild", func(t *testing.T) { testRebuild(t, rel) })

	mirrors := rel.mirrors(t)
	agents := &sandboxtest.UserAgents{}
	sb := sandboxtest.Start(t, sandboxtest.Wrap(agents.Record))
	for _, name := range releaseCLIs(t) {
		t.Run("install with "+name, func(t *testing.T) {
			t.Setenv("TF_ACC_TERRAFORM_PATH", cliBinary(t, name))
			t.Run("filesystem mirror", func(t *testing.T) { testInstallFromMirror(t, rel, mirrors.filesystem, sb, agents) })
			t.Run("network mirror", func(t *testing.T) { testInstallFromMirror(t, rel, mirrors.network, sb, agents) })
			t.Run("OCI mirror", func(t *testing.T) { testInstallFromMirror(t, rel, mirrors.oci, sb, agents) })
		})
	}
}

// releaseCLIs are the CLIs of the test matrix (MATRIX_CLIS, which make
// release-test sets from the GNUmakefile), as ../shared/tools/cli-path
// names them (CLI_PATH_TOOL, as for make test-matrix); without it, the
// terraform make test uses. One that cli-path cannot give is skipped,
// saying why.
func releaseCLIs(t *testing.T) []string {
	clis := strings.Fields(os.Getenv("MATRIX_CLIS"))
	if len(clis) == 0 {
		t.Log("MATRIX_CLIS is not set: installing with the terraform make test uses only")
		return []string{"terraform"}
	}
	return clis
}

// cliBinary returns the path of a CLI: "terraform" is the one make test
// uses (TF_ACC_TERRAFORM_PATH, else PATH), the others come from cli-path.
func cliBinary(t *testing.T, name string) string {
	t.Helper()
	if name == "terraform" {
		bin, err := exec.LookPath(tfcli.Binary())
		if err != nil {
			t.Fatal(err)
		}
		return bin
	}
	tool := os.Getenv("CLI_PATH_TOOL")
	if tool == "" {
		tool = filepath.Join("..", "shared", "tools", "cli-path")
	}
	if _, err := os.Stat(tool); err != nil {
		t.Skipf("%s not found: no %s to provide it", name, tool)
	}
	out, err := exec.CommandContext(t.Context(), tool, name).Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			err = fmt.Errorf("%w: %s", err, bytes.TrimSpace(exit.Stderr))
		}
		t.Skipf("%s not found: %s %s: %v", name, tool, name, err)
	}
	return strings.TrimSpace(string(out))
}

// release is the release in a dist/ directory, as make release-snapshot
// writes it.
type release struct {
	dir     string
	version string // such as 0.0.1-snapshot-68d6961
	sums    string // the path of the provider's SHA256SUMS
	// sha256 maps the files the provider's SHA256SUMS lists to their hex
	// SHA-256; all those of cardpay-release_<version>_SHA256SUMS.
	sha256, all map[string]string
	// zips and sandboxZips map each platform (linux_amd64) to the file
	// name of the provider's zip and of the sandbox's.
	zips, sandboxZips map[string]string
	// h1 maps each platform to the hash of its zip's contents, which
	// Terraform and OpenTofu record for a provider installed from a mirror.
	h1 map[string]string
}

// openRelease reads the release in CARDPAY_RELEASE_DIST, or skips t
// without one.
func openRelease(t *testing.T) *release {
	t.Helper()
	dir := os.Getenv("CARDPAY_RELEASE_DIST")
	if dir == "" {
		t.Skip("checks a release: run make release-snapshot, then make release-test")
	}
	sums, err := filepath.Glob(filepath.Join(dir, "terraform-provider-cardpay_*_SHA256SUMS"))
	if err != nil || len(sums) != 1 {
		t.Fatalf("want one terraform-provider-cardpay_<version>_SHA256SUMS in %s, found %q (%v)", dir, sums, err)
	}
	rel := &release{dir: dir, sums: sums[0], zips: map[string]string{}, sandboxZips: map[string]string{}, h1: map[string]string{}}
	rel.version = strings.TrimSuffix(strings.TrimPrefix(filepath.Base(sums[0]), "terraform-provider-cardpay_"), "_SHA256SUMS")
	rel.sha256 = readSums(t, rel.sums)
	rel.all = readSums(t, filepath.Join(dir, "cardpay-release_"+rel.version+"_SHA256SUMS"))
	zipName := regexp.MustCompile(`^(terraform-provider-cardpay|cardpay-sandbox)_` + regexp.QuoteMeta(rel.version) + `_([a-z0-9]+_[a-z0-9]+)\.zip$`)
	for name := range rel.all {
		switch m := zipName.FindStringSubmatch(name); {
		case m == nil:
		case m[1] == "cardpay-sandbox":
			rel.sandboxZips[m[2]] = name
		default:
			rel.zips[m[2]] = name
		}
	}
	if len(rel.zips) == 0 {
		t.Fatalf("cardpay-release_%s_SHA256SUMS lists no zip of the provider", rel.version)
	}
	for platform, name := range rel.zips {
		h, err := dirhash.HashZip(filepath.Join(dir, name), dirhash.Hash1)
		if err != nil {
			t.Fatal(err)
		}
		rel.h1[platform] = h
	}
	return rel
}

// readSums reads a SHA256SUMS file: the SHA-256 of each file it lists.
func readSums(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sums := map[string]string{}
	for line := range strings.Lines(string(data)) {
		sum, name, ok := strings.Cut(strings.TrimSpace(line), "  ")
		if !ok {
			t.Fatalf("%s: malformed line %q", path, line)
		}
		sums[name] = sum
	}
	return sums
}

// published lists the files of dist/ that the release publishes, sorted:
// not goreleaser's own (metadata, build directories, its config).
func (rel *release) published(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(rel.dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && (strings.Contains(e.Name(), "_"+rel.version+"_") || strings.HasPrefix(e.Name(), "cardpay-release-key") || e.Name() == "cardpay-cosign.pub") {
			names = append(names, e.Name())
		}
	}
	return names
}

func (rel *release) platforms() []string { return slices.Sorted(maps.Keys(rel.zips)) }

// zhHashes are the zips' hashes as a registry records them in lock files:
// zh: and the SHA-256 that SHA256SUMS lists.
func (rel *release) zhHashes() []string {
	var hashes []string
	for _, name := range rel.zips {
		hashes = append(hashes, "zh:"+rel.sha256[name])
	}
	return hashes
}

func linkOrCopy(t *testing.T, src, dst string) {
	t.Helper()
	if os.Link(src, dst) == nil {
		return
	}
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

func fileSHA256(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// lockFile is a dependency lock file with one provider, as init writes it.
func lockFile(host, version string, hashes []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "provider %q {\n  version     = %q\n  constraints = %q\n  hashes = [\n", host+"/cardpay/cardpay", version, version)
	for _, h := range slices.Sorted(slices.Values(hashes)) {
		fmt.Fprintf(&b, "    %q,\n", h)
	}
	b.WriteString("  ]\n}\n")
	return b.String()
}

// lockedHashes returns the hashes the lock file records for the provider,
// sorted, after checking that it records this provider at this version
// and no other.
func lockedHashes(t *testing.T, path, host, version string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lock := string(data)
	providers := regexp.MustCompile(`(?m)^provider "([^"]+)"`).FindAllStringSubmatch(lock, -1)
	if len(providers) != 1 || providers[0][1] != host+"/cardpay/cardpay" ||
		!regexp.MustCompile(`(?m)^\s*version\s*=\s*"`+regexp.QuoteMeta(version)+`"$`).MatchString(lock) {
		t.Fatalf("the lock file does not record %s/cardpay/cardpay %s alone:\n%s", host, version, lock)
	}
	var hashes []string
	for _, m := range regexp.MustCompile(`"((?:h1|zh):[^"]+)"`).FindAllStringSubmatch(lock, -1) {
		hashes = append(hashes, m[1])
	}
	slices.Sort(hashes)
	return hashes
}
