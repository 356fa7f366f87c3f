// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// consentAccountsConfig lists the accounts of the consent at addr
// data.cardpay_ais_consent_accounts.<name>.
func consentAccountsConfig(name, userID, consentID string) string {
	return fmt.Sprintf(`
data "cardpay_ais_consent_accounts" %q {
  merchant_id = 1001
  user_id     = %q
  consent_id  = %q
}
`, name, userID, consentID)
}

// sandboxConsent returns the sandbox's consent with the request ID.
func sandboxConsent(t *testing.T, sb *sandbox.Server, requestID string) sandbox.ConsentRecord {
	t.Helper()
	return mustFind(t, sb.Snapshot().Consents, func(c sandbox.ConsentRecord) bool { return c.RequestID == requestID },
		"the sandbox has no consent %s", requestID)
}

// An authorized consent covers every account of its user, linked when it
// was authorized; one of a user without bank data covers none, and a
// pending one none yet. Personal data is sensitive.
func TestAccAISConsentAccountsDataSource(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	consent := sandboxConsent(t, sb, aisTestAuthorizedConsent(t, env, aisTestUser, aisReadPermAccounts))
	empty := sandboxConsent(t, sb, aisTestAuthorizedConsent(t, env, "user-without-accounts", aisReadPermAccounts))
	pending := aisTestConsent(t, env, aisTestBigUser, aisReadPermAccounts)
	if consent.ConsentID == "" || consent.UpdatedAt == "" {
		t.Fatalf("authorized consent %+v has no consent ID or authorization time", consent)
	}
	var accounts []knownvalue.Check
	for _, a := range aisTestFixtureUser(t, aisTestUser).Accounts {
		// The sandbox knows the features of current accounts only.
		features := `[]`
		if a.AccountType == "CURRENT" {
			features = `["payments"]`
		}
		accounts = append(accounts, knownvalue.ObjectExact(map[string]knownvalue.Check{
			"account_id":          knownvalue.StringExact(a.AccountID),
			"iban":                knownvalue.StringExact(a.IBAN),
			"account_holder_name": knownvalue.StringExact(a.AccountHolderName),
			"bank_id":             knownvalue.StringExact(a.BankID),
			"currency":            knownvalue.StringExact(a.Currency),
			"is_active":           knownvalue.Bool(true),
			"account_details": knownvalue.MapExact(map[string]knownvalue.Check{
				"accountType":     knownvalue.StringExact(a.AccountType),
				"accountFeatures": knownvalue.StringExact(features),
			}),
			"created_at": knownvalue.StringExact(consent.UpdatedAt),
			"updated_at": knownvalue.StringExact(consent.UpdatedAt),
		}))
	}
	const addr = "data.cardpay_ais_consent_accounts.bookkeeping"
	accTest(t, resource.TestStep{
		Config: env.providerConfig(
			consentAccountsConfig("bookkeeping", aisTestUser, consent.ConsentID),
			consentAccountsConfig("empty", "user-without-accounts", empty.ConsentID),
			consentAccountsConfig("pending", aisTestBigUser, pending),
		),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("accounts"), knownvalue.ListExact(accounts)),
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("accounts"), knownvalue.ListSizeExact(3)),
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("accounts").AtSliceIndex(0).AtMapKey("account_details").AtMapKey("accountFeatures"),
				knownvalue.StringExact(`["payments"]`)),
			statecheck.ExpectSensitiveValue(addr, tfjsonpath.New("accounts").AtSliceIndex(0).AtMapKey("iban")),
			statecheck.ExpectSensitiveValue(addr, tfjsonpath.New("accounts").AtSliceIndex(0).AtMapKey("account_holder_name")),
			statecheck.ExpectSensitiveValue(addr, tfjsonpath.New("accounts").AtSliceIndex(0).AtMapKey("account_details")),
			statecheck.ExpectKnownValue("data.cardpay_ais_consent_accounts.empty", tfjsonpath.New("accounts"), knownvalue.ListExact([]knownvalue.Check{})),
			statecheck.ExpectKnownValue("data.cardpay_ais_consent_accounts.pending", tfjsonpath.New("accounts"), knownvalue.ListExact([]knownvalue.Check{})),
		},
	})
}

// An expired consent no longer gives access, another user's consent is
// not readable with this user's token, and an unknown consent is not found.
func TestAccAISConsentAccountsDataSource_noAccess(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	expired := sandboxConsent(t, sb, aisTestAuthorizedConsent(t, env, aisTestUser, aisReadPermAccounts))
	if err := sb.ExpireConsent(expired.RequestID); err != nil {
		t.Fatal(err)
	}
	other := sandboxConsent(t, sb, aisTestAuthorizedConsent(t, env, aisTestUser, aisReadPermAccounts))
	accTest(t,
		resource.TestStep{
			Config: env.providerConfig(consentAccountsConfig("x", aisTestUser, expired.ConsentID)),
			ExpectError: aisTestError(fmt.Sprintf("Could not list the accounts of consent %q", expired.ConsentID), "HTTP 403",
				"consent "+expired.RequestID+" is expired: its accounts can no longer be read", "request ID"),
		},
		resource.TestStep{
			Config: env.providerConfig(consentAccountsConfig("x", aisTestBigUser, other.ConsentID)),
			ExpectError: aisTestError(fmt.Sprintf("Could not list the accounts of consent %q", other.ConsentID), "HTTP 401",
				"this token was issued for user "+aisTestBigUser+" of merchant 1001, not user "+aisTestUser+" of merchant 1001",
				"a consent or account of another user is refused the same way: check user_id"),
		},
		resource.TestStep{
			Config: env.providerConfig(consentAccountsConfig("x", aisTestUser, "ta:unknown")),
			ExpectError: aisTestError(`Could not list the accounts of consent "ta:unknown"`, "HTTP 404",
				`consent "ta:unknown" not found`),
		},
	)
}

// The rows of data.cardpay_ais_consent_accounts in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_ais_consent_accounts blank consent": {config: `
data "cardpay_ais_consent_accounts" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  consent_id  = " "
}
`, attr: "consent_id", want: `consent_id must not be empty or only whitespace`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_ais_consent_accounts": {afterConsent: true, config: `
data "cardpay_ais_consent_accounts" "a" {
  merchant_id = 1001
  user_id     = "user-1001"
  consent_id  = cardpay_ais_consent.c.consent_id
}
`},
	})
}
