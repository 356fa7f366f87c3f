// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import "fmt"

// mixedCounts says how many instances of each resource type a mixed
// configuration holds. The demo partner's merchants 1001 to 1003 bound the
// payment methods (five inactive methods each) and the stores (two each).
type mixedCounts struct {
	Terminals, Orders, Applications, Consents, Interapp, PaymentMethods, Stores int
}

func (c mixedCounts) total() int {
	return c.Terminals + c.Orders + c.Applications + c.Consents + c.Interapp + c.PaymentMethods + c.Stores
}

// mixedConfig declares resources of every type, spread over the demo
// partner's merchants, without a provider block. runID keeps order
// references apart between configurations.
func mixedConfig(c mixedCounts, runID string) string {
	return fmt.Sprintf(`
locals {
  merchants = [1001, 1002, 1003]
  methods   = ["amex", "swish", "klarna", "vipps", "mobilepay"]
  modes     = ["SelfHostedPage", "PaymentPage", "MerchantInitiated"]
}

resource "cardpay_online_terminal" "t" {
  count                = %d
  merchant_id          = local.merchants[count.index %% 3]
  online_terminal_mode = local.modes[count.index %% 3]
}

resource "cardpay_order" "o" {
  count       = %d
  merchant_id = local.merchants[count.index %% 3]
  amount      = 1000 + count.index
  currency    = "DKK"
  reference   = "%s-${count.index}"
}

resource "cardpay_onboarding_application" "a" {
  count       = %d
  merchant_id = local.merchants[count.index %% 3]
}

resource "cardpay_ais_consent" "c" {
  count                      = %d
  merchant_id                = 1001
  user_id                    = "user-1001"
  permissions                = ["ReadAccountsDetail", "ReadBalances", "ReadTransactionsDetail"]
  expiration_date_time       = "2099-01-01T00:00:00Z"
  transaction_from_date_time = "2025-01-01T00:00:00Z"
}

resource "cardpay_interapp_registration" "i" {
  count       = %d
  merchant_id = local.merchants[count.index %% 3]
  store_id    = "${local.merchants[count.index %% 3]}-main"
}

resource "cardpay_payment_method" "p" {
  count       = %d
  merchant_id = local.merchants[count.index %% 3]
  method      = local.methods[floor(count.index / 3)]
}

resource "cardpay_store" "s" {
  count       = %d
  merchant_id = local.merchants[count.index %% 3]
  store_id    = "${local.merchants[count.index %% 3]}-${count.index < 3 ? "main" : "second"}"
  name        = "Store ${count.index}"
  city        = "Copenhagen"
}
`, c.Terminals, c.Orders, runID, c.Applications, c.Consents, c.Interapp, c.PaymentMethods, c.Stores)
}
