# Applies the module against a cardpay-sandbox started with -auto-advance
# (the merchant and its card onboarding move on by themselves) and checks
# what the service returned. terraform test destroys everything afterwards.

run "sets_up_a_new_merchant" {
  assert {
    condition     = output.merchant_status == "active"
    error_message = "The apply should wait until the merchant is active."
  }

  assert {
    condition     = output.onboarding_status == "MERCHANT_CREATED"
    error_message = "The apply should wait until card onboarding has created the card merchant account."
  }

  assert {
    condition     = join(",", output.active_payment_methods) == "amex,mobilepay"
    error_message = "Both extra payment methods should be active."
  }

  assert {
    condition     = alltrue([for m in cardpay_payment_method.extra : m.status == "active"])
    error_message = "Every payment method should report status active."
  }

  assert {
    condition     = cardpay_store.flagship.name == "Nordic Coffee, Vesterbro" && cardpay_store.flagship.merchant_id == output.merchant_id
    error_message = "The flagship store should be created for the new merchant with the configured name."
  }

  assert {
    condition     = output.terminals.web_shop.store_id == output.store_id && output.terminals.payment_page.store_id == output.store_id
    error_message = "Both terminals should be registered under the flagship store."
  }

  assert {
    condition     = cardpay_order.first.status == "CREATED"
    error_message = "A new order should be CREATED."
  }

  assert {
    condition     = cardpay_webhook.payments.status == "active"
    error_message = "The webhook endpoint should be active."
  }

  assert {
    condition     = cardpay_ais_consent.bookkeeping.status == "pending" && startswith(output.ais_authorization_url, "https://")
    error_message = "A new consent is pending with a link to the bank."
  }
}
