# Plan-only checks: what the module will do for a new merchant, without changing anything.

run "plans_the_merchant_setup" {
  command = plan

  assert {
    condition     = cardpay_merchant.this.partner_ref_id == "CRM-0001" && cardpay_merchant.this.wait_for == "active"
    error_message = "Expected a merchant with the CRM reference that the apply waits for."
  }

  assert {
    condition     = toset(keys(cardpay_payment_method.extra)) == toset(["amex", "mobilepay"])
    error_message = "Expected one payment method per entry of var.payment_methods."
  }

  assert {
    condition     = cardpay_online_terminal.web_shop.online_terminal_mode == "SelfHostedPage" && cardpay_online_terminal.payment_page.online_terminal_mode == "PaymentPage"
    error_message = "Expected a SelfHostedPage and a PaymentPage terminal."
  }

  assert {
    condition     = cardpay_store.flagship.name == "Nordic Coffee, Vesterbro" && cardpay_store.flagship.country_code == "DK"
    error_message = "Expected the flagship store in Denmark."
  }

  assert {
    condition     = length(data.cardpay_ais_accounts.user) == 0
    error_message = "Accounts must not be read before the consent is authorized."
  }
}

run "rejects_an_unsupported_currency" {
  command = plan

  variables {
    first_order = {
      amount    = 1000
      currency  = "USD"
      reference = "bad-currency"
    }
  }

  expect_failures = [var.first_order]
}
