// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-containerregistry/pkg/name"
	"github.com/google/go-containerregistry/pkg/registry"
	"github.com/google/go-containerregistry/pkg/v1/remote"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandboximage"
)

// imageFiles are the files of the sandbox's container image in the
// release: the OCI layout as a tar file, and its image index, whose SHA-256
// is the image's digest. None without a linux/amd64 or linux/arm64 sandbox.
func (rel *release) imageFiles() []string {
	if len(rel.imagePlatforms()) == 0 {
		return nil
	}
	return []string{
		fmt.Sprintf("cardpay-sandbox_%s_oci.tar", rel.version),
		fmt.Sprintf("cardpay-sandbox_%s_oci-index.json", rel.version),
	}
}

// imagePlatforms are the platforms the image must have: those of the
// linux/amd64 and linux/arm64 sandboxes the release has (scripts/release.sh
// builds the image from them).
func (rel *release) imagePlatforms() []string {
	var platforms []string
	for _, arch := range []string{"amd64", "arm64"} {
		if _, ok := rel.sandboxZips["linux_"+arch]; ok {
			platforms = append(platforms, "linux/"+arch)
		}
	}
	return platforms
}

// testReleaseImage checks the sandbox's container image as a container
// runtime takes it from the release: the tar file's OCI layout holds the
// image index the checksum file lists (so that its digest, which a partner
// pins, is signed), with an image for each linux platform of the release,
// whose configuration and labels name the release, and whose binary is the
// same bytes as the sandbox in that platform's zip (which its SBOM
// describes). The image of this machine's platform is run as a CI service
// runs it. The merchant module's tests against it, over TLS, run in
// TestExamplesGuides/testing-modules, which make release-test runs on the
// same release (the guide's GitHub Actions and GitLab CI jobs).
func testReleaseImage(t *testing.T, rel *release) {
	files, platforms := rel.imageFiles(), rel.imagePlatforms()
	if len(files) == 0 {
		for name := range rel.all {
			if strings.Contains(name, "_oci") {
				t.Errorf("the release has no linux/amd64 or linux/arm64 sandbox, but lists %s", name)
			}
		}
		t.Skip("no linux/amd64 or linux/arm64 sandbox in the release: no image")
	}
	for _, name := range files {
		if _, ok := rel.all[name]; !ok {
			t.Fatalf("cardpay-release_%s_SHA256SUMS does not list %s", rel.version, name)
		}
	}
	dir := filepath.Join(t.TempDir(), "layout")
	untar(t, filepath.Join(rel.dir, files[0]), dir)
	checkIndexFile(t, dir, filepath.Join(rel.dir, files[1]))

	commit := rel.provenance(t).Predicate.BuildDefinition.ExternalParameters.Commit
	images := checkSandboxImage(t, dir, sandboximage.Release{
		Version: rel.version, Commit: commit, CommitTime: commitTime(t, commit),
		Source: "https://github.com/cardpay/terraform-provider-cardpay",
	}, platforms)
	for _, platform := range platforms {
		img, ok := images[platform]
		if !ok {
			continue // reported by checkSandboxImage
		}
		zipName := rel.sandboxZips[strings.ReplaceAll(platform, "/", "_")]
		inImage, err := os.ReadFile(extractBinary(t, img))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(inImage, zipEntry(t, filepath.Join(rel.dir, zipName), "cardpay-sandbox")) {
			t.Errorf("the %s image's /cardpay-sandbox is not the cardpay-sandbox of %s", platform, zipName)
		}
	}
	t.Run("push as DEVELOPERS.md says", func(t *testing.T) { testPushImage(t, rel, files) })
	startImageAsService(t, images)
}

// testPushImage runs DEVELOPERS.md's push of the image word for word (the
// release's version, and a registry started here over TLS on 127.0.0.1 in
// place of REGISTRY) with crane at the version go.mod pins, and reads the
// image back from the registry by the digest the checksum file lists: the
// registry serves the release's image index under it, byte for byte.
func testPushImage(t *testing.T, rel *release, files []string) {
	srv := httptest.NewTLSServer(registry.New(registry.Logger(log.New(io.Discard, "", 0))))
	t.Cleanup(srv.Close)
	host := srv.Listener.Addr().String()
	script := shellBlock(t, "DEVELOPERS.md", "crane@")
	if pin := "crane@" + goModVersion(t, "github.com/google/go-containerregistry") + " push"; !strings.Contains(script, pin) {
		t.Errorf("DEVELOPERS.md's push does not run %s, the version go.mod pins", pin)
	}
	script = strings.ReplaceAll(withVersion(script, rel.version), "REGISTRY/", host+"/")
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "dist"), 0o755); err != nil {
		t.Fatal(err)
	}
	linkOrCopy(t, filepath.Join(rel.dir, files[0]), filepath.Join(dir, "dist", files[0]))
	out := runScript(t, dir, script, trustServer(t, srv)...)

	digest := "sha256:" + rel.all[files[1]]
	if want := host + "/cardpay-sandbox@" + digest + "\n"; !strings.Contains(out, want) {
		t.Errorf("the push does not print %q:\n%s", want, out)
	}
	ref, err := name.ParseReference(host + "/cardpay-sandbox@" + digest)
	if err != nil {
		t.Fatal(err)
	}
	desc, err := remote.Get(ref, remote.WithContext(t.Context()), remote.WithTransport(srv.Client().Transport))
	if err != nil {
		t.Fatalf("the registry does not serve %s: %v", ref, err)
	}
	index, err := os.ReadFile(filepath.Join(rel.dir, files[1]))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(desc.Manifest, index) {
		t.Errorf("the registry serves %s as\n%s\nnot as %s", ref, desc.Manifest, files[1])
	}
}

// untar unpacks a tar file of regular files and directories into dir.
func untar(t *testing.T, file, dir string) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr := tar.NewReader(f)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if !filepath.IsLocal(h.Name) {
			t.Fatalf("%s: entry %q is outside the directory", file, h.Name)
		}
		path := filepath.Join(dir, filepath.FromSlash(h.Name))
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(path, 0o755)
		case tar.TypeReg:
			var data []byte
			if data, err = io.ReadAll(tr); err == nil {
				err = errors.Join(os.MkdirAll(filepath.Dir(path), 0o755), os.WriteFile(path, data, 0o644))
			}
		default:
			t.Fatalf("%s: entry %q is neither a file nor a directory", file, h.Name)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// zipEntry is the content of the named file in a zip.
func zipEntry(t *testing.T, file, name string) []byte {
	t.Helper()
	r, err := zip.OpenReader(file)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	i := slices.IndexFunc(r.File, func(f *zip.File) bool { return f.Name == name })
	if i < 0 {
		t.Fatalf("%s has no %s", file, name)
	}
	rc, err := r.File[i].Open()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// commitTime is the time of a commit of this repository.
func commitTime(t *testing.T, commit string) time.Time {
	t.Helper()
	out, err := exec.CommandContext(t.Context(), "git", "show", "-s", "--format=%cI", commit).Output()
	if err != nil {
		t.Fatalf("git show %s: %v", commit, err)
	}
	when, err := time.Parse(time.RFC3339, strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatal(err)
	}
	return when
}
