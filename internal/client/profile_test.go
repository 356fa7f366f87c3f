// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client_test

import (
	"context"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

func TestProfileAgainstSandbox(t *testing.T) {
	url := sandboxtest.Start(t).URL
	p, err := demoClient(t, url, withOAuth2).GetProfile(t.Context())
	if err != nil || p.ID != "1" || p.Name != "Demo Partner" || p.Status != "active" || p.RegistrationNumber == "" || p.UpdatedAt == "" {
		t.Fatalf("GetProfile = %+v, %v", p, err)
	}
}

// The area's operations for the published examples' tests (decoders).
func init() {
	client.AddDecoders(map[string]client.Decoder{
		"getProfile": func(ctx context.Context, c *client.Client) error {
			_, err := c.GetProfile(ctx)
			return err
		},
	})
}
