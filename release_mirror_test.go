// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"encoding/pem"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-containerregistry/pkg/registry"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
)

// testInstallFromMirror installs the release from a mirror as a partner
// without access to the registry does, with the CLI of
// TF_ACC_TERRAFORM_PATH and the CLI configuration README.md gives
// ("Installing a release from a mirror"): init in a new configuration,
// which records hashes in the lock file, a plan against a sandbox, and
// `providers lock` for every platform of the release; then init with a
// lock file committed by a colleague who installed the release from the
// registry (the zh: hashes of SHA256SUMS), which the mirror's zip must
// match. After each step the lock file must hold the hashes README.md says
// this CLI records from this kind of mirror (lockedByMirror).
func testInstallFromMirror(t *testing.T, rel *release, m *mirror, sb *sandboxtest.Sandbox, agents *sandboxtest.UserAgents) {
	cli, err := tfcli.Identify(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if m.kind == "OCI" && !cli.OCIMirrors() {
		t.Skipf("%s has no oci_mirror (OpenTofu 1.10 and later)", cli)
	}
	host := cli.Registry()
	t.Logf("%s (%s), provider %s/cardpay/cardpay from a %s mirror", cli, tfcli.Binary(), host, m.kind)
	cliConfig := filepath.Join(t.TempDir(), "mirror.tfrc")
	writeFile(t, cliConfig, m.config(host))
	// Runs the CLI with this configuration only: no provider of ours is
	// built (tfcli.Provider.Dir).
	p := &tfcli.Provider{CLIConfig: cliConfig}
	env := slices.Concat(sb.Env(), m.env, []string{"TF_PLUGIN_CACHE_DIR="}) // from the mirror, not a cache
	config := fmt.Sprintf(`terraform {
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
`, rel.version)
	checkLock := func(dir, step string) {
		t.Helper()
		got := lockedHashes(t, filepath.Join(dir, ".terraform.lock.hcl"), host, rel.version)
		want := rel.lockedByMirror(cli, m.kind, step)
		t.Logf("after %s, the lock file holds %s", step, rel.describeHashes(got))
		if !slices.Equal(got, want) {
			t.Errorf("after %s, the lock file holds %s:\n%s\nwant %s:\n%s", step, rel.describeHashes(got), strings.Join(got, "\n"),
				rel.describeHashes(want), strings.Join(want, "\n"))
		}
	}

	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "main.tf"), config)
	terraform(t, dir, p, env, "init", "-input=false", "-no-color")
	platform := runtime.GOOS + "_" + runtime.GOARCH
	installed := filepath.Join(dir, ".terraform", "providers", host, "cardpay", "cardpay", rel.version, platform,
		"terraform-provider-cardpay_v"+rel.version)
	if _, err := os.Stat(installed); err != nil {
		t.Errorf("init did not install the release's binary: %v", err)
	}
	checkLock(dir, "init")

	agents.Take()
	out := terraform(t, dir, p, env, "plan", "-input=false", "-no-color")
	if !strings.Contains(out, "Plan: 1 to add, 0 to change, 0 to destroy.") {
		t.Errorf("plan does not add the payment method:\n%s", out)
	}
	// The provider names its version in the User-Agent of every request
	// (provider.userAgent): the binary of the release reports the release.
	sent := agents.Take()
	if len(sent) == 0 {
		t.Error("the plan sent no request to the sandbox")
	}
	for _, ua := range sent {
		if !strings.HasPrefix(ua, "terraform-provider-cardpay/"+rel.version+" ") {
			t.Errorf("a request of the plan has User-Agent %q, want terraform-provider-cardpay/%s", ua, rel.version)
		}
	}

	// What a partner runs to record every platform's hash (README.md).
	args := append([]string{"providers", "lock", "-no-color"}, m.lockArgs...)
	for _, target := range rel.platforms() {
		args = append(args, "-platform="+target)
	}
	terraform(t, dir, p, env, args...)
	checkLock(dir, "providers lock")

	// The lock file as init writes it from a registry: the zh: hash of
	// every zip of the release, which the registry takes from the signed
	// SHA256SUMS. init must find the mirror's zip among them.
	dir = t.TempDir()
	writeFile(t, filepath.Join(dir, "main.tf"), config)
	writeFile(t, filepath.Join(dir, ".terraform.lock.hcl"), lockFile(host, rel.version, rel.zhHashes()))
	terraform(t, dir, p, env, "init", "-input=false", "-no-color")
	checkLock(dir, "init with the registry's lock file")
}

// A mirror of the release, built as README.md says ("Installing a release
// from a mirror") and configured with its CLI configuration block.
type mirror struct {
	kind string
	// config is the provider_installation block for a registry host.
	config func(host string) string
	// env trusts the test's certificate authority (the HTTPS mirrors).
	env []string
	// lockArgs are the providers lock flags that name the mirror.
	lockArgs []string
}

type releaseMirrors struct{ filesystem, network, oci *mirror }

// mirrors builds the three mirrors of the release once, for every CLI:
// the zips copied into a directory; a network mirror written by README's
// release-mirror command and served over HTTPS on 127.0.0.1 with a test
// certificate; and an OCI registry (go-containerregistry's, in this
// process, over TLS on 127.0.0.1) to which README's command pushes the
// release as an OpenTofu provider artifact.
func (rel *release) mirrors(t *testing.T) releaseMirrors {
	t.Helper()
	downloaded := t.TempDir()
	for _, name := range rel.published(t) {
		linkOrCopy(t, filepath.Join(rel.dir, name), filepath.Join(downloaded, name))
	}
	const readmeDir = "/srv/terraform-mirror"
	fsDir := t.TempDir()
	script := strings.ReplaceAll(shellBlock(t, "README.md", "cp terraform-provider-cardpay_"), readmeDir, fsDir)
	runScript(t, downloaded, withVersion(script, rel.version))
	filesystem := &mirror{kind: "filesystem", lockArgs: []string{"-fs-mirror=" + fsDir}}
	filesystem.config = readmeConfig(t, "filesystem_mirror", map[string]string{`"` + readmeDir + `"`: `"` + fsDir + `"`})

	proxy := localModuleProxy(t, rel)
	netDir := t.TempDir()
	script = strings.ReplaceAll(shellBlock(t, "README.md", "release-mirror@v${version} network"), readmeDir, netDir)
	runScript(t, downloaded, withVersion(script, rel.version), proxy...)
	netServer := httptest.NewTLSServer(http.FileServer(http.Dir(netDir)))
	t.Cleanup(netServer.Close)
	network := &mirror{kind: "network", env: trustServer(t, netServer), lockArgs: []string{"-net-mirror=" + netServer.URL + "/"}}
	network.config = readmeConfig(t, "network_mirror", map[string]string{"https://terraform-mirror.example.com/": netServer.URL + "/"})

	ociServer := httptest.NewTLSServer(registry.New(registry.Logger(log.New(io.Discard, "", 0))))
	t.Cleanup(ociServer.Close)
	ociHost := ociServer.Listener.Addr().String()
	// providers lock reads no OCI mirror (only the origin registry, a
	// filesystem or a network mirror): README.md has it read the zips.
	oci := &mirror{kind: "OCI", env: trustServer(t, ociServer), lockArgs: filesystem.lockArgs}
	script = strings.ReplaceAll(shellBlock(t, "README.md", "release-mirror@v${version} oci"), "registry.example.com", ociHost)
	runScript(t, downloaded, withVersion(script, rel.version), append(proxy, oci.env...)...)
	oci.config = readmeConfig(t, "oci_mirror", map[string]string{"registry.example.com": ociHost})
	return releaseMirrors{filesystem, network, oci}
}

// readmeConfig is README.md's provider_installation block with the given
// kind of mirror, with the replacements made, for a registry host: the
// README writes registry.terraform.io and says to write
// registry.opentofu.org for OpenTofu.
func readmeConfig(t *testing.T, kind string, replace map[string]string) func(host string) string {
	t.Helper()
	var block string
	for _, m := range regexp.MustCompile("(?s)```hcl\n([ \t]*provider_installation [{].*?)```").FindAllStringSubmatch(readText(t, "README.md"), -1) {
		if strings.Contains(m[1], kind+" {") {
			block = m[1]
		}
	}
	for old, replacement := range replace {
		if !strings.Contains(block, old) {
			t.Fatalf("README.md has no provider_installation block with a %s of %s", kind, old)
		}
		block = strings.ReplaceAll(block, old, replacement)
	}
	return func(host string) string {
		if strings.Contains(block, "registry.opentofu.org") {
			return block // the OCI mirror is OpenTofu's only
		}
		return strings.ReplaceAll(block, "registry.terraform.io", host)
	}
}

// trustServer writes the test server's certificate to a file and returns
// the environment in which Terraform, OpenTofu and Go programs trust it
// (on Linux, SSL_CERT_FILE replaces the system's roots).
func trustServer(t *testing.T, srv *httptest.Server) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ca.pem")
	writeFile(t, path, string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})))
	return []string{"SSL_CERT_FILE=" + path}
}

// withVersion sets the version a README or SECURITY.md block starts with
// (version=0.1.0) to the release's.
func withVersion(script, version string) string {
	return regexp.MustCompile(`(?m)^([ \t]*)version=\S+$`).ReplaceAllString(script, "${1}version="+version)
}
