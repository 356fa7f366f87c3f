// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Where the sandbox may listen: loopback always; beyond it only with the
// admin surface protected by a token or turned off. Each refusal says what
// to write instead.
func TestExposureRules(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // "" when the flags are accepted
	}{
		{[]string{"-addr", "127.0.0.1:0"}, ""},
		{[]string{"-addr", "127.1.2.3:0"}, ""},
		{[]string{"-addr", "[::1]:0"}, ""},
		{[]string{"-addr", "localhost:0"}, ""},
		{[]string{"-addr", "0.0.0.0:8080"}, "give an admin token (-admin-token TOKEN or CARDPAY_SANDBOX_ADMIN_TOKEN)"},
		{[]string{"-addr", ":8080"}, "or turn the admin surface off with -disable-admin"},
		{[]string{"-addr", "10.0.0.1:80"}, "refusing to listen on \"10.0.0.1:80\""},
		{[]string{"-addr", "example.com:80"}, "which other machines can reach"},
		{[]string{"-addr", "127.0.0.1:0", "-ais-addr", "0.0.0.0:0"}, "refusing to listen on \"0.0.0.0:0\""},
		{[]string{"-addr", "0.0.0.0:8080", "-admin-token", "s3cret"}, ""},
		{[]string{"-addr", "0.0.0.0:8080", "-admin-token", "  "}, "give an admin token"},
		{[]string{"-addr", "0.0.0.0:8080", "-disable-admin"}, ""},
		{[]string{"-addr", "0.0.0.0:8080", "-disable-admin", "-admin-token", "x"}, "exclude each other"},
		{[]string{"-addr", "nonsense"}, "write HOST:PORT"},
		{[]string{"-allow-non-loopback"}, "-allow-non-loopback was removed: to listen beyond loopback, give an admin token"},
		{[]string{"-tls-cert", "c.pem"}, "-tls-cert and -tls-key go together"},
		{[]string{"-tls-cert", "c.pem", "-tls-key", "k.pem", "-tls-names", "x"}, "with -tls-cert the certificate names its hosts"},
		{[]string{"-tls-names", "x"}, "-tls-names and -tls-ca-out need -tls"},
		{[]string{"-tls-ca-out", "ca.pem"}, "need -tls"},
		{[]string{"-tls", "-tls-names", "cardpay-sandbox", "-tls-ca-out", "ca.pem"}, ""},
	} {
		_, err := parseFlags(tc.args, io.Discard)
		if tc.want == "" && err != nil {
			t.Errorf("parseFlags(%q) = %v, want it accepted", tc.args, err)
		}
		if tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("parseFlags(%q) = %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}

// Every flag can be set by its environment variable; the command line
// wins, and a bad value names the variable.
func TestFlagsFromEnvironment(t *testing.T) {
	t.Setenv("CARDPAY_SANDBOX_ADDR", "0.0.0.0:8080")
	t.Setenv("CARDPAY_SANDBOX_ADMIN_TOKEN", "s3cret")
	t.Setenv("CARDPAY_SANDBOX_TLS", "true")
	t.Setenv("CARDPAY_SANDBOX_AUTO_ADVANCE", "2s")
	o, err := parseFlags([]string{"-auto-advance", "5s"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.addr != "0.0.0.0:8080" || o.exposure.adminToken != "s3cret" || !o.exposure.tls || o.autoAdvance.String() != "5s" {
		t.Errorf("options = addr %q, token %q, tls %v, auto-advance %s; want the environment's, and the command line's 5s",
			o.addr, o.exposure.adminToken, o.exposure.tls, o.autoAdvance)
	}
	t.Setenv("CARDPAY_SANDBOX_LATENCY", "soon")
	if _, err := parseFlags(nil, io.Discard); err == nil || !strings.Contains(err.Error(), `CARDPAY_SANDBOX_LATENCY="soon" (the flag -latency)`) {
		t.Errorf("a bad variable: %v, want an error naming CARDPAY_SANDBOX_LATENCY and its flag", err)
	}
}

// With -tls the sandbox serves https with a certificate that its CA, as
// written to -tls-ca-out and shown at /_sandbox/ca.pem, vouches for; a
// client that does not trust the CA is refused; the banner says where the
// CA is and exports it for the provider. With an admin token, the admin
// surface wants it, also from loopback.
func TestRunTLSWithAdminToken(t *testing.T) {
	caFile := filepath.Join(t.TempDir(), "ca.pem")
	baseURL, lines, stop := startRun(t, "-addr", "127.0.0.1:0", "-quiet", "-tls", "-tls-names", "cardpay-sandbox",
		"-tls-ca-out", caFile, "-admin-token", "s3cret")
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	var banner []string
	for len(banner) < 7 {
		banner = append(banner, <-lines)
	}
	text := strings.Join(banner, "\n")
	for _, want := range []string{
		"CA certificate: " + caFile + " (also at " + baseURL + "/_sandbox/ca.pem)",
		"admin surface: needs the admin token (Authorization: Bearer TOKEN)",
		" CARDPAY_CA_CERT_FILE=" + caFile,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("banner lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "s3cret") {
		t.Errorf("the banner shows the admin token:\n%s", text)
	}
	caPEM, err := os.ReadFile(caFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(caPEM) {
		t.Fatalf("%s holds no certificate: %q", caFile, caPEM)
	}
	trusting := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	get := func(c *http.Client, path, token string) (int, string) {
		t.Helper()
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, baseURL+path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer func() { _ = resp.Body.Close() }()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	if status, body := get(trusting, "/_sandbox/ca.pem", ""); status != 200 || body != string(caPEM) {
		t.Errorf("GET /_sandbox/ca.pem = %d %q, want the CA file's certificate", status, body)
	}
	if status, _ := get(trusting, "/_sandbox/ready", ""); status != 200 {
		t.Errorf("readiness = %d, want 200", status)
	}
	if status, _ := get(trusting, "/_sandbox/state", ""); status != http.StatusUnauthorized {
		t.Errorf("admin without the token = %d, want 401", status)
	}
	status, body := get(trusting, "/_sandbox/state", "s3cret")
	var state map[string]any
	if status != 200 || json.Unmarshal([]byte(body), &state) != nil || state["merchants"] == nil {
		t.Errorf("admin with the token = %d %.200s, want the state", status, body)
	}
	resp, err := http.Get(baseURL + "/_sandbox/ready")
	if err == nil {
		_ = resp.Body.Close()
	}
	if err == nil || !strings.Contains(err.Error(), "certificate signed by unknown authority") {
		t.Errorf("a client without the CA: %v, want the certificate refused", err)
	}
}
