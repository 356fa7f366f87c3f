# Runs against a cardpay-sandbox started with -auto-advance (the merchant
# and its card onboarding move on by themselves). The provider reads its
# address and credentials from the environment (CARDPAY_BASE_URL,
# CARDPAY_PARTNER_CLIENT_ID, CARDPAY_PARTNER_CLIENT_SECRET):
#
#   terraform test -test-directory=tests/sandbox
#
# terraform test destroys everything afterwards.

variables {
  merchant = {
    company_name   = "Module Test ApS"
    contact_email  = "owner@module-test.example"
    partner_ref_id = "CRM-MODULE-TEST"
  }
  store = {
    name         = "Module Test, Aarhus"
    city         = "Aarhus"
    country_code = "DK"
  }
}

run "sets_up_a_new_merchant" {
  assert {
    condition     = output.merchant_status == "active" && output.onboarding_status == "MERCHANT_CREATED"
    error_message = "The apply should wait until the merchant is active and card onboarding has created its account."
  }

  assert {
    condition     = join(",", output.active_payment_methods) == "amex,mobilepay"
    error_message = "Both default extra payment methods should be active."
  }

  assert {
    condition     = alltrue([for m in cardpay_payment_method.extra : m.status == "active"])
    error_message = "Every payment method should report status active."
  }

  assert {
    condition     = cardpay_store.flagship.name == "Module Test, Aarhus" && cardpay_store.flagship.merchant_id == output.merchant_id
    error_message = "The flagship store should be created for the new merchant with the configured name."
  }

  assert {
    condition     = output.terminals.web_shop.store_id == output.store_id && output.terminals.payment_page.store_id == output.store_id
    error_message = "Both terminals should be registered under the flagship store."
  }

  assert {
    condition     = cardpay_order.first.status == "CREATED" && output.first_order_total == "10.00 DKK"
    error_message = "A new order of 10.00 DKK should be CREATED."
  }

  assert {
    condition     = cardpay_ais_consent.bookkeeping.status == "pending" && startswith(output.ais_authorization_url, "https://")
    error_message = "A new consent is pending with a link to the bank."
  }
}
