// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// A sandbox serving TLS with a CA of its own, on both hosts: the client
// reaches both APIs with the CA file, and without it is refused with an
// error IsUntrustedCertificate recognizes, after one attempt (a
// certificate does not get better by retrying).
func TestCACertFile(t *testing.T) {
	sb := sandboxtest.Start(t, sandboxtest.TLS(), sandboxtest.SplitHosts())
	c := sb.Client(t, func(cfg *client.Config) { cfg.AccessToken = "" })
	if _, err := c.ListStores(t.Context(), 1001); err != nil {
		t.Errorf("partner API over TLS with the CA: %v", err)
	}
	if _, err := c.ListAccounts(t.Context(), client.AccountsRequest{MerchantID: 1001, UserID: "user-1001"}); err != nil &&
		!strings.Contains(err.Error(), "consent") {
		t.Errorf("data API over TLS with the CA: %v", err)
	}

	mark := sandboxtest.MarkRequests(sb.Server)
	untrusting := sb.Client(t, func(cfg *client.Config) { cfg.CACertFile = ""; cfg.MaxRetries = 3 })
	_, err := untrusting.ListStores(t.Context(), 1001)
	if !client.IsUntrustedCertificate(err) || strings.Contains(err.Error(), "gave up after") {
		t.Errorf("without the CA: %v, want the certificate refused after one attempt", err)
	}
	mark.ExpectNoneReached(t)
}

// A CA file that cannot be used fails New with what to give instead.
func TestCACertFileRejected(t *testing.T) {
	dir := t.TempDir()
	notPEM := filepath.Join(dir, "ca.der")
	if err := os.WriteFile(notPEM, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		filepath.Join(dir, "missing.pem"): "cannot be read (no such file or directory); give the path of a PEM file",
		notPEM:                            "holds no PEM certificate; give the path of a PEM file",
		dir:                               "cannot be read (is a directory)",
	} {
		_, err := client.New(client.Config{BaseURL: "https://api.example.com", CACertFile: path})
		if err == nil || !strings.Contains(err.Error(), "CA certificate file "+path+" "+want) {
			t.Errorf("New with CACertFile %s = %v, want an error containing %q", path, err, want)
		}
	}
}
