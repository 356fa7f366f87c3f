// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"os"
)

// LoadCACertFile returns the certificates the client trusts with
// Config.CACertFile set to path: the system's, and the PEM certificates of
// the file (a partner's own CA, or a cardpay-sandbox's made with -tls). The
// file's CA is added, not put in place of the system's, so a partner API
// and a data API with certificates of different issuers both work.
func LoadCACertFile(path string) (*x509.CertPool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot be read (%w); give the path of a PEM file with the CA certificate to trust", errors.Unwrap(err))
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool() // no system roots on this platform: the file's CA alone
	}
	if !pool.AppendCertsFromPEM(data) {
		return nil, errors.New("holds no PEM certificate; give the path of a PEM file with the CA certificate to trust " +
			"(a block that starts with -----BEGIN CERTIFICATE-----)")
	}
	return pool, nil
}

// trustingTransport is next with the CA certificates of cfg.CACertFile
// trusted, or next itself when none is set.
func trustingTransport(next http.RoundTripper, cfg Config) (http.RoundTripper, error) {
	if cfg.CACertFile == "" {
		return next, nil
	}
	pool, err := LoadCACertFile(cfg.CACertFile)
	if err != nil {
		return nil, fmt.Errorf("cardpay client: CA certificate file %s %w", cfg.CACertFile, err)
	}
	base, ok := next.(*http.Transport)
	if !ok {
		return nil, errors.New("cardpay client: a CA certificate file needs an *http.Transport (or none) in Config.HTTPClient")
	}
	t := base.Clone()
	if t.TLSClientConfig == nil {
		t.TLSClientConfig = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	t.TLSClientConfig.RootCAs = pool
	return t, nil
}

// IsUntrustedCertificate reports whether err is a server certificate
// signed by a CA the client does not trust: a private CA that
// Config.CACertFile should name.
func IsUntrustedCertificate(err error) bool {
	var unknownAuthority x509.UnknownAuthorityError
	return errors.As(err, &unknownAuthority)
}
