// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandboxtls

import (
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The server certificate verifies, against the CA alone, for each name it
// was made for and for no other; the CA signs nothing but it.
func TestGenerateVerifiesForItsNames(t *testing.T) {
	now := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	b, err := Generate(SplitNames(" cardpay-sandbox, localhost,127.0.0.1,,::1 "), now)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := b.CertPool()
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(b.Certificate.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	for name, ok := range map[string]bool{
		"cardpay-sandbox": true, "localhost": true, "127.0.0.1": true, "::1": true,
		"example.com": false, "127.0.0.2": false, "sandbox": false,
	} {
		_, err := leaf.Verify(x509.VerifyOptions{DNSName: name, Roots: pool, CurrentTime: now})
		if (err == nil) != ok {
			t.Errorf("verify for %q: %v, want ok=%v", name, err, ok)
		}
	}
	if _, err := leaf.Verify(x509.VerifyOptions{DNSName: "localhost", Roots: pool, CurrentTime: now.Add(Lifetime + time.Minute)}); err == nil {
		t.Error("the certificate still verifies after its lifetime")
	}
	block, _ := pem.Decode(b.CAPEM)
	ca, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	if !ca.IsCA || !ca.MaxPathLenZero || leaf.IsCA {
		t.Errorf("CA: IsCA %v, MaxPathLenZero %v; server certificate IsCA %v; want a CA that can sign only server certificates",
			ca.IsCA, ca.MaxPathLenZero, leaf.IsCA)
	}
}

func TestGenerateNeedsNames(t *testing.T) {
	if _, err := Generate(SplitNames(" , "), time.Now()); err == nil || !strings.Contains(err.Error(), "cardpay-sandbox,localhost") {
		t.Errorf("Generate without names = %v, want an error that shows names to give", err)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	if _, err := Load(filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")); err == nil || !strings.Contains(err.Error(), "cert.pem") {
		t.Errorf("Load of missing files = %v, want an error naming the certificate file", err)
	}
	b, err := Generate([]string{"localhost"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	key, err := x509.MarshalPKCS8PrivateKey(b.Certificate.PrivateKey)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, typ string, der []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	loaded, err := Load(write("cert.pem", "CERTIFICATE", b.Certificate.Certificate[0]), write("key.pem", "PRIVATE KEY", key))
	if err != nil {
		t.Fatal(err)
	}
	if loaded.CAPEM != nil || len(loaded.Certificate.Certificate) != 1 {
		t.Errorf("loaded bundle: CA %q, %d certificates; want no CA of its own and the one certificate", loaded.CAPEM, len(loaded.Certificate.Certificate))
	}
}
