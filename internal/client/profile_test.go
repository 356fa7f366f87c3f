// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client_test

import (
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

func TestProfileAgainstSandbox(t *testing.T) {
	url := sandboxtest.Start(t).URL
	p, err := demoClient(t, url, withOAuth2).GetProfile(t.Context())
	if err != nil || p.ID != "1" || p.Name != "Demo Partner" || p.Status != "active" || p.RegistrationNumber == "" || p.UpdatedAt == "" {
		t.Fatalf("GetProfile = %+v, %v", p, err)
	}
}
