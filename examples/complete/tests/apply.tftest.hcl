# Applies the configuration against a cardpay-sandbox started with
# -auto-advance (the merchants and their card onboarding move on by
# themselves) and checks what the service returned for both merchants.
# terraform test destroys everything afterwards.

run "sets_up_two_new_merchants" {
  assert {
    condition     = output.merchant_statuses == { harbour-bakery = "active", nordic-coffee = "active" }
    error_message = "The apply should wait until both merchants are active."
  }

  assert {
    condition     = alltrue([for status in values(output.onboarding_statuses) : status == "MERCHANT_CREATED"])
    error_message = "The apply should wait until card onboarding has created each card merchant account."
  }

  assert {
    condition     = output.merchant_ids["nordic-coffee"] != output.merchant_ids["harbour-bakery"]
    error_message = "Each entry of var.merchants should be a merchant of its own."
  }

  assert {
    condition     = join(",", output.active_payment_methods["nordic-coffee"]) == "amex,mobilepay" && join(",", output.active_payment_methods["harbour-bakery"]) == "amex"
    error_message = "Each merchant should have its own payment methods active (the default two, or the ones it lists)."
  }

  assert {
    condition     = alltrue([for name, t in output.terminals : t.web_shop.store_id == output.store_ids[name] && t.payment_page.store_id == output.store_ids[name]])
    error_message = "Both terminals of each merchant should be registered under its flagship store."
  }

  assert {
    condition     = output.first_orders["harbour-bakery"].total == "49.50 SEK" && output.first_orders["nordic-coffee"].total == "10.00 DKK"
    error_message = "Each opening order should be for its merchant's amount and currency."
  }

  assert {
    condition     = cardpay_webhook.payments.status == "active"
    error_message = "The partner's one webhook endpoint should be active."
  }

  assert {
    condition     = alltrue([for url in values(output.ais_authorization_urls) : startswith(url, "https://")])
    error_message = "Each new consent should come with a link to the bank."
  }
}
