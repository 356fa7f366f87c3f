# Applies the module against cardpay-sandbox and checks what the service returned.
# terraform test destroys everything afterwards.

run "sets_up_the_merchant" {
  assert {
    condition     = output.onboarding_status == "PENDING"
    error_message = "A new onboarding application should be PENDING."
  }

  assert {
    condition     = startswith(output.kyb_url, "https://")
    error_message = "The merchant needs an https link to complete verification."
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
    condition     = output.terminals.web_shop.store_id == "1001-main" && output.terminals.payment_page.store_id == "1001-main"
    error_message = "Both terminals should be registered under the default store."
  }

  assert {
    condition     = cardpay_store.main.name == "Nordic Coffee, Vesterbro" && cardpay_store.main.is_default
    error_message = "The store should carry the configured name and stay the default."
  }

  assert {
    condition     = cardpay_order.first.status == "CREATED"
    error_message = "A new order should be CREATED."
  }

  assert {
    condition     = cardpay_ais_consent.bookkeeping.status == "pending" && startswith(output.ais_authorization_url, "https://")
    error_message = "A new consent is pending with a link to the bank."
  }
}
