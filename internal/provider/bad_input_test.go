// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// badInput is one invalid configuration and the message it must produce:
// the attribute's name and what to write instead. Its blocks are named x;
// for a list resource, config is the query; for an action, TestAccBadInput
// triggers action.<type>.x.
type badInput struct {
	config string
	// importID, when set, imports <type>.x with this ID instead of planning
	// config.
	importID string
	// attr is the attribute whose line terraform must point at (the
	// diagnostic carries its path); empty where terraform quotes no line.
	attr string
	want string
	// except, when set, says why the type takes no input to get wrong.
	except string
}

func (c badInput) exception() string { return c.except }
func (c badInput) hasCase() bool     { return c.config != "" }

// badInputs holds every type, keyed as Terraform addresses it
// (cardpay_store, data.cardpay_stores, action.cardpay_test_order...) and
// what is wrong after a space. TestCoverage fails when a type is missing.
var badInputs = map[string]badInput{
	// Non-positive IDs.
	"cardpay_payment_method merchant 0": {config: `
resource "cardpay_payment_method" "x" {
  merchant_id = 0
  method      = "amex"
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1, got: 0`},
	"cardpay_online_terminal merchant -5": {config: `
resource "cardpay_online_terminal" "x" {
  merchant_id          = -5
  online_terminal_mode = "PaymentPage"
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1, got: -5`},
	"cardpay_onboarding_application merchant 0": {config: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	"cardpay_interapp_registration merchant 0": {config: `
resource "cardpay_interapp_registration" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	"data.cardpay_payment_methods merchant 0": {config: `
data "cardpay_payment_methods" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	"data.cardpay_ais_accounts merchant 0": {config: `
data "cardpay_ais_accounts" "x" {
  merchant_id = 0
  user_id     = "user-1001"
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	"data.cardpay_onboarding_status merchant 0": {config: `
data "cardpay_onboarding_status" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	"data.cardpay_terminals merchant 0": {config: `
data "cardpay_terminals" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	"data.cardpay_stores merchant -1": {config: `
data "cardpay_stores" "x" {
  merchant_id = -1
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	"ephemeral.cardpay_ais_accounts merchant 0": {config: `
ephemeral "cardpay_ais_accounts" "x" {
  merchant_id = 0
  user_id     = "user-1001"
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	"ephemeral.cardpay_interapp_registration merchant 0": {config: `
ephemeral "cardpay_interapp_registration" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	"list.cardpay_payment_method merchant 0": {config: `
list "cardpay_payment_method" "x" {
  provider = cardpay
  config {
    merchant_id = 0
  }
}
`, want: `merchant_id.*value must be at least 1`},
	"list.cardpay_store merchant 0": {config: `
list "cardpay_store" "x" {
  provider = cardpay
  config {
    merchant_id = 0
  }
}
`, want: `merchant_id.*value must be at least 1`},
	"list.cardpay_online_terminal merchant 0": {config: `
list "cardpay_online_terminal" "x" {
  provider = cardpay
  config {
    merchant_id = 0
  }
}
`, want: `merchant_id.*value must be at least 1`},
	"action.cardpay_test_order merchant 0": {config: `
action "cardpay_test_order" "x" {
  config {
    merchant_id = 0
    amount      = 1000
    currency    = "SEK"
  }
}
`, want: `merchant_id value must be at least 1, got: 0`},
	"action.cardpay_interapp_pairing merchant 0": {config: `
action "cardpay_interapp_pairing" "x" {
  config {
    merchant_id = 0
  }
}
`, want: `merchant_id value must be at least 1, got: 0`},

	// Wrong enums and amounts.
	"cardpay_onboarding_application wait_for": {config: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
  wait_for    = "merchant_created"
}
`, attr: "wait_for", want: `wait_for value must be one of: \["MERCHANT_CREATED"\]`},
	"data.cardpay_terminals blank type": {config: `
data "cardpay_terminals" "x" {
  merchant_id   = 1001
  terminal_type = " "
}
`, attr: "terminal_type", want: `terminal_type must not be empty or only whitespace`},
	"cardpay_payment_method in upper case": {config: `
resource "cardpay_payment_method" "x" {
  merchant_id = 1001
  method      = "AMEX"
}
`, attr: "method", want: `method must be a lowercase payment-method identifier such as "visa"`},
	"cardpay_online_terminal mode": {config: `
resource "cardpay_online_terminal" "x" {
  merchant_id          = 1001
  online_terminal_mode = "paymentpage"
}
`, attr: "online_terminal_mode", want: `online_terminal_mode value must be one of: \["SelfHostedPage" "PaymentPage" "MerchantInitiated"\]`},
	"cardpay_order currency": {config: `
resource "cardpay_order" "x" {
  merchant_id = 1001
  amount      = 1000
  currency    = "USD"
  reference   = "r"
}
`, attr: "currency", want: `currency value must be one of: \["DKK" "EUR" "SEK"\]`},
	"cardpay_order amount 0": {config: `
resource "cardpay_order" "x" {
  merchant_id = 1001
  amount      = 0
  currency    = "SEK"
  reference   = "r"
}
`, attr: "amount", want: `amount value must be at least 1`},
	"action.cardpay_test_order amount 0": {config: `
action "cardpay_test_order" "x" {
  config {
    merchant_id = 1001
    amount      = 0
    currency    = "SEK"
  }
}
`, want: `amount value must be at least 1, got: 0`},
	"action.cardpay_test_order currency": {config: `
action "cardpay_test_order" "x" {
  config {
    merchant_id = 1001
    amount      = 1000
    currency    = "usd"
  }
}
`, want: `currency value must be one of: \["DKK" "EUR" "SEK"\], got: "usd"`},
	"cardpay_ais_consent permission": {config: `
resource "cardpay_ais_consent" "x" {
  merchant_id                = 1001
  user_id                    = "user-1001"
  permissions                = ["ReadEverything"]
  expiration_date_time       = "2099-01-01T00:00:00Z"
  transaction_from_date_time = "2025-01-01T00:00:00Z"
}
`, attr: "permissions", want: `value must be one of:.*ReadAccountsDetail`},
	"cardpay_ais_consent empty permission set": {config: `
resource "cardpay_ais_consent" "x" {
  merchant_id                = 1001
  user_id                    = "user-1001"
  permissions                = []
  expiration_date_time       = "2099-01-01T00:00:00Z"
  transaction_from_date_time = "2025-01-01T00:00:00Z"
}
`, attr: "permissions", want: `permissions set must contain at least 1 elements`},

	// Blank text.
	"action.cardpay_test_order blank reference": {config: `
action "cardpay_test_order" "x" {
  config {
    merchant_id = 1001
    amount      = 1000
    currency    = "SEK"
    reference   = " "
  }
}
`, want: `reference must not be empty or only whitespace`},
	"action.cardpay_test_order blank description": {config: `
action "cardpay_test_order" "x" {
  config {
    merchant_id = 1001
    amount      = 1000
    currency    = "SEK"
    description = " "
  }
}
`, want: `description must not be empty or only whitespace`},
	"action.cardpay_interapp_pairing blank store": {config: `
action "cardpay_interapp_pairing" "x" {
  config {
    merchant_id = 1001
    store_id    = " "
  }
}
`, want: `store_id must not be empty or only whitespace`},
	"ephemeral.cardpay_ais_account_balance blank account": {config: `
ephemeral "cardpay_ais_account_balance" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = " "
}
`, attr: "account_id", want: `account_id must not be empty or only whitespace`},
	"data.cardpay_ais_account_balance blank user": {config: `
data "cardpay_ais_account_balance" "x" {
  merchant_id = 1001
  user_id     = " "
  account_id  = "acc-1001-dkk"
}
`, attr: "user_id", want: `user_id must not be empty or only whitespace`},

	// Malformed timestamps and dates.
	"cardpay_ais_consent expiration": {config: `
resource "cardpay_ais_consent" "x" {
  merchant_id                = 1001
  user_id                    = "user-1001"
  permissions                = ["ReadBalances"]
  expiration_date_time       = "next year"
  transaction_from_date_time = "2025-01-01T00:00:00Z"
}
`, attr: "expiration_date_time", want: `not valid RFC3339 string format. Given Value: next year`},
	"data.cardpay_ais_account_transactions from_date": {config: `
data "cardpay_ais_account_transactions" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
  from_date   = "01/02/2026"
}
`, attr: "from_date", want: `"01/02/2026" is not a valid date. Write an RFC 3339 timestamp such as .* or a date such as "2025-01-31"`},
	"ephemeral.cardpay_ais_account_transactions to_date": {config: `
ephemeral "cardpay_ais_account_transactions" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
  to_date     = "2026-13-01"
}
`, attr: "to_date", want: `"2026-13-01" is not a valid date. Write an RFC 3339 timestamp`},

	// Bad e-mail, country code and URL.
	"cardpay_store e-mail": {config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-main"
  email       = "shop at example.com"
}
`, attr: "email", want: `is not a plain e-mail address. Write an address such as "name@example.com"`},
	"cardpay_store country code": {config: `
resource "cardpay_store" "x" {
  merchant_id  = 1001
  store_id     = "1001-main"
  country_code = "Denmark"
}
`, attr: "country_code", want: `ISO 3166-1 alpha-2 country code`},
	"cardpay_ais_consent callback URL": {config: `
resource "cardpay_ais_consent" "x" {
  merchant_id                = 1001
  user_id                    = "user-1001"
  permissions                = ["ReadBalances"]
  expiration_date_time       = "2099-01-01T00:00:00Z"
  transaction_from_date_time = "2025-01-01T00:00:00Z"
  callback_url               = "ftp://example.com/cb"
}
`, attr: "callback_url", want: `uses the scheme "ftp". Write an absolute https URL`},

	// Webhook URL and events.
	"cardpay_webhook plain http": {config: webhookConfig("http://hooks.example/events", `["payment.completed"]`),
		attr: "url", want: `plain http for a host that is not loopback.*Write an absolute https URL`},
	"cardpay_webhook event name": {config: webhookConfig("https://hooks.example/events", `["payment.complete"]`),
		attr: "events", want: `value must be one of:.*"payment.completed"`},

	// A store to create without a name.
	"cardpay_store created without name": {config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  city        = "Odense"
}
`, want: `Missing store name.*Set name, for example name = "Harbour Shop", or set store_id to adopt`},
	"cardpay_onboarding_application timeout": {config: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
  timeouts {
    create = "forever"
  }
}
`, attr: "create", want: `"forever" must be a string containing a sequence of decimal numbers.*such as "300ms"`},

	// page_limit 0.
	"data.cardpay_ais_account_transactions page_limit 0": {config: `
data "cardpay_ais_account_transactions" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
  page_limit  = 0
}
`, attr: "page_limit", want: `page_limit value must be at least 1, got: 0`},

	// Malformed import IDs.
	"cardpay_payment_method import without slash": {importID: "1001-amex", config: paymentMethodImportConfig,
		want: `Invalid import ID for cardpay_payment_method.*1001/amex`},
	"cardpay_payment_method import merchant 0": {importID: "0/amex", config: paymentMethodImportConfig,
		want: `Invalid import ID for cardpay_payment_method`},
	"cardpay_store import merchant not numeric": {importID: "shop/1001-main", config: `
resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-main"
}
`, want: `Invalid import ID for cardpay_store.*1001/1001-main`},
	"cardpay_online_terminal import without merchant": {importID: "term_0123456789abcdef", config: `
resource "cardpay_online_terminal" "x" {
  merchant_id          = 1001
  online_terminal_mode = "PaymentPage"
}
`, want: `Invalid import ID for cardpay_online_terminal.*1001/term_0123456789abcdef`},
	"cardpay_order import with extra segment": {importID: "1001/ord_1/2", config: `
resource "cardpay_order" "x" {
  merchant_id = 1001
  amount      = 1000
  currency    = "SEK"
}
`, want: `Invalid import ID for cardpay_order.*1001/ord_0123456789abcdef`},
	"cardpay_webhook import with slash": {importID: "9001/x", config: `
resource "cardpay_webhook" "x" {
  url    = "https://hooks.example/events"
  events = ["payment.completed"]
}
`, want: `Invalid import ID for cardpay_webhook.*"9001"`},
	"cardpay_onboarding_application import by application ID": {importID: "app_0123", config: `
resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
}
`, want: `Invalid import ID for cardpay_onboarding_application.*positive numeric merchant ID`},

	// The partner's book.
	"cardpay_merchant e-mail": {config: `
resource "cardpay_merchant" "x" {
  company_name  = "Harbour Coffee ApS"
  contact_email = "owner at harbour-coffee.example"
}
`, attr: "contact_email", want: `is not a plain e-mail address. Write an address such as "name@example.com"`},
	"cardpay_merchant fast track and test": {config: `
resource "cardpay_merchant" "x" {
  company_name  = "Harbour Coffee ApS"
  contact_email = "owner@harbour-coffee.example"
  test_merchant = true
  fast_track = {
    registration_number = "DK12345678"
    website             = "https://harbour-coffee.example"
    iban                = "DK5000400440116243"
  }
}
`, attr: "fast_track", want: `Attribute "test_merchant" cannot be specified when "fast_track" is specified`},
	"cardpay_merchant IBAN": {config: `
resource "cardpay_merchant" "x" {
  company_name  = "Harbour Coffee ApS"
  contact_email = "owner@harbour-coffee.example"
  fast_track = {
    registration_number = "DK12345678"
    website             = "https://harbour-coffee.example"
    iban                = "DK00 0000"
  }
}
`, want: `fast_track.iban must be an IBAN in upper case without spaces, such as "DK5000400440116243"`},
	"cardpay_merchant import by name": {importID: "Harbour Coffee", config: merchantConfig("CRM-1"),
		want: `Invalid import ID for cardpay_merchant.*ref:`},
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
	"data.cardpay_merchant both keys": {config: `
data "cardpay_merchant" "x" {
  merchant_id    = 1001
  partner_ref_id = "CRM-1"
}
`, want: `merchant_id.*partner_ref_id`},
	"data.cardpay_merchants blank status": {config: `
data "cardpay_merchants" "x" {
  status = " "
}
`, attr: "status", want: `status must not be empty or only whitespace`},
	"data.cardpay_card_payment blank ID": {config: `
data "cardpay_card_payment" "x" {
  merchant_id = 1001
  payment_id  = ""
}
`, attr: "payment_id", want: `payment_id must not be empty or only whitespace`},
	"data.cardpay_payments page size": {config: `
data "cardpay_payments" "x" {
  page_size = 500
}
`, attr: "page_size", want: `page_size value must be between 1 and 100, got: 500`},
	"data.cardpay_ais_consent_accounts blank consent": {config: `
data "cardpay_ais_consent_accounts" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  consent_id  = " "
}
`, attr: "consent_id", want: `consent_id must not be empty or only whitespace`},
	"ephemeral.cardpay_online_sdk_token merchant 0": {config: `
ephemeral "cardpay_online_sdk_token" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	"data.cardpay_partner_credentials": {except: "takes no arguments: it lists every credential pair of the partner"},
	"data.cardpay_partner_profile":     {except: "takes no arguments: it reads the partner the provider is configured as"},
	"list.cardpay_merchant":            {except: "takes no arguments: it lists every merchant of the partner"},
	"data.cardpay_webhooks":            {except: "takes no arguments: it lists every webhook endpoint of the partner"},
	"list.cardpay_webhook":             {except: "takes no arguments: it lists every webhook endpoint of the partner"},
}

// paymentMethodImportConfig is the resource the import ID cases import to.
const paymentMethodImportConfig = `
resource "cardpay_payment_method" "x" {
  merchant_id = 1001
  method      = "amex"
}
`

// Every bad input is refused with a message naming the attribute and the
// fix, before any request reaches the service.
func TestAccBadInput(t *testing.T) {
	for name, tc := range badInputs {
		if tc.except != "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			kind, typeName := kindAndType(name)
			var versions []tfversion.TerraformVersionCheck
			switch kind {
			case kindList:
				skipWithoutQuery(t)
				versions = queryVersionChecks
			case kindAction:
				skipWithoutActions(t)
				versions = actionVersionChecks
			}
			env := newTestEnv(t)
			mark := sandboxtest.MarkRequests(env.requireSandbox(t))
			resource.ParallelTest(t, resource.TestCase{
				TerraformVersionChecks:   versions,
				ProtoV6ProviderFactories: testProviderFactories,
				Steps:                    badInputSteps(env, kind, typeName, tc),
			})
			mark.ExpectNoneReached(t)
		})
	}
}

// badInputSteps plans the bad configuration as its kind is used: a
// resource, data source or ephemeral resource in a configuration (or an
// import), a list resource in a query, an action by a trigger.
func badInputSteps(env *testEnv, kind, typeName string, tc badInput) []resource.TestStep {
	want := tc.want
	if tc.attr != "" {
		// Terraform quotes the attribute's line when the diagnostic carries
		// its path.
		want = `\d+: ` + tc.attr + ` = .*` + want
	}
	step := resource.TestStep{Config: env.providerConfig(tc.config), ExpectError: wrappedErrorPattern(want)}
	switch {
	case tc.importID != "":
		step.ResourceName, step.ImportState, step.ImportStateId = typeName+".x", true, tc.importID
	case kind == kindList:
		step.Query, step.Config = true, tc.config
		return []resource.TestStep{{Config: env.providerConfig()}, step}
	case kind == kindAction:
		step.Config = env.providerConfig(tc.config, actionTrigger("action."+typeName+".x"))
	}
	return []resource.TestStep{step}
}
