// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package sandboxtls makes the certificates of a sandbox that serves TLS
// (cardpay-sandbox -tls): a certificate authority made for one run, and a
// server certificate it signs for the names the sandbox is reached by. A
// client trusts the sandbox by trusting the CA (the provider's
// ca_cert_file). The CA's private key never leaves memory: it signs the one
// server certificate and is dropped, so the CA vouches for nothing else.
package sandboxtls

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"strings"
	"time"
)

// Lifetime is how long the certificates Generate makes are valid; a
// sandbox runs for a test or a CI job, never that long.
const Lifetime = 7 * 24 * time.Hour

// backdate makes a certificate valid a little before it was made, for
// clients whose clock is slightly behind.
const backdate = time.Hour

// Bundle is what a sandbox serving TLS needs: its server certificate, and
// the PEM of the CA that signed it, which clients trust. CAPEM is nil when
// the certificate was handed in (Load): its CA is the partner's own.
type Bundle struct {
	Certificate tls.Certificate
	CAPEM       []byte
}

// ServerConfig is the TLS configuration of a server with the bundle's
// certificate.
func (b *Bundle) ServerConfig() *tls.Config {
	return &tls.Config{Certificates: []tls.Certificate{b.Certificate}, MinVersion: tls.VersionTLS12}
}

// CertPool is a pool holding the bundle's CA, for clients in tests.
func (b *Bundle) CertPool() (*x509.CertPool, error) {
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(b.CAPEM) {
		return nil, errors.New("the bundle has no CA certificate")
	}
	return pool, nil
}

// Generate makes a CA and a server certificate it signs for names: DNS
// names and IP addresses (such as cardpay-sandbox, localhost, 127.0.0.1).
func Generate(names []string, now time.Time) (*Bundle, error) {
	names = cleanNames(names)
	if len(names) == 0 {
		return nil, errors.New("no names to make a certificate for: give the names the sandbox is reached by, such as cardpay-sandbox,localhost")
	}
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	caTemplate := &x509.Certificate{
		SerialNumber:          serial(),
		Subject:               pkix.Name{Organization: []string{"cardpay-sandbox"}, CommonName: "cardpay-sandbox CA " + now.UTC().Format(time.RFC3339)},
		NotBefore:             now.Add(-backdate),
		NotAfter:              now.Add(Lifetime),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTemplate, caTemplate, &caKey.PublicKey, caKey)
	if err != nil {
		return nil, err
	}
	ca, err := x509.ParseCertificate(caDER)
	if err != nil {
		return nil, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	leaf := &x509.Certificate{
		SerialNumber: serial(),
		Subject:      pkix.Name{Organization: []string{"cardpay-sandbox"}, CommonName: names[0]},
		NotBefore:    now.Add(-backdate),
		NotAfter:     now.Add(Lifetime),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	for _, name := range names {
		if ip := net.ParseIP(name); ip != nil {
			leaf.IPAddresses = append(leaf.IPAddresses, ip)
		} else {
			leaf.DNSNames = append(leaf.DNSNames, name)
		}
	}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, ca, &key.PublicKey, caKey)
	if err != nil {
		return nil, err
	}
	return &Bundle{
		Certificate: tls.Certificate{Certificate: [][]byte{leafDER, caDER}, PrivateKey: key},
		CAPEM:       pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}),
	}, nil
}

// Load takes a certificate and key the partner made (PEM files, the
// certificate file may hold its chain).
func Load(certFile, keyFile string) (*Bundle, error) {
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, fmt.Errorf("cannot use the certificate %s with the key %s: %w", certFile, keyFile, err)
	}
	return &Bundle{Certificate: cert}, nil
}

// SplitNames splits a comma-separated list of names, as the -tls-names
// flag takes it.
func SplitNames(list string) []string {
	return cleanNames(strings.Split(list, ","))
}

func cleanNames(names []string) []string {
	var out []string
	for _, n := range names {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// serial is a random 128-bit serial number, as RFC 5280 asks of CAs.
func serial() *big.Int {
	n, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 128))
	if err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return n
}
