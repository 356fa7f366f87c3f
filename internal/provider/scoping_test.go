package provider

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// otherPartnersMerchant belongs to the sandbox's second partner: the demo
// partner's credentials may not act for it.
const otherPartnersMerchant = 2001

// Every partner type pointed at another partner's merchant fails with a 403
// that names the merchant, the request ID and the likely cause, and the
// sandbox is left as it was.
func TestAccScoping_otherPartnersMerchant(t *testing.T) {
	m := otherPartnersMerchant
	cases := map[string]struct{ config, summary string }{
		"cardpay_payment_method": {fmt.Sprintf(`resource "cardpay_payment_method" "x" {
  merchant_id = %d
  method      = "amex"
}`, m), fmt.Sprintf(`Could not activate payment method "amex" for merchant %d`, m)},
		"cardpay_onboarding_application": {onboardingApplicationConfig(int64(m)),
			fmt.Sprintf(`Could not create onboarding application for merchant %d`, m)},
		"cardpay_online_terminal": {onlineTerminalConfig(int64(m), "PaymentPage", ""),
			fmt.Sprintf(`Could not create online terminal for merchant %d`, m)},
		"cardpay_order": {testOrder{int64(m), 1000, "SEK", "scoping", ""}.config(),
			fmt.Sprintf(`Could not create order for merchant %d`, m)},
		"cardpay_interapp_registration": {fmt.Sprintf(`resource "cardpay_interapp_registration" "x" {
  merchant_id = %d
}`, m), fmt.Sprintf(`Could not .* merchant %d`, m)},
		"cardpay_store": {fmt.Sprintf(`resource "cardpay_store" "x" {
  merchant_id = %[1]d
  store_id    = "%[1]d-main"
  city        = "Oslo"
}`, m), fmt.Sprintf(`Could not .* store "%d-main"`, m)},
		"data.cardpay_payment_methods": {fmt.Sprintf(`data "cardpay_payment_methods" "x" {
  merchant_id = %d
}`, m), fmt.Sprintf(`Could not list payment methods of merchant %d`, m)},
		"cardpay_store created": {storeConfig("x", int64(m), "", `name = "Intruder"`),
			fmt.Sprintf(`Could not create store for merchant %d`, m)},
		"data.cardpay_onboarding_status": {onboardingStatusConfig(int64(m)),
			fmt.Sprintf(`Could not read the onboarding status of merchant %d`, m)},
		"data.cardpay_terminals": {fmt.Sprintf(`data "cardpay_terminals" "x" {
  merchant_id = %d
}`, m), fmt.Sprintf(`Could not list the terminals of merchant %d`, m)},
		"data.cardpay_stores": {fmt.Sprintf(`data "cardpay_stores" "x" {
  merchant_id = %d
}`, m), fmt.Sprintf(`Could not list the stores of merchant %d`, m)},
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
// access_token setting, for every account-information type.
func TestAccScoping_unknownAccessToken(t *testing.T) {
	const read = `
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
`
	cases := map[string]string{
		"cardpay_ais_consent":                        consentBase,
		"data.cardpay_ais_accounts":                  `data "cardpay_ais_accounts" "x" {` + accountsArgs + `}`,
		"data.cardpay_ais_account_balance":           `data "cardpay_ais_account_balance" "x" {` + read + `}`,
		"data.cardpay_ais_account_transactions":      `data "cardpay_ais_account_transactions" "x" {` + read + `}`,
		"ephemeral.cardpay_ais_accounts":             `ephemeral "cardpay_ais_accounts" "x" {` + accountsArgs + `}`,
		"ephemeral.cardpay_ais_account_balance":      `ephemeral "cardpay_ais_account_balance" "x" {` + read + `}`,
		"ephemeral.cardpay_ais_account_transactions": `ephemeral "cardpay_ais_account_transactions" "x" {` + read + `}`,
	}
	for name, config := range cases {
		t.Run(name, func(t *testing.T) {
			env := newTestEnv(t)
			sb := env.requireSandbox(t)
			env.AccessToken = "token-the-service-never-issued"
			before := sb.Snapshot()
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testProviderFactories,
				Steps: []resource.TestStep{{
					Config:      env.providerConfig(config),
					ExpectError: wrappedErrorPattern(`HTTP 401.*request ID \S+.*Check the provider's access_token`),
				}},
			})
			if after := sb.Snapshot(); !reflect.DeepEqual(before, after) {
				t.Errorf("a refused request changed the sandbox:\nbefore %+v\nafter  %+v", before, after)
			}
		})
	}
}

const accountsArgs = `
  merchant_id = 1001
  user_id     = "user-1001"
`
