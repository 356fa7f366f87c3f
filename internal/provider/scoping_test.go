// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// otherPartnersMerchant belongs to the sandbox's second partner: the demo
// partner's credentials may not act for it.
const otherPartnersMerchant = 2001

// Every partner type pointed at another partner's merchant fails with a 403
// that names the merchant, the request ID and the likely cause, and the
// sandbox is left as it was.
func TestAccScoping_otherPartnersMerchant(t *testing.T) {
	cases := map[string]struct{ config, summary string }{
		"cardpay_payment_method": {paymentMethodConfig(otherPartnersMerchant, "amex"),
			`Could not activate payment method "amex" for merchant 2001`},
		"cardpay_onboarding_application": {`
resource "cardpay_onboarding_application" "x" {
  merchant_id = 2001
}
`, `Could not read the onboarding status of merchant 2001`},
		"cardpay_online_terminal": {onlineTerminalConfig(otherPartnersMerchant, "PaymentPage"),
			`Could not list the terminals of merchant 2001`},
		"cardpay_order": {testOrder{otherPartnersMerchant, 1000, "SEK", "scoping", ""}.config(),
			`Could not create order for merchant 2001`},
		"cardpay_interapp_registration": {`
resource "cardpay_interapp_registration" "x" {
  merchant_id = 2001
}
`, `Could not .* merchant 2001`},
		"cardpay_store": {`
resource "cardpay_store" "x" {
  merchant_id = 2001
  store_id    = "2001-main"
  city        = "Oslo"
}
`, `Could not .* store "2001-main"`},
		"cardpay_store created": {`
resource "cardpay_store" "x" {
  merchant_id = 2001
  name        = "Intruder"
}
`, `Could not create store for merchant 2001`},
		"data.cardpay_payment_methods": {paymentMethodsConfig(otherPartnersMerchant),
			`Could not list payment methods of merchant 2001`},
		"data.cardpay_onboarding_status": {onboardingStatusConfig(otherPartnersMerchant),
			`Could not read the onboarding status of merchant 2001`},
		"data.cardpay_terminals": {`
data "cardpay_terminals" "x" {
  merchant_id = 2001
}
`, `Could not list the terminals of merchant 2001`},
		"data.cardpay_stores": {`
data "cardpay_stores" "x" {
  merchant_id = 2001
}
`, `Could not list the stores of merchant 2001`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			env, sb := newSandboxTestEnv(t)
			before := sb.Snapshot()
			accTest(t, resource.TestStep{
				Config: env.providerConfig(tc.config),
				ExpectError: wrappedErrorPattern(tc.summary + `.*HTTP 403.*request ID \S+.*` +
					`These partner credentials may not act for this merchant`),
			})
			if after := sb.Snapshot(); !reflect.DeepEqual(before, after) {
				t.Errorf("a refused request changed the sandbox:\nbefore %+v\nafter  %+v", before, after)
			}
		})
	}
}

// A bearer token the service does not know gives a 401 that points at the
// access_token setting, and partner credentials that cannot get a data-API
// token one that points at them, for every account-information type.
func TestAccScoping_unknownAccessToken(t *testing.T) {
	cases := map[string]string{
		"cardpay_ais_consent": consentBase,
		"data.cardpay_ais_accounts": `
data "cardpay_ais_accounts" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
}
`,
		"data.cardpay_ais_account_balance": `
data "cardpay_ais_account_balance" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
}
`,
		"data.cardpay_ais_account_transactions": `
data "cardpay_ais_account_transactions" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
}
`,
		"ephemeral.cardpay_ais_accounts": `
ephemeral "cardpay_ais_accounts" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
}
`,
		"ephemeral.cardpay_ais_account_balance": `
ephemeral "cardpay_ais_account_balance" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
}
`,
		"ephemeral.cardpay_ais_account_transactions": `
ephemeral "cardpay_ais_account_transactions" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
}
`,
	}
	for name, config := range cases {
		for _, creds := range []struct {
			name, token, secret, want string
		}{
			{"unknown access token", "token-the-service-never-issued", sandbox.DemoPartnerClientSecret,
				`HTTP 401.*request ID \S+.*If the provider's access_token .* is set, check it`},
			{"wrong partner secret, no access token", "", "wrong-secret",
				`getting a data-API token for user "user-1001" of merchant 1001: .*generate-token returned HTTP 401.*request ID \S+.*Check the provider's partner_client_id and partner_client_secret`},
		} {
			t.Run(name+"/"+creds.name, func(t *testing.T) {
				env, sb := newSandboxTestEnv(t)
				env.AccessToken, env.ClientSecret = creds.token, creds.secret
				// The consent's plan would check the wrong secret first
				// (credentials_check_test.go); this test is about the
				// token request's error.
				env.ProviderArgs = shortRetries + "\nskip_credentials_check = true"
				before := sb.Snapshot()
				accTest(t, resource.TestStep{
					Config:      env.providerConfig(config),
					ExpectError: wrappedErrorPattern(creds.want),
				})
				if after := sb.Snapshot(); !reflect.DeepEqual(before, after) {
					t.Errorf("a refused request changed the sandbox:\nbefore %+v\nafter  %+v", before, after)
				}
			})
		}
	}
}
