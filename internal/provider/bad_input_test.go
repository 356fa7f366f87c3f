package provider

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// badInput is one invalid configuration and the message it must produce:
// the attribute's name and what to write instead.
type badInput struct {
	name   string
	config string
	// importID, when set, imports resourceAddr with this ID instead of
	// planning config.
	importID     string
	resourceAddr string
	// attr is the attribute whose line terraform must point at (the
	// diagnostic carries its path); empty for import IDs.
	attr string
	want string
}

var badInputs = []badInput{
	// Non-positive IDs.
	{name: "payment method merchant 0", config: `resource "cardpay_payment_method" "x" {
  merchant_id = 0
  method      = "amex"
}`, attr: "merchant_id", want: `merchant_id value must be at least 1, got: 0`},
	{name: "terminal merchant -5", config: `resource "cardpay_online_terminal" "x" {
  merchant_id          = -5
  online_terminal_mode = "PaymentPage"
}`, attr: "merchant_id", want: `merchant_id value must be at least 1, got: -5`},
	{name: "onboarding merchant 0", config: `resource "cardpay_onboarding_application" "x" {
  merchant_id = 0
}`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	{name: "interapp merchant 0", config: `resource "cardpay_interapp_registration" "x" {
  merchant_id = 0
}`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	{name: "payment methods data source merchant 0", config: `data "cardpay_payment_methods" "x" {
  merchant_id = 0
}`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	{name: "accounts data source merchant 0", config: `data "cardpay_ais_accounts" "x" {
  merchant_id = 0
  user_id     = "user-1001"
}`, attr: "merchant_id", want: `merchant_id value must be at least 1`},

	{name: "onboarding status merchant 0", config: `data "cardpay_onboarding_status" "x" {
  merchant_id = 0
}`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	{name: "terminals data source merchant 0", config: `data "cardpay_terminals" "x" {
  merchant_id = 0
}`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	{name: "stores data source merchant -1", config: `data "cardpay_stores" "x" {
  merchant_id = -1
}`, attr: "merchant_id", want: `merchant_id value must be at least 1`},

	// Wrong enums.
	{name: "onboarding wait_for", config: `resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
  wait_for    = "merchant_created"
}`, attr: "wait_for", want: `wait_for value must be one of: \["MERCHANT_CREATED"\]`},
	{name: "terminal type blank", config: `data "cardpay_terminals" "x" {
  merchant_id   = 1001
  terminal_type = " "
}`, attr: "terminal_type", want: `terminal_type must not be empty or only whitespace`},
	{name: "payment method in upper case", config: `resource "cardpay_payment_method" "x" {
  merchant_id = 1001
  method      = "AMEX"
}`, attr: "method", want: `method must be a lowercase payment-method identifier such as "visa"`},
	{name: "terminal mode", config: `resource "cardpay_online_terminal" "x" {
  merchant_id          = 1001
  online_terminal_mode = "paymentpage"
}`, attr: "online_terminal_mode", want: `online_terminal_mode value must be one of: \["SelfHostedPage" "PaymentPage" "MerchantInitiated"\]`},
	{name: "order currency", config: `resource "cardpay_order" "x" {
  merchant_id = 1001
  amount      = 1000
  currency    = "USD"
  reference   = "r"
}`, attr: "currency", want: `currency value must be one of: \["DKK" "EUR" "SEK"\]`},
	{name: "order amount 0", config: `resource "cardpay_order" "x" {
  merchant_id = 1001
  amount      = 0
  currency    = "SEK"
  reference   = "r"
}`, attr: "amount", want: `amount value must be at least 1`},
	{name: "consent permission", config: consentWith("permissions", `["ReadEverything"]`),
		attr: "permissions", want: `value must be one of:.*ReadAccountsDetail`},
	{name: "empty permission set", config: consentWith("permissions", `[]`),
		attr: "permissions", want: `permissions set must contain at least 1 elements`},

	// Malformed timestamps and dates.
	{name: "consent expiration", config: consentWith("expiration_date_time", `"next year"`),
		attr: "expiration_date_time", want: `not valid RFC3339 string format. Given Value: next year`},
	{name: "transactions from_date", config: transactionsWith("from_date", `"01/02/2026"`),
		attr: "from_date", want: `"01/02/2026" is not a valid date. Write an RFC 3339 timestamp such as .* or a date such as "2025-01-31"`},
	{name: "ephemeral transactions to_date", config: `ephemeral "cardpay_ais_account_transactions" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
  to_date     = "2026-13-01"
}`, attr: "to_date", want: `"2026-13-01" is not a valid date. Write an RFC 3339 timestamp`},

	// Bad e-mail, country code and URL.
	{name: "store e-mail", config: storeWith("email", `"shop at example.com"`),
		attr: "email", want: `is not a plain e-mail address. Write an address such as "shop@example.com"`},
	{name: "store country code", config: storeWith("country_code", `"Denmark"`),
		attr: "country_code", want: `ISO 3166-1 alpha-2 country code`},
	{name: "consent callback URL", config: consentWith("callback_url", `"ftp://example.com/cb"`),
		attr: "callback_url", want: `uses the scheme "ftp". Write an absolute https URL`},

	// Webhook URL and events.
	{name: "webhook plain http", config: `resource "cardpay_webhook" "x" {
  url    = "http://hooks.example/events"
  events = ["payment.completed"]
}`, attr: "url", want: `plain http for a host that is not loopback.*Write an absolute https URL`},
	{name: "webhook event name", config: `resource "cardpay_webhook" "x" {
  url    = "https://hooks.example/events"
  events = ["payment.complete"]
}`, attr: "events", want: `value must be one of:.*"payment.completed"`},

	// A store to create without a name.
	{name: "created store without name", config: `resource "cardpay_store" "x" {
  merchant_id = 1001
  city        = "Odense"
}`, want: `Missing store name.*Set name, for example name = "Harbour Shop", or set store_id to adopt`},
	{name: "onboarding timeout", config: `resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
  timeouts {
    create = "forever"
  }
}`, attr: "create", want: `"forever" must be a string containing a sequence of decimal numbers.*such as "300ms"`},

	// page_limit 0.
	{name: "transactions page_limit 0", config: transactionsWith("page_limit", `0`),
		attr: "page_limit", want: `page_limit value must be at least 1, got: 0`},

	// Malformed import IDs.
	{name: "import payment method without slash", resourceAddr: "cardpay_payment_method.x", importID: "1001-amex",
		config: `resource "cardpay_payment_method" "x" {
  merchant_id = 1001
  method      = "amex"
}`, want: `Invalid import ID for cardpay_payment_method.*1001/amex`},
	{name: "import payment method merchant 0", resourceAddr: "cardpay_payment_method.x", importID: "0/amex",
		config: `resource "cardpay_payment_method" "x" {
  merchant_id = 1001
  method      = "amex"
}`, want: `Invalid import ID for cardpay_payment_method`},
	{name: "import store merchant not numeric", resourceAddr: "cardpay_store.x", importID: "shop/1001-main",
		config: `resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-main"
}`, want: `Invalid import ID for cardpay_store.*1001/1001-main`},
	{name: "import terminal without merchant", resourceAddr: "cardpay_online_terminal.test", importID: "term_0123456789abcdef",
		config: onlineTerminalConfig(1001, "PaymentPage", ""), want: `Invalid import ID for cardpay_online_terminal.*1001/term_0123456789abcdef`},
	{name: "import order with extra segment", resourceAddr: "cardpay_order.x", importID: "1001/ord_1/2",
		config: `resource "cardpay_order" "x" {
  merchant_id = 1001
  amount      = 1000
  currency    = "SEK"
}`, want: `Invalid import ID for cardpay_order.*1001/ord_0123456789abcdef`},
	{name: "import webhook with slash", resourceAddr: "cardpay_webhook.x", importID: "9001/x",
		config: `resource "cardpay_webhook" "x" {
  url    = "https://hooks.example/events"
  events = ["payment.completed"]
}`, want: `Invalid import ID for cardpay_webhook.*"9001"`},
	{name: "import onboarding by application ID", resourceAddr: "cardpay_onboarding_application.x", importID: "app_0123",
		config: `resource "cardpay_onboarding_application" "x" {
  merchant_id = 1001
}`, want: `Invalid import ID for cardpay_onboarding_application.*positive numeric merchant ID`},
}

const (
	consentBase = `resource "cardpay_ais_consent" "x" {
  merchant_id                = 1001
  user_id                    = "user-1001"
  permissions                = ["ReadBalances"]
  expiration_date_time       = "2099-01-01T00:00:00Z"
  transaction_from_date_time = "2025-01-01T00:00:00Z"
}`
	transactionsBase = `data "cardpay_ais_account_transactions" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
}`
	storeBase = `resource "cardpay_store" "x" {
  merchant_id = 1001
  store_id    = "1001-main"
}`
)

func consentWith(attr, value string) string      { return withAttr(consentBase, attr, value) }
func transactionsWith(attr, value string) string { return withAttr(transactionsBase, attr, value) }
func storeWith(attr, value string) string        { return withAttr(storeBase, attr, value) }

// withAttr sets attr to the HCL expression value in a one-block config,
// replacing its line or adding one before the closing brace.
func withAttr(block, attr, value string) string {
	line := regexp.MustCompile(`(?m)^  ` + attr + `\s*=.*$`)
	if line.MatchString(block) {
		return line.ReplaceAllLiteralString(block, "  "+attr+" = "+value)
	}
	return strings.TrimSuffix(block, "}") + "  " + attr + " = " + value + "\n}"
}

// Every bad input is refused with a message naming the attribute and the
// fix, before any request reaches the service.
func TestAccBadInput(t *testing.T) {
	for _, tc := range badInputs {
		t.Run(tc.name, func(t *testing.T) {
			env := newTestEnv(t)
			sb := env.requireSandbox(t)
			want := tc.want
			if tc.attr != "" {
				// Terraform quotes the attribute's line when the
				// diagnostic carries its path.
				want = `\d+: ` + tc.attr + ` = .*` + want
			}
			step := resource.TestStep{Config: env.providerConfig(tc.config), ExpectError: wrappedErrorPattern(want)}
			if tc.importID != "" {
				step.ResourceName, step.ImportState, step.ImportStateId = tc.resourceAddr, true, tc.importID
			}
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: testProviderFactories,
				Steps:                    []resource.TestStep{step},
			})
			if counts := sb.RequestCounts(); len(counts) != 0 {
				t.Errorf("bad input reached the service: %v", counts)
			}
		})
	}
}
