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

// A pair the client creates works at once, with headers and with OAuth2;
// rotating refuses the old secret, revoking the pair, both at once.
func TestCredentialsAgainstSandbox(t *testing.T) {
	url := sandboxtest.Start(t).URL
	admin := demoClient(t, url)
	ctx := t.Context()

	list, err := admin.ListCredentials(ctx)
	if err != nil || len(list) != 1 || list[0].ClientID != sandbox.DemoPartnerClientID || list[0].ClientSecret != nil ||
		list[0].ClientSecretLast4 != "..."+sandbox.DemoPartnerClientSecret[len(sandbox.DemoPartnerClientSecret)-4:] {
		t.Fatalf("ListCredentials = %+v, %v", list, err)
	}

	created, err := admin.CreateCredential(ctx, "ci")
	if err != nil || created.ClientSecret == nil || !strings.HasPrefix(created.ClientID, "partner_") || created.Status != "active" {
		t.Fatalf("CreateCredential = %+v, %v", created, err)
	}
	first := *created.ClientSecret
	for _, auth := range []func(*client.Config){func(*client.Config) {}, withOAuth2} {
		if _, err := sandboxClient(t, url, created.ClientID, first, auth).ListPaymentMethods(ctx, 1001); err != nil {
			t.Fatalf("the new pair: %v", err)
		}
	}

	rotated, err := admin.RotateCredential(ctx, string(created.ID))
	if err != nil || rotated.ClientSecret == nil || *rotated.ClientSecret == first || rotated.ID != created.ID {
		t.Fatalf("RotateCredential = %+v, %v", rotated, err)
	}
	if _, err := sandboxClient(t, url, created.ClientID, first).ListPaymentMethods(ctx, 1001); !client.IsUnauthorized(err) {
		t.Errorf("the rotated-away secret: %v, want a 401", err)
	}
	if _, err := sandboxClient(t, url, created.ClientID, first, withOAuth2).ListPaymentMethods(ctx, 1001); err == nil {
		t.Error("the rotated-away secret still gets OAuth2 tokens")
	}
	fresh := sandboxClient(t, url, created.ClientID, *rotated.ClientSecret)
	if _, err := fresh.ListPaymentMethods(ctx, 1001); err != nil {
		t.Fatalf("the new secret: %v", err)
	}

	if err := admin.RevokeCredential(ctx, string(created.ID)); err != nil {
		t.Fatal(err)
	}
	if err := admin.RevokeCredential(ctx, string(created.ID)); err != nil {
		t.Errorf("revoking twice: %v", err)
	}
	if _, err := fresh.ListPaymentMethods(ctx, 1001); !client.IsUnauthorized(err) {
		t.Errorf("a revoked pair: %v, want a 401", err)
	}
	list, err = admin.ListCredentials(ctx)
	if err != nil || len(list) != 2 || list[1].Status != client.CredentialStatusRevoked {
		t.Errorf("ListCredentials after revoking = %+v, %v", list, err)
	}
	if _, err := admin.RotateCredential(ctx, string(created.ID)); !hasStatus(err, http.StatusConflict) {
		t.Errorf("rotating a revoked pair: %v, want a 409", err)
	}
	other := sandboxClient(t, url, sandbox.OtherPartnerClientID, sandbox.OtherPartnerClientSecret)
	if err := other.RevokeCredential(ctx, string(list[0].ID)); !client.IsNotFound(err) {
		t.Errorf("another partner's pair: %v, want a 404", err)
	}
}

func hasStatus(err error, status int) bool {
	var apiErr *client.APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == status
}

// The area's operations for the published examples' tests (decoders).
func init() {
	client.AddDecoders(map[string]client.Decoder{
		"listCredentials": func(ctx context.Context, c *client.Client) error {
			_, err := c.ListCredentials(ctx)
			return err
		},
		"createCredential": func(ctx context.Context, c *client.Client) error {
			_, err := c.CreateCredential(ctx, "CI pipeline")
			return err
		},
		"rotateCredential": func(ctx context.Context, c *client.Client) error {
			_, err := c.RotateCredential(ctx, "3")
			return err
		},
		"revokeCredential": func(ctx context.Context, c *client.Client) error {
			return c.RevokeCredential(ctx, "3")
		},
	})
}
