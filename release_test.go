// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/mod/sumdb/dirhash"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
)

// TestRelease checks the release that `make release-snapshot` built into
// CARDPAY_RELEASE_DIST (dist/; `make release-test` runs it) as a partner
// receives it: the signature of SHA256SUMS, that SHA256SUMS lists every zip
// and the registry manifest, and then, with each CLI of the matrix, an
// install from a filesystem mirror (no dev_overrides) and a plan against a
// sandbox, in which the provider reports the release's version, and
// `providers lock -fs-mirror` for every platform of the release.
func TestRelease(t *testing.T) {
	rel := openRelease(t)
	t.Logf("release %s in %s: %s", rel.version, rel.dir, strings.Join(rel.platforms(), ", "))

	t.Run("signature", func(t *testing.T) {
		// gpgv trusts only the keys it is given: the public key of the
		// key that signed (scripts/release-snapshot.sh exports it).
		keyring, err := filepath.Abs(filepath.Join(rel.dir, "signing-key.gpg"))
		if err != nil {
			t.Fatal(err)
		}
		out, err := exec.CommandContext(t.Context(), "gpgv", "--keyring", keyring, rel.sums+".sig", rel.sums).CombinedOutput()
		if err != nil {
			t.Fatalf("gpgv does not accept the signature of %s: %v\n%s", filepath.Base(rel.sums), err, out)
		}
	})

	t.Run("checksums", func(t *testing.T) {
		zips, err := filepath.Glob(filepath.Join(rel.dir, "*.zip"))
		if err != nil {
			t.Fatal(err)
		}
		for _, zip := range zips {
			if _, listed := rel.sha256[filepath.Base(zip)]; !listed {
				t.Errorf("%s is not in %s", filepath.Base(zip), filepath.Base(rel.sums))
			}
		}
		for name, want := range rel.sha256 {
			if got := fileSHA256(t, filepath.Join(rel.dir, name)); got != want {
				t.Errorf("%s has SHA-256 %s, but %s lists %s", name, got, filepath.Base(rel.sums), want)
			}
		}
		if _, ok := rel.zips[runtime.GOOS+"_"+runtime.GOARCH]; !ok {
			t.Errorf("no zip for %s_%s, the platform the install tests run on", runtime.GOOS, runtime.GOARCH)
		}
	})

	// HCP Terraform and the Registry take the provider's protocol versions
	// from the manifest, and refuse a release whose SHA256SUMS lacks it.
	t.Run("manifest", func(t *testing.T) {
		name := fmt.Sprintf("terraform-provider-cardpay_%s_manifest.json", rel.version)
		if _, listed := rel.sha256[name]; !listed {
			t.Fatalf("%s is not in %s", name, filepath.Base(rel.sums))
		}
		var manifest struct {
			Version  int
			Metadata struct {
				ProtocolVersions []string `json:"protocol_versions"`
			}
		}
		data, err := os.ReadFile(filepath.Join(rel.dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &manifest); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if manifest.Version != 1 || !slices.Equal(manifest.Metadata.ProtocolVersions, []string{"6.0"}) {
			t.Errorf("%s has version %d and protocol versions %q, want version 1 and protocol 6.0 (the provider serves protocol 6)",
				name, manifest.Version, manifest.Metadata.ProtocolVersions)
		}
	})

	mirror := rel.mirror(t)
	agents := &userAgents{}
	sb := sandboxtest.Start(t, sandboxtest.Wrap(agents.record))
	for _, name := range releaseCLIs(t) {
		t.Run("install with "+name, func(t *testing.T) {
			t.Setenv("TF_ACC_TERRAFORM_PATH", cliBinary(t, name))
			testInstallFromMirror(t, rel, mirror, sb, agents)
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

// testInstallFromMirror installs the release as a partner without access
// to the registry does, with the CLI of TF_ACC_TERRAFORM_PATH: the zips in
// a filesystem mirror, a CLI configuration that takes the provider from
// there (README.md, "Installing a release from a mirror"), and a lock file
// committed by a colleague who installed the release from the registry.
func testInstallFromMirror(t *testing.T, rel *release, mirror string, sb *sandboxtest.Sandbox, agents *userAgents) {
	cli, err := tfcli.Identify(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	host := cli.Registry()
	t.Logf("%s (%s), provider %s/cardpay/cardpay", cli, tfcli.Binary(), host)
	cliConfig := filepath.Join(t.TempDir(), "mirror.tfrc")
	writeFile(t, cliConfig, readmeMirrorConfig(t, mirror, host))
	// Runs the CLI with this configuration only: no provider of ours is
	// built (tfcli.Provider.Dir).
	p := &tfcli.Provider{CLIConfig: cliConfig}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "main.tf"), fmt.Sprintf(`terraform {
  required_providers {
    cardpay = {
      source  = "cardpay/cardpay"
      version = %q
    }
  }
}

provider "cardpay" {}

data "cardpay_stores" "merchant" {
  merchant_id = 1001
}

resource "cardpay_payment_method" "mobilepay" {
  merchant_id = 1002
  method      = "mobilepay"
}
`, rel.version))
	// The lock file as init writes it from a registry: the zh: hash of
	// every zip of the release, which the registry takes from the signed
	// SHA256SUMS. init must find the mirror's zip among them.
	zh := rel.zhHashes()
	writeFile(t, filepath.Join(dir, ".terraform.lock.hcl"), lockFile(host, rel.version, zh))
	env := append(sb.Env(), "TF_PLUGIN_CACHE_DIR=") // from the mirror, not a cache

	terraform(t, dir, p, env, "init", "-input=false", "-no-color")
	platform := runtime.GOOS + "_" + runtime.GOARCH
	installed := filepath.Join(dir, ".terraform", "providers", host, "cardpay", "cardpay", rel.version, platform,
		"terraform-provider-cardpay_v"+rel.version)
	if _, err := os.Stat(installed); err != nil {
		t.Errorf("init did not install the release's binary: %v", err)
	}

	agents.take()
	out := terraform(t, dir, p, env, "plan", "-input=false", "-no-color")
	if !strings.Contains(out, "Plan: 1 to add, 0 to change, 0 to destroy.") {
		t.Errorf("plan does not add the payment method:\n%s", out)
	}
	// The provider names its version in the User-Agent of every request
	// (provider.userAgent): the binary of the release reports the release.
	sent := agents.take()
	if len(sent) == 0 {
		t.Error("the plan sent no request to the sandbox")
	}
	for _, ua := range sent {
		if !strings.HasPrefix(ua, "terraform-provider-cardpay/"+rel.version+" ") {
			t.Errorf("a request of the plan has User-Agent %q, want terraform-provider-cardpay/%s", ua, rel.version)
		}
	}

	// What a partner runs to record every platform's hash from the mirror:
	// one h1: hash (of the zip's contents) per platform joins the zh:
	// hashes. Each must be that of the zip SHA256SUMS lists.
	args := []string{"providers", "lock", "-no-color", "-fs-mirror=" + mirror}
	for _, target := range rel.platforms() {
		args = append(args, "-platform="+target)
	}
	terraform(t, dir, p, env, args...)
	got := lockedHashes(t, filepath.Join(dir, ".terraform.lock.hcl"), host, rel.version)
	want := slices.Sorted(slices.Values(slices.Concat(zh, rel.h1)))
	if !slices.Equal(got, want) {
		t.Errorf("after providers lock, the lock file has the hashes\n%s\nwant the zh: hashes of SHA256SUMS and the h1: hashes of those zips:\n%s",
			strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// readmeMirrorConfig is the CLI configuration README.md gives partners
// ("Installing a release from a mirror"), for this mirror and, as the
// README says to write for OpenTofu, this registry host.
func readmeMirrorConfig(t *testing.T, mirror, host string) string {
	t.Helper()
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```hcl\n([ \t]*provider_installation [{].*?)```").FindSubmatch(readme)
	const readmeMirror = `"/srv/terraform-mirror"`
	if m == nil || !bytes.Contains(m[1], []byte(readmeMirror)) {
		t.Fatalf("README.md has no provider_installation block with the mirror %s", readmeMirror)
	}
	config := strings.ReplaceAll(string(m[1]), readmeMirror, strconv.Quote(mirror))
	return strings.ReplaceAll(config, "registry.terraform.io", host)
}

// release is the release in a dist/ directory, as make release-snapshot
// writes it.
type release struct {
	dir     string
	version string // such as 0.0.1-snapshot-68d6961
	sums    string // the path of its SHA256SUMS
	// sha256 maps the files SHA256SUMS lists to their hex SHA-256.
	sha256 map[string]string
	// zips maps each platform (linux_amd64) to its zip's file name.
	zips map[string]string
	// h1 are the hashes of the zips' contents, which Terraform and
	// OpenTofu record for a provider installed from a mirror.
	h1 []string
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
	rel := &release{dir: dir, sums: sums[0], sha256: map[string]string{}, zips: map[string]string{}}
	rel.version = strings.TrimSuffix(strings.TrimPrefix(filepath.Base(sums[0]), "terraform-provider-cardpay_"), "_SHA256SUMS")
	data, err := os.ReadFile(rel.sums)
	if err != nil {
		t.Fatal(err)
	}
	zipName := regexp.MustCompile(`^terraform-provider-cardpay_` + regexp.QuoteMeta(rel.version) + `_([a-z0-9]+_[a-z0-9]+)\.zip$`)
	for line := range strings.Lines(string(data)) {
		sum, name, ok := strings.Cut(strings.TrimSpace(line), "  ")
		if !ok {
			t.Fatalf("%s: malformed line %q", rel.sums, line)
		}
		rel.sha256[name] = sum
		if m := zipName.FindStringSubmatch(name); m != nil {
			rel.zips[m[1]] = name
		}
	}
	if len(rel.zips) == 0 {
		t.Fatalf("%s lists no zip", rel.sums)
	}
	for _, name := range rel.zips {
		h, err := dirhash.HashZip(filepath.Join(dir, name), dirhash.Hash1)
		if err != nil {
			t.Fatal(err)
		}
		rel.h1 = append(rel.h1, h)
	}
	return rel
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

// mirror lays the zips out as a filesystem mirror in the layout `terraform
// providers mirror` writes (<host>/cardpay/cardpay/<zip>), under the
// registry host of Terraform and that of OpenTofu.
func (rel *release) mirror(t *testing.T) string {
	t.Helper()
	mirror := t.TempDir()
	for _, host := range []string{"registry.terraform.io", "registry.opentofu.org"} {
		dir := filepath.Join(mirror, host, "cardpay", "cardpay")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, name := range rel.zips {
			linkOrCopy(t, filepath.Join(rel.dir, name), filepath.Join(dir, name))
		}
	}
	return mirror
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

// userAgents records the User-Agent of each request a sandbox receives.
type userAgents struct {
	mu   sync.Mutex
	seen []string
}

func (u *userAgents) record(_ sandboxtest.Host, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u.mu.Lock()
		u.seen = append(u.seen, r.UserAgent())
		u.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

// take returns the User-Agents recorded since the last take.
func (u *userAgents) take() []string {
	u.mu.Lock()
	defer u.mu.Unlock()
	seen := u.seen
	u.seen = nil
	return seen
}
