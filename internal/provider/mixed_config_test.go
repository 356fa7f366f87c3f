// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

// mixedCounts says how many instances of each resource type a mixed
// configuration holds. The demo partner's merchants 1001 to 1003 bound the
// payment methods (five inactive methods each) and the stores (two each).
type mixedCounts struct {
	Terminals, Orders, Applications, Consents, Interapp, PaymentMethods, Stores int
}

func (c mixedCounts) total() int {
	return c.Terminals + c.Orders + c.Applications + c.Consents + c.Interapp + c.PaymentMethods + c.Stores
}

// mixedConfig renders resources of every type, spread over the demo
// partner's merchants, without a provider block. runID keeps order
// references apart between configurations.
func mixedConfig(c mixedCounts, runID string) string {
	const merchant = "merchant_id = local.merchants[count.index % 3]"
	return `
locals {
  merchants = [1001, 1002, 1003]
  methods   = ["amex", "swish", "klarna", "vipps", "mobilepay"]
  modes     = ["SelfHostedPage", "PaymentPage", "MerchantInitiated"]
}
` +
		resourceBlock("cardpay_online_terminal", "t", hclArg("count", c.Terminals), merchant,
			"online_terminal_mode = local.modes[count.index % 3]") +
		resourceBlock("cardpay_order", "o", hclArg("count", c.Orders), merchant,
			"amount = 1000 + count.index", `currency = "DKK"`, hclArg("reference", runID+"-${count.index}")) +
		resourceBlock("cardpay_onboarding_application", "a", hclArg("count", c.Applications), merchant) +
		resourceBlock("cardpay_ais_consent", "c", hclArg("count", c.Consents), "merchant_id = 1001", `user_id = "user-1001"`,
			hclArg("permissions", []string{"ReadAccountsDetail", "ReadBalances", "ReadTransactionsDetail"}),
			`expiration_date_time = "2099-01-01T00:00:00Z"`, `transaction_from_date_time = "2025-01-01T00:00:00Z"`) +
		resourceBlock("cardpay_interapp_registration", "i", hclArg("count", c.Interapp), merchant,
			`store_id = "${local.merchants[count.index % 3]}-main"`) +
		resourceBlock("cardpay_payment_method", "p", hclArg("count", c.PaymentMethods), merchant,
			"method = local.methods[floor(count.index / 3)]") +
		resourceBlock("cardpay_store", "s", hclArg("count", c.Stores), merchant,
			`store_id = "${local.merchants[count.index % 3]}-${count.index < 3 ? "main" : "second"}"`,
			`name = "Store ${count.index}"`, `city = "Copenhagen"`)
}
