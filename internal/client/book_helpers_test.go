// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client_test

import (
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// The partner book's client methods run against a real sandbox over HTTP,
// with all traffic checked against api/openapi.yaml (sandboxtest.Start).

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
