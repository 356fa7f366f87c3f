// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/layout"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandboximage"
	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
)

// The sandbox's container image is checked as a partner's container
// runtime would take it: its OCI layout is read with go-containerregistry,
// each platform's configuration checked, and the host platform's binary
// run as the configuration says (entrypoint, environment), with the
// settings a CI service gives it (admin token, TLS); the test talks to it
// only through 127.0.0.1.
//
// It builds the image from this tree (two cross-compiled binaries), or
// checks the layout CARDPAY_SANDBOX_IMAGE names, such as the one of make
// sandbox-image.

// The release the test builds its image as.
var imageRelease = sandboximage.Release{
	Version: "0.0.0-test", Commit: "0123456789abcdef0123456789abcdef01234567",
	CommitTime: time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC), Source: "https://github.com/cardpay/terraform-provider-cardpay",
}

// imagePlatforms are the platforms the image has, as make sandbox-image
// builds it.
var imagePlatforms = []string{"linux/amd64", "linux/arm64"}

func TestSandboxImage(t *testing.T) {
	dir, release := os.Getenv("CARDPAY_SANDBOX_IMAGE"), imageRelease
	if dir == "" {
		dir = buildSandboxImage(t)
	} else {
		release = sandboximage.Release{} // the labels are checked for presence only
	}
	images := checkSandboxImage(t, dir, release, imagePlatforms)
	sb, caFile := startImageAsService(t, images)

	// The merchant module's tests against the sandbox, over TLS, with the
	// provider trusting the sandbox's CA (CARDPAY_CA_CERT_FILE, the
	// environment variable of ca_cert_file), as a partner's CI runs them;
	// with the testing-modules guide's tests beside them, whose helper
	// module authorizes a consent through the admin surface with the
	// admin token it is given (TF_VAR_admin_token), and without it is
	// refused.
	t.Run("merchant module", func(t *testing.T) {
		provider := tfcli.BuildForTest(t)
		work := copyDir(t, merchantModule)
		copyTree(t, filepath.Join(testingModulesGuide, "authorize"), filepath.Join(work, "tests", "sandbox", "authorize"))
		linkOrCopy(t, filepath.Join(testingModulesGuide, "setup.tftest.hcl"), filepath.Join(work, "tests", "sandbox", "setup.tftest.hcl"))
		env := []string{"CARDPAY_BASE_URL=" + sb, "CARDPAY_CA_CERT_FILE=" + caFile,
			"CARDPAY_PARTNER_CLIENT_ID=" + sandboxtest.Demo.ClientID, "CARDPAY_PARTNER_CLIENT_SECRET=" + sandboxtest.Demo.ClientSecret}
		terraform(t, work, provider, env, "get", "-test-directory=tests/sandbox")
		out := terraform(t, work, provider, append(env, "TF_VAR_admin_token=image-test-token"), "test", "-no-color", "-test-directory=tests/sandbox")
		if !strings.Contains(out, `run "authorize_consent"... pass`) || !strings.Contains(out, "Success! 5 passed, 0 failed.") {
			t.Errorf("with the admin token, the consent's authorization and every other run should pass:\n%s", out)
		}
		out, err := provider.Run(t.Context(), work, env, "test", "-no-color", "-test-directory=tests/sandbox", "-filter=tests/sandbox/setup.tftest.hcl")
		if err == nil || !strings.Contains(out, `run "authorize_consent"... fail`) || !strings.Contains(out, "returned error: 401") {
			t.Errorf("without the admin token, the consent's authorization should be refused (401): %v\n%s", err, out)
		}
	})
}

// testingModulesGuide holds the files of the testing-modules guide.
var testingModulesGuide = filepath.Join("examples", "guides", "testing-modules")

// checkSandboxImage reads the image's OCI layout in dir, checks that its
// index has exactly these platforms and each one's configuration, and
// returns the images by platform.
func checkSandboxImage(t *testing.T, dir string, release sandboximage.Release, platforms []string) map[string]v1.Image {
	t.Helper()
	images := readSandboxImage(t, dir)
	if got := slices.Sorted(maps.Keys(images)); !slices.Equal(got, slices.Sorted(slices.Values(platforms))) {
		t.Errorf("the image index has the platforms %v, want %v", got, platforms)
	}
	for _, platform := range platforms {
		t.Run(platform, func(t *testing.T) {
			img, ok := images[platform]
			if !ok {
				t.Fatalf("the index has no image for %s: %v", platform, slices.Sorted(maps.Keys(images)))
			}
			checkImageConfig(t, img, release)
		})
	}
	return images
}

// startImageAsService runs the image of this machine's platform as its
// configuration says, as a CI service runs it: without an admin token it
// must refuse to start (it listens on every interface); with a token and
// TLS it serves, and the checks below hold. It returns the sandbox's URL
// on 127.0.0.1 and the file of its CA. It skips t when the image has no
// platform to run here.
func startImageAsService(t *testing.T, images map[string]v1.Image) (url, caFile string) {
	t.Helper()
	host := runtime.GOOS + "/" + runtime.GOARCH
	img, ok := images[host]
	if !ok {
		t.Skipf("the image has no platform %s to run here", host)
	}
	binary := extractBinary(t, img)
	cfg, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}

	// As the image says, the sandbox listens on every interface, so it
	// starts only with the admin surface protected.
	if out, err := runEntrypoint(t, binary, cfg.Config, nil).CombinedOutput(); err == nil ||
		!strings.Contains(string(out), "refusing to listen on \"0.0.0.0:0\", which other machines can reach, with the admin surface open") {
		t.Errorf("the entrypoint without an admin token: %v\n%s\nwant a refusal to listen on every interface", err, out)
	}

	caFile = filepath.Join(t.TempDir(), "ca.pem")
	url = startEntrypoint(t, binary, cfg.Config, []string{
		"CARDPAY_SANDBOX_ADMIN_TOKEN=image-test-token",
		"CARDPAY_SANDBOX_TLS=true", "CARDPAY_SANDBOX_TLS_NAMES=cardpay-sandbox", "CARDPAY_SANDBOX_TLS_CA_OUT=" + caFile,
		"CARDPAY_SANDBOX_AUTO_ADVANCE=1s", "CARDPAY_SANDBOX_QUIET=true",
	})
	c := trustingClient(t, caFile)
	call := func(method, path string, header http.Header) int {
		t.Helper()
		req, _ := http.NewRequestWithContext(t.Context(), method, url+path, nil)
		req.Header = header
		resp, err := c.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		_ = resp.Body.Close()
		return resp.StatusCode
	}
	partner := http.Header{}
	partner.Set("X-Partner-Client-Id", sandboxtest.Demo.ClientID)
	partner.Set("X-Partner-Client-Secret", sandboxtest.Demo.ClientSecret)
	admin := http.Header{}
	admin.Set("Authorization", "Bearer image-test-token")
	for _, tc := range []struct {
		what, path string
		header     http.Header
		want       int
	}{
		{"readiness", "/_sandbox/ready", nil, 200},
		{"an API call with the demo credentials", "/v1/partner/merchants/1001/card-payments/payment-methods", partner, 200},
		{"the admin surface without the token", "/_sandbox/state", nil, 401},
		{"the admin surface with the token", "/_sandbox/state", admin, 200},
	} {
		if got := call(http.MethodGet, tc.path, tc.header); got != tc.want {
			t.Errorf("%s: GET %s = %d, want %d", tc.what, tc.path, got, tc.want)
		}
	}
	return url, caFile
}

// buildSandboxImage builds the binaries as make sandbox-image does, and
// the image from them twice: the two tar files must be the same bytes.
func buildSandboxImage(t *testing.T) string {
	t.Helper()
	work := t.TempDir()
	args := []string{"run", "./scripts/sandbox-image", "-version", imageRelease.Version, "-commit", imageRelease.Commit,
		"-commit-time", imageRelease.CommitTime.Format(time.RFC3339)}
	for _, platform := range imagePlatforms {
		goos, goarch, _ := strings.Cut(platform, "/")
		bin := filepath.Join(work, "cardpay-sandbox_"+goos+"_"+goarch)
		build := exec.CommandContext(t.Context(), "go", "build", "-trimpath", "-ldflags", "-s -w -buildid=", "-o", bin, "./cmd/cardpay-sandbox")
		build.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch)
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("build %s: %v\n%s", platform, err, out)
		}
		args = append(args, "-binary", platform+"="+bin)
	}
	var tarballs [][]byte
	for i := range 2 {
		layoutDir, tarFile := filepath.Join(work, "layout", string(rune('a'+i))), filepath.Join(work, string(rune('a'+i))+".tar")
		indexFile := filepath.Join(work, string(rune('a'+i))+"-index.json")
		if out, err := exec.CommandContext(t.Context(), "go", append(args, "-layout", layoutDir, "-tarball", tarFile, "-index", indexFile)...).CombinedOutput(); err != nil {
			t.Fatalf("scripts/sandbox-image: %v\n%s", err, out)
		}
		data, err := os.ReadFile(tarFile)
		if err != nil {
			t.Fatal(err)
		}
		tarballs = append(tarballs, data)
		checkIndexFile(t, layoutDir, indexFile)
	}
	if !bytes.Equal(tarballs[0], tarballs[1]) {
		t.Error("two builds of the image from the same binaries differ")
	}
	return filepath.Join(work, "layout", "a")
}

// layoutImageIndex returns the layout in dir and the descriptor of its one
// image index, found by its ref name in index.json.
func layoutImageIndex(t *testing.T, dir string) (v1.ImageIndex, v1.Descriptor) {
	t.Helper()
	top, err := layout.ImageIndexFromPath(dir)
	if err != nil {
		t.Fatal(err)
	}
	manifest, err := top.IndexManifest()
	if err != nil {
		t.Fatal(err)
	}
	if len(manifest.Manifests) != 1 || manifest.Manifests[0].Annotations[sandboximage.RefNameAnnotation] == "" {
		t.Fatalf("index.json lists %+v, want the one image index with its ref name", manifest.Manifests)
	}
	return top, manifest.Manifests[0]
}

// readSandboxImage reads the layout's image index and returns its images
// by platform.
func readSandboxImage(t *testing.T, dir string) map[string]v1.Image {
	t.Helper()
	top, desc := layoutImageIndex(t, dir)
	index, err := top.ImageIndex(desc.Digest)
	if err != nil {
		t.Fatal(err)
	}
	platforms, err := index.IndexManifest()
	if err != nil {
		t.Fatal(err)
	}
	images := map[string]v1.Image{}
	for _, platform := range platforms.Manifests {
		img, err := index.Image(platform.Digest)
		if err != nil {
			t.Fatal(err)
		}
		images[platform.Platform.OS+"/"+platform.Platform.Architecture] = img
	}
	return images
}

// checkIndexFile checks that indexFile is the image index of the layout
// in dir, byte for byte: its SHA-256 is then the image's digest.
func checkIndexFile(t *testing.T, dir, indexFile string) {
	t.Helper()
	_, desc := layoutImageIndex(t, dir)
	data, err := os.ReadFile(indexFile)
	if err != nil {
		t.Fatal(err)
	}
	want := desc.Digest
	if got := "sha256:" + fileSHA256(t, indexFile); got != want.String() {
		t.Errorf("%s has the digest %s, want the image index's %s", filepath.Base(indexFile), got, want)
	}
	blob, err := os.ReadFile(filepath.Join(dir, "blobs", want.Algorithm, want.Hex))
	if err != nil || !bytes.Equal(blob, data) {
		t.Errorf("%s is not the layout's image index (%v)", filepath.Base(indexFile), err)
	}
}

// checkImageConfig checks how the image says it is run, and its labels:
// exactly the release's, or (for a layout given) each one present.
func checkImageConfig(t *testing.T, img v1.Image, release sandboximage.Release) {
	t.Helper()
	cfg, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	c := cfg.Config
	if uid, _, _ := strings.Cut(c.User, ":"); !regexp.MustCompile(`^[1-9][0-9]*$`).MatchString(uid) {
		t.Errorf("user %q, want a numeric user other than root", c.User)
	}
	if !slices.Equal(c.Entrypoint, []string{"/cardpay-sandbox"}) || len(c.Cmd) != 0 {
		t.Errorf("entrypoint %q, cmd %q; want the sandbox binary alone", c.Entrypoint, c.Cmd)
	}
	if !slices.Contains(c.Env, "CARDPAY_SANDBOX_ADDR=0.0.0.0:8080") {
		t.Errorf("environment %q, want the sandbox listening on every interface, port 8080", c.Env)
	}
	if _, ok := c.ExposedPorts["8080/tcp"]; !ok || len(c.ExposedPorts) != 1 {
		t.Errorf("exposed ports %v, want 8080/tcp", c.ExposedPorts)
	}
	for _, label := range []string{"title", "version", "revision", "created", "source", "licenses"} {
		name := "org.opencontainers.image." + label
		want := release.Labels()[name]
		if got := c.Labels[name]; got == "" || (release.Version != "" && got != want) {
			t.Errorf("label %s = %q, want %q", name, got, want)
		}
	}
	if release.Version != "" && !cfg.Created.Equal(release.CommitTime) {
		t.Errorf("created %s, want the commit's time %s", cfg.Created, release.CommitTime)
	}
}

// extractBinary writes the image's sandbox binary to a temporary file,
// checking that the layer gives it to root, executable, with the image's
// creation time.
func extractBinary(t *testing.T, img v1.Image) string {
	t.Helper()
	layers, err := img.Layers()
	if err != nil || len(layers) != 1 {
		t.Fatalf("layers %d, %v; want one", len(layers), err)
	}
	rc, err := layers[0].Uncompressed()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rc.Close() }()
	cfg, _ := img.ConfigFile()
	tr := tar.NewReader(rc)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			t.Fatal("the layer has no cardpay-sandbox")
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Name != "cardpay-sandbox" {
			continue
		}
		if h.Mode != 0o755 || h.Uid != 0 || !h.ModTime.Equal(cfg.Created.Time) {
			t.Errorf("cardpay-sandbox: mode %o, owner %d, time %s; want 755, root, %s", h.Mode, h.Uid, h.ModTime, cfg.Created)
		}
		path := filepath.Join(t.TempDir(), "cardpay-sandbox")
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
}

// runEntrypoint is the command the image's configuration runs (with the
// binary at path), with its environment and then extra. The address keeps
// the image's every interface, on a free port: 8080 may be taken on a
// machine that runs other tests.
func runEntrypoint(t *testing.T, path string, c v1.Config, extra []string) *exec.Cmd {
	t.Helper()
	args := append(slices.Clone(c.Entrypoint[1:]), c.Cmd...)
	cmd := exec.CommandContext(t.Context(), path, args...)
	cmd.Env = append(append(slices.Clone(c.Env), "CARDPAY_SANDBOX_ADDR=0.0.0.0:0"), extra...)
	return cmd
}

// startEntrypoint starts the entrypoint, stops it when the test ends, and
// returns the URL of its first line, printed once it listens.
func startEntrypoint(t *testing.T, path string, c v1.Config, extra []string) string {
	t.Helper()
	cmd := runEntrypoint(t, path, c, extra)
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	})
	first, err := bufio.NewReader(stdout).ReadString('\n')
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	url := strings.TrimPrefix(strings.TrimSpace(first), "listening on ")
	if err != nil || !strings.HasPrefix(url, "https://127.0.0.1:") {
		t.Fatalf("first line %q (%v), want listening on https://127.0.0.1:PORT; stderr:\n%s", first, err, stderr.String())
	}
	return url
}

// trustingClient trusts the CA in caFile only.
func trustingClient(t *testing.T, caFile string) *http.Client {
	t.Helper()
	data, err := os.ReadFile(caFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(data) {
		t.Fatalf("%s holds no certificate", caFile)
	}
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}}
}
