# Plan-only checks: what the module will do for a merchant, without changing anything.

run "plans_the_merchant_setup" {
  command = plan

  assert {
    condition     = toset(keys(cardpay_payment_method.extra)) == toset(["amex", "mobilepay"])
    error_message = "Expected one payment method per entry of var.payment_methods."
  }

  assert {
    condition     = cardpay_online_terminal.web_shop.online_terminal_mode == "SelfHostedPage" && cardpay_online_terminal.payment_page.online_terminal_mode == "PaymentPage"
    error_message = "Expected a SelfHostedPage and a PaymentPage terminal."
  }

  assert {
    condition     = cardpay_store.main.store_id == "1001-main" && cardpay_store.main.country_code == "DK"
    error_message = "The store update should target 1001-main in Denmark."
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
