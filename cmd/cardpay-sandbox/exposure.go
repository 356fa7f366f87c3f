// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtls"
)

// exposure is how the sandbox may be reached, the one place of its rules:
//
//   - On loopback addresses it serves as it always has: plain http, the
//     admin surface open to this machine (to loopback peers).
//   - Beyond loopback (0.0.0.0, a container's interfaces, a host name) it
//     starts only with an admin token, which every admin request must then
//     send, or with the admin surface turned off: other machines must not
//     reset, read or fault it. The API keeps its public demo credentials.
//   - -tls serves https, with a certificate it makes for -tls-names (and
//     this machine's loopback names) signed by a CA of its own, or one it
//     is handed; the provider trusts the CA through ca_cert_file. Plain
//     http beyond loopback is allowed (a container's port published on the
//     host's loopback), but the provider takes plain http only from
//     loopback addresses, so reaching it by a service name needs -tls.
type exposure struct {
	adminToken   string
	disableAdmin bool
	tls          bool
	tlsNames     string
	tlsCert      string
	tlsKey       string
	tlsCAOut     string
	// allowRemote is the removed -allow-non-loopback, kept to say what
	// replaced it.
	allowRemote bool
}

// loopbackNames are always in a certificate the sandbox makes, so that it
// can be reached from its own machine (or container) as the banner says.
var loopbackNames = []string{"localhost", "127.0.0.1", "::1"}

func (e *exposure) flags(fs *flag.FlagSet) {
	fs.StringVar(&e.adminToken, "admin-token", "",
		"require this token of every admin request (Authorization: Bearer TOKEN); needed to listen beyond loopback unless -disable-admin")
	fs.BoolVar(&e.disableAdmin, "disable-admin", false, "turn the admin surface (/_sandbox/) off for everyone")
	fs.BoolVar(&e.tls, "tls", false, "serve https with a certificate made for -tls-names and signed by a CA made for this run (or -tls-cert)")
	fs.StringVar(&e.tlsNames, "tls-names", "",
		"comma-separated DNS names and IP addresses the sandbox is reached by, e.g. cardpay-sandbox (localhost, 127.0.0.1 and ::1 are always added)")
	fs.StringVar(&e.tlsCAOut, "tls-ca-out", "", "write the CA certificate of -tls to this file, for the provider's ca_cert_file (also at GET /_sandbox/ca.pem)")
	fs.StringVar(&e.tlsCert, "tls-cert", "", "serve https with this PEM certificate (chain) file instead of making one; needs -tls-key")
	fs.StringVar(&e.tlsKey, "tls-key", "", "the PEM private key of -tls-cert")
	fs.BoolVar(&e.allowRemote, "allow-non-loopback", false, "removed: use -admin-token or -disable-admin")
}

// validate checks the flags together, and that an address beyond loopback
// has the admin surface protected.
func (e *exposure) validate(addrs ...string) error {
	e.adminToken = strings.TrimSpace(e.adminToken)
	switch {
	case e.allowRemote:
		return errors.New("-allow-non-loopback was removed: to listen beyond loopback, give an admin token " +
			"(-admin-token TOKEN or CARDPAY_SANDBOX_ADMIN_TOKEN), which every admin request must then send, or turn the admin surface off with -disable-admin")
	case (e.tlsCert == "") != (e.tlsKey == ""):
		return errors.New("-tls-cert and -tls-key go together: give both, or neither to let -tls make a certificate")
	case e.tlsCert != "" && (e.tlsNames != "" || e.tlsCAOut != ""):
		return errors.New("-tls-names and -tls-ca-out are for the certificate -tls makes; with -tls-cert the certificate names its hosts and you have its CA")
	case !e.tls && e.tlsCert == "" && (e.tlsNames != "" || e.tlsCAOut != ""):
		return errors.New("-tls-names and -tls-ca-out need -tls")
	case e.adminToken != "" && e.disableAdmin:
		return errors.New("-admin-token and -disable-admin exclude each other: give a token to protect the admin surface, or turn it off")
	}
	for _, addr := range addrs {
		if addr == "" {
			continue
		}
		loopback, err := loopbackAddr(addr)
		switch {
		case err != nil:
			return err
		case !loopback && e.adminToken == "" && !e.disableAdmin:
			return fmt.Errorf("refusing to listen on %q, which other machines can reach, with the admin surface open: "+
				"give an admin token (-admin-token TOKEN or CARDPAY_SANDBOX_ADMIN_TOKEN), which every admin request must then "+
				"send, or turn the admin surface off with -disable-admin; or listen on 127.0.0.1", addr)
		}
	}
	return nil
}

// loopbackAddr reports whether a listen address is on loopback only.
func loopbackAddr(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("invalid listen address %q: %w; write HOST:PORT, such as 127.0.0.1:8080", addr, err)
	}
	if host == "localhost" {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
}

// certificates makes or loads the certificate of -tls, or returns nil.
func (e *exposure) certificates(addrs ...string) (*sandboxtls.Bundle, error) {
	switch {
	case e.tlsCert != "":
		return sandboxtls.Load(e.tlsCert, e.tlsKey)
	case !e.tls:
		return nil, nil
	}
	names := slices.Concat(sandboxtls.SplitNames(e.tlsNames), loopbackNames)
	for _, addr := range addrs {
		if host, _, err := net.SplitHostPort(addr); err == nil && host != "" && !slices.Contains(names, host) {
			if ip := net.ParseIP(host); ip == nil || !ip.IsUnspecified() {
				names = append(names, host)
			}
		}
	}
	bundle, err := sandboxtls.Generate(slices.Compact(names), time.Now())
	if err != nil {
		return nil, err
	}
	if e.tlsCAOut != "" {
		if err := os.WriteFile(e.tlsCAOut, bundle.CAPEM, 0o644); err != nil {
			return nil, fmt.Errorf("-tls-ca-out: %w", err)
		}
	}
	return bundle, nil
}

// configure gives the sandbox its admin settings and CA.
func (e *exposure) configure(cfg *sandbox.Config, certs *sandboxtls.Bundle) {
	cfg.AdminToken, cfg.AdminDisabled = e.adminToken, e.disableAdmin
	if certs != nil {
		cfg.CACertPEM = certs.CAPEM
	}
}

// warnings are what a partner should know about the settings before
// relying on them.
func (e *exposure) warnings(addrs ...string) []string {
	if e.tls || e.tlsCert != "" {
		return nil
	}
	for _, addr := range addrs {
		if loopback, _ := loopbackAddr(addr); addr != "" && !loopback {
			return []string{fmt.Sprintf("serving plain http on %s: the provider takes plain http from loopback addresses "+
				"only (such as a container's port published on 127.0.0.1); to reach the sandbox by a service name, add -tls "+
				"and -tls-names NAME and give the provider its CA (ca_cert_file)", addr)}
		}
	}
	return nil
}

// describe says, in the banner, how to trust and administer the sandbox;
// nothing for the defaults.
func (e *exposure) describe(baseURL, caFile string) []string {
	var lines []string
	switch {
	case e.tlsCert != "":
		lines = append(lines, "TLS certificate: "+e.tlsCert)
	case e.tls && caFile != "":
		lines = append(lines, "CA certificate: "+caFile+" (also at "+baseURL+sandbox.CAPath+")")
	case e.tls:
		lines = append(lines, "CA certificate: at "+baseURL+sandbox.CAPath)
	}
	switch {
	case e.disableAdmin:
		lines = append(lines, "admin surface: off")
	case e.adminToken != "":
		lines = append(lines, "admin surface: needs the admin token (Authorization: Bearer TOKEN)")
	}
	return lines
}
