// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

const partnerCredentialsAddr = "data.cardpay_partner_credentials.all"

// expectNoSecretInState checks that no credential secret the sandbox holds,
// of any partner, appears anywhere in the state.
func expectNoSecretInState(sb *sandbox.Server) statecheck.StateCheck {
	return stateCheckFunc(func(state *tfjson.State) error {
		raw, err := json.Marshal(state)
		if err != nil {
			return err
		}
		for _, c := range sb.Snapshot().Credentials {
			if strings.Contains(string(raw), c.ClientSecret) {
				return fmt.Errorf("the state holds the secret of credential %d (%s)", c.ID, c.Name)
			}
		}
		return nil
	})
}

// createRevokedCredential creates a pair for the demo partner, "old-laptop",
// revokes it, and returns it as the sandbox holds it.
func createRevokedCredential(t *testing.T, env *testEnv, sb *sandbox.Server) sandbox.Credential {
	t.Helper()
	c := partnerTestClient(t, env)
	cred, err := c.CreateCredential(t.Context(), "old-laptop")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.RevokeCredential(t.Context(), string(cred.ID)); err != nil {
		t.Fatal(err)
	}
	return sandboxCredential(t, sb, string(cred.ID))
}

// The data source lists every pair of the partner, revoked ones included
// and no other partner's, with the last four characters of each secret and
// never the secret itself.
func TestAccPartnerCredentialsDataSource(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	if _, err := partnerTestClient(t, env).CreateCredential(t.Context(), "ci-deploy"); err != nil {
		t.Fatal(err)
	}
	createRevokedCredential(t, env, sb)
	var want []knownvalue.Check
	for _, c := range sb.Snapshot().Credentials {
		if c.PartnerClientID != sandbox.DemoPartnerClientID {
			continue
		}
		want = append(want, knownvalue.ObjectExact(map[string]knownvalue.Check{
			"id":                  knownvalue.StringExact(strconv.FormatInt(c.ID, 10)),
			"name":                knownvalue.StringExact(c.Name),
			"client_id":           knownvalue.StringExact(c.ClientID),
			"client_secret_last4": knownvalue.StringExact(c.ClientSecret[len(c.ClientSecret)-4:]),
			"status":              knownvalue.StringExact(c.Status),
			"created_at":          knownvalue.StringExact(c.CreatedAt),
		}))
	}
	if len(want) != 3 {
		t.Fatalf("the demo partner has %d credentials, want its header pair and the two made here", len(want))
	}
	accTest(t, resource.TestStep{
		Config: env.providerConfig(`
data "cardpay_partner_credentials" "all" {}
`),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(partnerCredentialsAddr, tfjsonpath.New("credentials"), knownvalue.ListExact(want)),
			statecheck.ExpectKnownValue(partnerCredentialsAddr, tfjsonpath.New("credentials").AtSliceIndex(2).AtMapKey("status"),
				knownvalue.StringExact("revoked")),
			expectNoSecretInState(sb),
		},
	})
}

// Credentials the service no longer accepts fail with its message and
// where to fix them.
func TestAccPartnerCredentialsDataSource_revokedCredentials(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	revoked := createRevokedCredential(t, env, sb)
	env.ClientID, env.ClientSecret = revoked.ClientID, revoked.ClientSecret
	accTest(t, resource.TestStep{
		Config: env.providerConfig(`
data "cardpay_partner_credentials" "all" {}
`),
		ExpectError: wrappedErrorPattern(`Could not list the partner's credentials.*HTTP 401.*this credential was revoked.*` +
			`Check the provider's partner_client_id and partner_client_secret`),
	})
}

// The rows of data.cardpay_partner_credentials in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_partner_credentials": {except: "takes no arguments: it lists every credential pair of the partner"},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_partner_credentials": {config: `
data "cardpay_partner_credentials" "k" {
  depends_on = [cardpay_partner_credential.k]
}
`},
	})
}
