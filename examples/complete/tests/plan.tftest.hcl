# Plan-only checks: what the configuration will do, without changing
# anything.

run "plans_one_module_call_per_merchant" {
  command = plan

  assert {
    condition     = toset(keys(module.merchant)) == toset(["nordic-coffee", "harbour-bakery"])
    error_message = "Expected one merchant module per entry of var.merchants."
  }

  assert {
    condition     = toset(cardpay_webhook.payments.events) == toset(["payment.completed", "payment.failed", "merchant.activated", "merchant.deactivated"])
    error_message = "Expected one partner webhook endpoint for the payment and merchant events."
  }

  assert {
    condition     = output.bank_accounts == { harbour-bakery = [], nordic-coffee = [] }
    error_message = "Accounts must not be read before the consents are authorized."
  }
}
