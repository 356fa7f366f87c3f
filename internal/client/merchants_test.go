// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// A merchant created every way reads back under one ID field, with the
// create answer's onboarding link only where onboarding is pending.
func TestMerchantsAgainstSandbox(t *testing.T) {
	sb := sandboxtest.Start(t)
	srv, url := sb.Server, sb.URL
	c := demoClient(t, url)
	ctx := t.Context()

	created, err := c.CreateMerchant(ctx, client.MerchantRequest{CompanyName: "Harbour Coffee ApS", ContactEmail: "owner@harbour.example", PartnerRefID: "crm-42"})
	if err != nil || created.ID != "3001" || created.ClientID == "" || created.Status != "pending_onboarding" || created.Active() ||
		created.OnboardingURL == nil || created.OnboardingToken == nil || created.ExpiresAt == nil {
		t.Fatalf("CreateMerchant = %+v, %v", created, err)
	}
	fast, err := c.FastTrackMerchant(ctx, client.FastTrackRequest{
		MerchantRequest:    client.MerchantRequest{CompanyName: "Fast ApS", ContactEmail: "fast@harbour.example", ContactPhone: "+4512345678"},
		RegistrationNumber: "12345678", Website: "https://fast.example", IBAN: "DK5000400440116243", BIC: "DABADKKK",
	})
	if err != nil || fast.ID != "3002" || fast.OnboardingURL == nil {
		t.Fatalf("FastTrackMerchant = %+v, %v", fast, err)
	}
	test, err := c.CreateTestMerchant(ctx, client.MerchantRequest{CompanyName: "Test ApS", ContactEmail: "test@harbour.example"})
	if err != nil || test.ID != "3003" || !test.Active() || test.OnboardingURL != nil {
		t.Fatalf("CreateTestMerchant = %+v, %v", test, err)
	}

	read, err := c.GetMerchant(ctx, 3001)
	if err != nil || read.ID != "3001" || read.ClientID != created.ClientID || read.Status != "pending" || read.PartnerRefID != "crm-42" ||
		read.ContactPhone != "" || read.CreatedAt == "" || read.OnboardingURL != nil {
		t.Fatalf("GetMerchant = %+v, %v", read, err)
	}
	if _, err := srv.ActivateMerchant(3001); err != nil {
		t.Fatal(err)
	}
	if read, err = c.GetMerchant(ctx, 3001); err != nil || !read.Active() {
		t.Errorf("GetMerchant after activation = %+v, %v", read, err)
	}

	list, err := c.ListMerchants(ctx)
	var ids []string
	for _, m := range list {
		ids = append(ids, string(m.ID))
	}
	if err != nil || strings.Join(ids, ",") != "1001,1002,1003,3001,3002,3003" {
		t.Fatalf("MerchantList = %v, %v", ids, err)
	}
}

func TestMerchantErrorsFromSandbox(t *testing.T) {
	// The bad e-mail address breaks the contract on purpose.
	url := sandboxtest.Start(t, sandboxtest.ContractExempt(func(r *http.Request) bool { return r.Method == http.MethodPost })).URL
	c := demoClient(t, url)
	ctx := t.Context()
	if _, err := c.GetMerchant(ctx, 2001); !client.IsForbidden(err) {
		t.Errorf("another partner's merchant: %v, want a 403", err)
	}
	if _, err := c.GetMerchant(ctx, 9999); !client.IsNotFound(err) {
		t.Errorf("an unknown merchant: %v, want a 404", err)
	}
	_, err := c.CreateMerchant(ctx, client.MerchantRequest{CompanyName: "Harbour ApS", ContactEmail: "not an address"})
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest || !strings.Contains(apiErr.Message, "contactEmail") {
		t.Errorf("a bad e-mail address: %v, want a 400 naming contactEmail", err)
	}
	if _, err := sandboxClient(t, url, sandbox.DemoPartnerClientID, "wrong").ListMerchants(ctx); !client.IsUnauthorized(err) {
		t.Errorf("a wrong secret: %v, want a 401", err)
	}
}

// The area's operations for the published examples' tests (decoders).
func init() {
	client.AddDecoders(map[string]client.Decoder{
		"createMerchant": func(ctx context.Context, c *client.Client) error {
			_, err := c.CreateMerchant(ctx, client.MerchantRequest{CompanyName: "Harbour Coffee ApS", ContactEmail: "owner@harbourcoffee.dk"})
			return err
		},
		"createFastTrackMerchant": func(ctx context.Context, c *client.Client) error {
			_, err := c.FastTrackMerchant(ctx, client.FastTrackRequest{MerchantRequest: client.MerchantRequest{CompanyName: "Harbour Coffee ApS"}})
			return err
		},
		"createTestMerchant": func(ctx context.Context, c *client.Client) error {
			_, err := c.CreateTestMerchant(ctx, client.MerchantRequest{CompanyName: "Test Shop ApS"})
			return err
		},
		"getMerchant": func(ctx context.Context, c *client.Client) error {
			_, err := c.GetMerchant(ctx, 1001)
			return err
		},
		"listMerchants": func(ctx context.Context, c *client.Client) error {
			_, err := c.ListMerchants(ctx)
			return err
		},
	})
}
