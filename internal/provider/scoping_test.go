// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
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
	const m int64 = otherPartnersMerchant
	cases := map[string]struct{ config, summary string }{
		"cardpay_payment_method": {paymentMethodConfig(m, "amex"),
			fmt.Sprintf(`Could not activate payment method "amex" for merchant %d`, m)},
		"cardpay_onboarding_application": {onboardingApplicationConfig(m),
			fmt.Sprintf(`Could not create onboarding application for merchant %d`, m)},
		"cardpay_online_terminal": {onlineTerminalConfig(m, "PaymentPage", ""),
			fmt.Sprintf(`Could not create online terminal for merchant %d`, m)},
		"cardpay_order": {testOrder{m, 1000, "SEK", "scoping", ""}.config(),
			fmt.Sprintf(`Could not create order for merchant %d`, m)},
		"cardpay_interapp_registration": {interappConfig(m), fmt.Sprintf(`Could not .* merchant %d`, m)},
		"cardpay_store": {storeConfig("x", m, fmt.Sprintf("%d-main", m), `city = "Oslo"`),
			fmt.Sprintf(`Could not .* store "%d-main"`, m)},
		"data.cardpay_payment_methods": {paymentMethodsConfig(m),
			fmt.Sprintf(`Could not list payment methods of merchant %d`, m)},
		"cardpay_store created": {storeConfig("x", m, "", `name = "Intruder"`),
			fmt.Sprintf(`Could not create store for merchant %d`, m)},
		"data.cardpay_onboarding_status": {onboardingStatusConfig(m),
			fmt.Sprintf(`Could not read the onboarding status of merchant %d`, m)},
		"data.cardpay_terminals": {dataBlock("cardpay_terminals", "x", merchantArgs(m)...),
			fmt.Sprintf(`Could not list the terminals of merchant %d`, m)},
		"data.cardpay_stores": {dataBlock("cardpay_stores", "x", merchantArgs(m)...),
			fmt.Sprintf(`Could not list the stores of merchant %d`, m)},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			env := newTestEnv(t)
			sb := env.requireSandbox(t)
			before := sb.Snapshot()
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testProviderFactories,
				Steps: []resource.TestStep{{
					Config: env.providerConfig(tc.config),
					ExpectError: wrappedErrorPattern(tc.summary + `.*HTTP 403.*request ID \S+.*` +
						`These partner credentials may not act for this merchant`),
				}},
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
	accounts, read := aisReadArgs(1001, "user-1001", ""), aisReadArgs(1001, "user-1001", "acc-1001-dkk")
	cases := map[string]string{
		"cardpay_ais_consent":                        consentBase,
		"data.cardpay_ais_accounts":                  dataBlock("cardpay_ais_accounts", "x", accounts...),
		"data.cardpay_ais_account_balance":           dataBlock("cardpay_ais_account_balance", "x", read...),
		"data.cardpay_ais_account_transactions":      dataBlock("cardpay_ais_account_transactions", "x", read...),
		"ephemeral.cardpay_ais_accounts":             ephemeralBlock("cardpay_ais_accounts", "x", accounts...),
		"ephemeral.cardpay_ais_account_balance":      ephemeralBlock("cardpay_ais_account_balance", "x", read...),
		"ephemeral.cardpay_ais_account_transactions": ephemeralBlock("cardpay_ais_account_transactions", "x", read...),
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
				env := newTestEnv(t)
				sb := env.requireSandbox(t)
				env.AccessToken = creds.token
				before := sb.Snapshot()
				resource.ParallelTest(t, resource.TestCase{
					ProtoV6ProviderFactories: testProviderFactories,
					Steps: []resource.TestStep{{
						Config:      env.providerConfigWith(creds.secret, shortRetries, config),
						ExpectError: wrappedErrorPattern(creds.want),
					}},
				})
				if after := sb.Snapshot(); !reflect.DeepEqual(before, after) {
					t.Errorf("a refused request changed the sandbox:\nbefore %+v\nafter  %+v", before, after)
				}
			})
		}
	}
}
