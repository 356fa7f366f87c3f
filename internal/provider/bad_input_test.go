// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"slices"
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
	{name: "payment method merchant 0", config: resourceBlock("cardpay_payment_method", "x", "merchant_id = 0", `method = "amex"`),
		attr: "merchant_id", want: `merchant_id value must be at least 1, got: 0`},
	{name: "terminal merchant -5", config: resourceBlock("cardpay_online_terminal", "x", "merchant_id = -5", `online_terminal_mode = "PaymentPage"`),
		attr: "merchant_id", want: `merchant_id value must be at least 1, got: -5`},
	{name: "onboarding merchant 0", config: resourceBlock("cardpay_onboarding_application", "x", "merchant_id = 0"),
		attr: "merchant_id", want: `merchant_id value must be at least 1`},
	{name: "interapp merchant 0", config: resourceBlock("cardpay_interapp_registration", "x", "merchant_id = 0"),
		attr: "merchant_id", want: `merchant_id value must be at least 1`},
	{name: "payment methods data source merchant 0", config: dataBlock("cardpay_payment_methods", "x", "merchant_id = 0"),
		attr: "merchant_id", want: `merchant_id value must be at least 1`},
	{name: "accounts data source merchant 0", config: dataBlock("cardpay_ais_accounts", "x", "merchant_id = 0", `user_id = "user-1001"`),
		attr: "merchant_id", want: `merchant_id value must be at least 1`},

	{name: "onboarding status merchant 0", config: dataBlock("cardpay_onboarding_status", "x", "merchant_id = 0"),
		attr: "merchant_id", want: `merchant_id value must be at least 1`},
	{name: "terminals data source merchant 0", config: dataBlock("cardpay_terminals", "x", "merchant_id = 0"),
		attr: "merchant_id", want: `merchant_id value must be at least 1`},
	{name: "stores data source merchant -1", config: dataBlock("cardpay_stores", "x", "merchant_id = -1"),
		attr: "merchant_id", want: `merchant_id value must be at least 1`},

	// Wrong enums.
	{name: "onboarding wait_for", config: resourceBlock("cardpay_onboarding_application", "x", "merchant_id = 1001", `wait_for = "merchant_created"`),
		attr: "wait_for", want: `wait_for value must be one of: \["MERCHANT_CREATED"\]`},
	{name: "terminal type blank", config: dataBlock("cardpay_terminals", "x", "merchant_id = 1001", `terminal_type = " "`),
		attr: "terminal_type", want: `terminal_type must not be empty or only whitespace`},
	{name: "payment method in upper case", config: resourceBlock("cardpay_payment_method", "x", "merchant_id = 1001", `method = "AMEX"`),
		attr: "method", want: `method must be a lowercase payment-method identifier such as "visa"`},
	{name: "terminal mode", config: resourceBlock("cardpay_online_terminal", "x", "merchant_id = 1001", `online_terminal_mode = "paymentpage"`),
		attr: "online_terminal_mode", want: `online_terminal_mode value must be one of: \["SelfHostedPage" "PaymentPage" "MerchantInitiated"\]`},
	{name: "order currency", config: orderWith("currency", `"USD"`),
		attr: "currency", want: `currency value must be one of: \["DKK" "EUR" "SEK"\]`},
	{name: "order amount 0", config: orderWith("amount", "0"),
		attr: "amount", want: `amount value must be at least 1`},
	{name: "consent permission", config: consentWith("permissions", `["ReadEverything"]`),
		attr: "permissions", want: `value must be one of:.*ReadAccountsDetail`},
	{name: "empty permission set", config: consentWith("permissions", `[]`),
		attr: "permissions", want: `permissions set must contain at least 1 elements`},

	// Malformed timestamps and dates.
	{name: "consent expiration", config: consentWith("expiration_date_time", `"next year"`),
		attr: "expiration_date_time", want: `not valid RFC3339 string format. Given Value: next year`},
	{name: "transactions from_date", config: transactionsWith("from_date", `"01/02/2026"`),
		attr: "from_date", want: `"01/02/2026" is not a valid date. Write an RFC 3339 timestamp such as .* or a date such as "2025-01-31"`},
	{name: "ephemeral transactions to_date", config: ephemeralBlock("cardpay_ais_account_transactions", "x", withArg(transactionsArgs, "to_date", `"2026-13-01"`)...),
		attr: "to_date", want: `"2026-13-01" is not a valid date. Write an RFC 3339 timestamp`},

	// Bad e-mail, country code and URL.
	{name: "store e-mail", config: storeWith("email", `"shop at example.com"`),
		attr: "email", want: `is not a plain e-mail address. Write an address such as "name@example.com"`},
	{name: "store country code", config: storeWith("country_code", `"Denmark"`),
		attr: "country_code", want: `ISO 3166-1 alpha-2 country code`},
	{name: "consent callback URL", config: consentWith("callback_url", `"ftp://example.com/cb"`),
		attr: "callback_url", want: `uses the scheme "ftp". Write an absolute https URL`},

	// Webhook URL and events.
	{name: "webhook plain http", config: webhookWith("url", `"http://hooks.example/events"`),
		attr: "url", want: `plain http for a host that is not loopback.*Write an absolute https URL`},
	{name: "webhook event name", config: webhookWith("events", `["payment.complete"]`),
		attr: "events", want: `value must be one of:.*"payment.completed"`},

	// A store to create without a name.
	{name: "created store without name", config: resourceBlock("cardpay_store", "x", "merchant_id = 1001", `city = "Odense"`),
		want: `Missing store name.*Set name, for example name = "Harbour Shop", or set store_id to adopt`},
	{name: "onboarding timeout", config: resourceBlock("cardpay_onboarding_application", "x", "merchant_id = 1001", hclBlock("timeouts", `create = "forever"`)),
		attr: "create", want: `"forever" must be a string containing a sequence of decimal numbers.*such as "300ms"`},

	// page_limit 0.
	{name: "transactions page_limit 0", config: transactionsWith("page_limit", `0`),
		attr: "page_limit", want: `page_limit value must be at least 1, got: 0`},

	// Malformed import IDs.
	{name: "import payment method without slash", resourceAddr: "cardpay_payment_method.x", importID: "1001-amex",
		config: resourceBlock("cardpay_payment_method", "x", "merchant_id = 1001", `method = "amex"`),
		want:   `Invalid import ID for cardpay_payment_method.*1001/amex`},
	{name: "import payment method merchant 0", resourceAddr: "cardpay_payment_method.x", importID: "0/amex",
		config: resourceBlock("cardpay_payment_method", "x", "merchant_id = 1001", `method = "amex"`),
		want:   `Invalid import ID for cardpay_payment_method`},
	{name: "import store merchant not numeric", resourceAddr: "cardpay_store.x", importID: "shop/1001-main",
		config: resourceBlock("cardpay_store", "x", storeArgs...), want: `Invalid import ID for cardpay_store.*1001/1001-main`},
	{name: "import terminal without merchant", resourceAddr: "cardpay_online_terminal.test", importID: "term_0123456789abcdef",
		config: onlineTerminalConfig(1001, "PaymentPage", ""), want: `Invalid import ID for cardpay_online_terminal.*1001/term_0123456789abcdef`},
	{name: "import order with extra segment", resourceAddr: "cardpay_order.x", importID: "1001/ord_1/2",
		config: resourceBlock("cardpay_order", "x", orderArgs...), want: `Invalid import ID for cardpay_order.*1001/ord_0123456789abcdef`},
	{name: "import webhook with slash", resourceAddr: "cardpay_webhook.x", importID: "9001/x",
		config: resourceBlock("cardpay_webhook", "x", webhookArgs...), want: `Invalid import ID for cardpay_webhook.*"9001"`},
	{name: "import onboarding by application ID", resourceAddr: "cardpay_onboarding_application.x", importID: "app_0123",
		config: resourceBlock("cardpay_onboarding_application", "x", "merchant_id = 1001"),
		want:   `Invalid import ID for cardpay_onboarding_application.*positive numeric merchant ID`},
}

// Valid arguments of the types whose bad inputs change one of them.
var (
	consentArgs = []string{"merchant_id = 1001", `user_id = "user-1001"`, `permissions = ["ReadBalances"]`,
		`expiration_date_time = "2099-01-01T00:00:00Z"`, `transaction_from_date_time = "2025-01-01T00:00:00Z"`}
	transactionsArgs = aisReadArgs(1001, "user-1001", "acc-1001-dkk")
	storeArgs        = []string{"merchant_id = 1001", `store_id = "1001-main"`}
	orderArgs        = []string{"merchant_id = 1001", "amount = 1000", `currency = "SEK"`}
	webhookArgs      = []string{`url = "https://hooks.example/events"`, `events = ["payment.completed"]`}

	// consentBase is a valid consent, for tests of failures other than
	// bad input.
	consentBase = resourceBlock("cardpay_ais_consent", "x", consentArgs...)
)

func consentWith(attr, value string) string {
	return resourceBlock("cardpay_ais_consent", "x", withArg(consentArgs, attr, value)...)
}

func transactionsWith(attr, value string) string {
	return dataBlock("cardpay_ais_account_transactions", "x", withArg(transactionsArgs, attr, value)...)
}

func storeWith(attr, value string) string {
	return resourceBlock("cardpay_store", "x", withArg(storeArgs, attr, value)...)
}

func orderWith(attr, value string) string {
	return resourceBlock("cardpay_order", "x", withArg(withArg(orderArgs, "reference", `"r"`), attr, value)...)
}

func webhookWith(attr, value string) string {
	return resourceBlock("cardpay_webhook", "x", withArg(webhookArgs, attr, value)...)
}

// withArg returns args with attr set to the HCL expression value: its line
// replaced, or a line added.
func withArg(args []string, attr, value string) []string {
	out := slices.Clone(args)
	line := attr + " = " + value
	for i, a := range out {
		if strings.HasPrefix(a, attr+" ") {
			out[i] = line
			return out
		}
	}
	return append(out, line)
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
