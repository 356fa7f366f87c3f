// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

const credentialAddr = "cardpay_partner_credential.ci"

// credentialConfig is a credential named ci, rotated for quarter (none
// when empty).
func credentialConfig(quarter string) string {
	rotate := ""
	if quarter != "" {
		rotate = fmt.Sprintf("rotate_when = {\n    quarter = %q\n  }", quarter)
	}
	return fmt.Sprintf(`
resource "cardpay_partner_credential" "ci" {
  name = "ci"
  %s
}
`, rotate)
}

// sandboxCredential is the pair the sandbox holds with this ID.
func sandboxCredential(t *testing.T, sb *sandbox.Server, id string) sandbox.Credential {
	t.Helper()
	return mustFind(t, sb.Snapshot().Credentials, func(c sandbox.Credential) bool { return strconv.FormatInt(c.ID, 10) == id },
		"the sandbox has no credential %s", id)
}

// signsIn reports whether a pair is accepted by the partner API.
func signsIn(env *testEnv, clientID, secret string) error {
	c, err := client.New(client.Config{BaseURL: env.BaseURL, PartnerClientID: clientID, PartnerClientSecret: secret})
	if err != nil {
		return err
	}
	_, err = c.GetProfile(context.Background())
	return err
}

// The secret in state is the one the service issued and signs in; changing
// rotate_when rotates it in place (same ID and client ID), the old secret
// is refused at once, and destroy revokes the pair.
func TestAccPartnerCredential_rotateAndRevoke(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	var id, oldSecret string
	sameID := statecheck.CompareValue(compare.ValuesSame())
	sameClientID := statecheck.CompareValue(compare.ValuesSame())
	secrets := statecheck.CompareValue(compare.ValuesDiffer())
	issued := func(attrs map[string]any) error {
		id = fmt.Sprint(attrs["id"])
		held := sandboxCredential(t, sb, id)
		if attrs["client_secret"] != held.ClientSecret || attrs["client_id"] != held.ClientID {
			return fmt.Errorf("state holds client %v, the sandbox issued %s", attrs["client_id"], held.ClientID)
		}
		if last4 := held.ClientSecret[len(held.ClientSecret)-4:]; attrs["client_secret_last4"] != last4 {
			return fmt.Errorf("client_secret_last4 is %v, want %s", attrs["client_secret_last4"], last4)
		}
		return signsIn(env, held.ClientID, held.ClientSecret)
	}
	destroyCheckedAccTest(t,
		func(*terraform.State) error {
			if held := sandboxCredential(t, sb, id); held.Status != "revoked" {
				return fmt.Errorf("credential %s is %s after destroy, want revoked", id, held.Status)
			}
			return nil
		},
		resource.TestStep{
			Config: env.providerConfig(credentialConfig("2026-Q3")),
			ConfigStateChecks: []statecheck.StateCheck{
				resourceAttrs(credentialAddr, func(attrs map[string]any) error {
					oldSecret = fmt.Sprint(attrs["client_secret"])
					return issued(attrs)
				}),
				statecheck.ExpectKnownValue(credentialAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
				sameID.AddStateValue(credentialAddr, tfjsonpath.New("id")),
				sameClientID.AddStateValue(credentialAddr, tfjsonpath.New("client_id")),
				secrets.AddStateValue(credentialAddr, tfjsonpath.New("client_secret")),
			},
		},
		resource.TestStep{
			Config: env.providerConfig(credentialConfig("2026-Q4")),
			ConfigPlanChecks: beforeApply(
				plancheck.ExpectResourceAction(credentialAddr, plancheck.ResourceActionUpdate),
				plancheck.ExpectUnknownValue(credentialAddr, tfjsonpath.New("client_secret")),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				resourceAttrs(credentialAddr, func(attrs map[string]any) error {
					if err := signsIn(env, fmt.Sprint(attrs["client_id"]), oldSecret); !client.IsUnauthorized(err) {
						return fmt.Errorf("the secret before the rotation signs in with %v, want a 401", err)
					}
					return issued(attrs)
				}),
				sameID.AddStateValue(credentialAddr, tfjsonpath.New("id")),
				sameClientID.AddStateValue(credentialAddr, tfjsonpath.New("client_id")),
				secrets.AddStateValue(credentialAddr, tfjsonpath.New("client_secret")),
			},
		},
	)
}

// The provider refuses to rotate or replace the pair it is configured
// with, and says how to go on; the pair keeps working.
func TestAccPartnerCredential_refusesItsOwn(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	var own sandbox.Credential
	for _, c := range sb.Snapshot().Credentials {
		if c.ClientID == env.ClientID {
			own = c
		}
	}
	adopt := func(name, extra string) string {
		return env.providerConfig(fmt.Sprintf(`
import {
  to = cardpay_partner_credential.own
  id = "%d"
}

resource "cardpay_partner_credential" "own" {
  name = %q
  %s
}
`, own.ID, name, extra))
	}
	accTest(t,
		resource.TestStep{
			Config: adopt(own.Name, ""),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cardpay_partner_credential.own", tfjsonpath.New("client_id"), knownvalue.StringExact(env.ClientID)),
				statecheck.ExpectKnownValue("cardpay_partner_credential.own", tfjsonpath.New("client_secret"), knownvalue.Null()),
			},
		},
		resource.TestStep{
			Config:      adopt(own.Name, `rotate_when = { quarter = "2026-Q4" }`),
			ExpectError: wrappedErrorPattern(`Refusing to rotate the provider's own credential.*partner_client_id.*Configure the provider with another credential`),
		},
		resource.TestStep{
			Config:      adopt("renamed", ""),
			ExpectError: wrappedErrorPattern(`Refusing to revoke the provider's own credential`),
		},
		resource.TestStep{
			// Forget it, so the test's destroy does not revoke it either.
			Config: env.providerConfig(`
removed {
  from = cardpay_partner_credential.own
  lifecycle {
    destroy = false
  }
}
`),
			Check: func(*terraform.State) error { return signsIn(env, env.ClientID, env.ClientSecret) },
		},
	)
}

// Import by ID records the pair without its secret and without rotating
// it; setting rotate_when then rotates it and records a secret. A pair revoked outside Terraform is generated again.
func TestAccPartnerCredential_importRotateAndRevokedOutside(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t)
	made, err := partnerTestClient(t, env).CreateCredential(context.Background(), "ci")
	if err != nil {
		t.Fatal(err)
	}
	importConfig := env.providerConfig(fmt.Sprintf(`
import {
  to = cardpay_partner_credential.ci
  id = %q
}
`, made.ID) + credentialConfig(""))
	accTest(t,
		resource.TestStep{
			Config: importConfig,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(credentialAddr, tfjsonpath.New("id"), knownvalue.StringExact(string(made.ID))),
				statecheck.ExpectKnownValue(credentialAddr, tfjsonpath.New("client_secret"), knownvalue.Null()),
				statecheck.ExpectKnownValue(credentialAddr, tfjsonpath.New("client_secret_last4"), knownvalue.StringExact((*made.ClientSecret)[len(*made.ClientSecret)-4:])),
			},
		},
		resource.TestStep{
			Config: env.providerConfig(credentialConfig("2026-Q4")),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(credentialAddr, tfjsonpath.New("id"), knownvalue.StringExact(string(made.ID))),
				statecheck.ExpectKnownValue(credentialAddr, tfjsonpath.New("client_secret"), knownvalue.StringRegexp(regexp.MustCompile(`\S{16,}`))),
			},
		},
		resource.TestStep{
			PreConfig: func() {
				if err := partnerTestClient(t, env).RevokeCredential(context.Background(), string(made.ID)); err != nil {
					t.Fatal(err)
				}
			},
			Config:           env.providerConfig(credentialConfig("2026-Q4")),
			ConfigPlanChecks: beforeApply(plancheck.ExpectResourceAction(credentialAddr, plancheck.ResourceActionCreate)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(credentialAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
				resourceAttrs(credentialAddr, func(attrs map[string]any) error {
					if attrs["id"] == string(made.ID) {
						return fmt.Errorf("state still records the revoked pair %s", made.ID)
					}
					return nil
				}),
			},
		},
	)
}

// The rows of cardpay_partner_credential in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"cardpay_partner_credential blank name": {config: `
resource "cardpay_partner_credential" "x" {
  name = " "
}
`, attr: "name", want: `name must not be empty or only whitespace`},
		"cardpay_partner_credential import with slash": {importID: "demo/3", config: `
resource "cardpay_partner_credential" "x" {
  name = "ci"
}
`, want: `Invalid import ID for cardpay_partner_credential.*"3"`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"cardpay_partner_credential": {config: `
resource "cardpay_partner_credential" "k" {
  name = "secrets"
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"cardpay_partner_credential": {route: sandbox.RouteCreateCredential, config: `
resource "cardpay_partner_credential" "x" {
  name = "lost"
}
`, recovers: true, want: `Warning: The credential's creation was answered with an error, but it exists.*HTTP 502.*` +
			`found credential \d+ named "lost".*change rotate_when`,
			held: func(s sandbox.State) int { return len(s.Credentials) }},
	})
	addRows(identityTests, map[string]identityTest{
		"cardpay_partner_credential": {addr: "cardpay_partner_credential.x", config: `
resource "cardpay_partner_credential" "x" {
  name = "identity"
}
`, identity: map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^\d+$`))},
			updated: `
resource "cardpay_partner_credential" "x" {
  name        = "identity"
  rotate_when = { round = "2" }
}
`, importChanges: "rotate_when"},
	})
	addRows(inPlaceUpdates, map[string]inPlaceUpdate{
		// Rotation gives the pair a new secret.
		"cardpay_partner_credential": {addr: "cardpay_partner_credential.x", attr: "rotate_when",
			want:      knownvalue.MapExact(map[string]knownvalue.Check{"quarter": knownvalue.StringExact("2026-Q2")}),
			unknown:   []string{"client_secret", "client_secret_last4"},
			mayRepeat: map[string]string{"client_secret_last4": "the new random secret may end in the same four characters"},
			config: `
resource "cardpay_partner_credential" "x" {
  name        = "ci"
  rotate_when = { quarter = "2026-Q1" }
}
`, changed: `
resource "cardpay_partner_credential" "x" {
  name        = "ci"
  rotate_when = { quarter = "2026-Q2" }
}
`},
	})
}
