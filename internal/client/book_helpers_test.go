// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/contract"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// The partner book's client methods run against a real sandbox over HTTP,
// with all traffic checked against api/openapi.yaml.

// startSandbox serves a fresh sandbox through the contract validator and
// returns it with its base URL. Requests a test breaks the contract with on
// purpose are exempt.
func startSandbox(t *testing.T, exempt ...func(*http.Request) bool) (*sandbox.Server, string) {
	t.Helper()
	srv := sandbox.New(sandbox.Config{})
	checked := contract.NewHandler(t, srv)
	for _, skip := range exempt {
		checked.Exempt(skip)
	}
	hs := httptest.NewServer(checked)
	t.Cleanup(hs.Close) // after the validator's, so it runs first
	return srv, hs.URL
}

// sandboxClient is a client of the sandbox at baseURL with a partner pair;
// opts adjust the configuration.
func sandboxClient(t *testing.T, baseURL, id, secret string, opts ...func(*client.Config)) *client.Client {
	t.Helper()
	cfg := client.Config{
		BaseURL: baseURL, PartnerClientID: id, PartnerClientSecret: secret,
		RetryWaitMin: time.Millisecond, RetryWaitMax: 10 * time.Millisecond,
	}
	for _, o := range opts {
		o(&cfg)
	}
	c, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// demoClient is a client with the demo partner's fixture pair.
func demoClient(t *testing.T, baseURL string, opts ...func(*client.Config)) *client.Client {
	t.Helper()
	return sandboxClient(t, baseURL, sandbox.DemoPartnerClientID, sandbox.DemoPartnerClientSecret, opts...)
}

func withOAuth2(c *client.Config) { c.PartnerAuth = client.PartnerAuthOAuth2 }
