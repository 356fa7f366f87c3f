# A test order right after the web shop's payment-page terminal is
# registered. It is not kept in state: each invocation creates another order,
# and the API cannot cancel one. Needs Terraform 1.14 or later.
action "cardpay_test_order" "smoke" {
  config {
    merchant_id = 1001
    amount      = 100 # 1.00 SEK, in the currency's minor unit
    currency    = "SEK"
    reference   = "smoke-payment-page"
    description = "Smoke test after registering the payment-page terminal"
  }
}

resource "cardpay_online_terminal" "payment_page" {
  merchant_id          = 1001
  online_terminal_mode = "PaymentPage"

  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.cardpay_test_order.smoke]
    }
  }
}
