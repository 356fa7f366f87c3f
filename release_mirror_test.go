// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"encoding/pem"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-containerregistry/pkg/registry"
)

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
