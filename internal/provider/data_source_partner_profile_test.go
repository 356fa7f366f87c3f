// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

const partnerProfileConfig = `
data "cardpay_partner_profile" "me" {}
`

// expectPartnerProfile checks every attribute of the data source against p.
func expectPartnerProfile(p *sandbox.PartnerProfile) []statecheck.StateCheck {
	const addr = "data.cardpay_partner_profile.me"
	values := map[string]string{
		"id": strconv.FormatInt(p.ID, 10), "name": p.Name, "company_name": p.CompanyName,
		"contact_email": p.ContactEmail, "contact_phone": p.ContactPhone, "website": p.Website,
		"registration_number": p.RegistrationNumber, "status": p.Status, "created_at": p.CreatedAt, "updated_at": p.UpdatedAt,
	}
	var checks []statecheck.StateCheck
	for attr, v := range values {
		checks = append(checks, statecheck.ExpectKnownValue(addr, tfjsonpath.New(attr), knownvalue.StringExact(v)))
	}
	return checks
}

// The data source reads the profile of the partner whose credentials the
// provider uses, exactly as the service holds it; credentials the service
// no longer accepts fail with its message.
func TestAccPartnerProfileDataSource(t *testing.T) {
	if env := newTestEnv(t); env.Sandbox == nil {
		t.Skipf("needs a cardpay-sandbox with partner profiles of its own, and %s points at a real API", envBaseURL)
	}
	fixtures := sandbox.DefaultFixtures()
	demo := &sandbox.PartnerProfile{
		ID: 4711, Name: "Nordic Payments", CompanyName: "Nordic Payments A/S", ContactEmail: "partners@nordic-payments.example",
		ContactPhone: "+4570203040", Website: "https://nordic-payments.example", RegistrationNumber: "DK-31415926",
		Status: "suspended", CreatedAt: "2023-05-02T08:00:00Z", UpdatedAt: "2025-11-30T16:45:00Z",
	}
	other := &sandbox.PartnerProfile{
		ID: 815, Name: "Baltic Checkout", CompanyName: "Baltic Checkout OÜ", ContactEmail: "ops@baltic-checkout.example",
		ContactPhone: "+3725550100", Website: "https://baltic-checkout.example", RegistrationNumber: "EE-14000000",
		Status: "pending", CreatedAt: "2025-01-10T10:00:00Z", UpdatedAt: "2025-01-11T10:00:00Z",
	}
	fixtures.Partners[0].Profile, fixtures.Partners[1].Profile = demo, other
	started := sandboxtest.Start(t, sandboxtest.Fixtures(fixtures))
	env := sandboxTestEnv(started)
	otherEnv := *env
	otherEnv.ClientID, otherEnv.ClientSecret = sandbox.OtherPartnerClientID, sandbox.OtherPartnerClientSecret
	revokedEnv := *env
	revoked := createRevokedCredential(t, env, started.Server)
	revokedEnv.ClientID, revokedEnv.ClientSecret = revoked.ClientID, revoked.ClientSecret
	accTest(t,
		resource.TestStep{Config: env.providerConfig(partnerProfileConfig), ConfigStateChecks: expectPartnerProfile(demo)},
		resource.TestStep{Config: otherEnv.providerConfig(partnerProfileConfig), ConfigStateChecks: expectPartnerProfile(other)},
		resource.TestStep{
			Config: revokedEnv.providerConfig(partnerProfileConfig),
			ExpectError: wrappedErrorPattern(`Could not read the partner's profile.*HTTP 401.*this credential was revoked.*` +
				`Check the provider's partner_client_id and partner_client_secret`),
		},
	)
}

// The rows of data.cardpay_partner_profile in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_partner_profile": {except: "takes no arguments: it reads the partner the provider is configured as"},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_partner_profile": {config: `
data "cardpay_partner_profile" "p" {}
`},
	})
}
