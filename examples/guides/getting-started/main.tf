terraform {
  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}

provider "cardpay" {}

# The merchant completes its onboarding form at onboarding_url (the
# service also e-mails it); the apply waits until it is active.
resource "cardpay_merchant" "coffee" {
  company_name   = "Nordic Coffee ApS"
  contact_email  = "owner@nordic-coffee.example"
  partner_ref_id = "CRM-0001"
  wait_for       = "active"
}

# Card onboarding; the apply waits until the card merchant account exists.
resource "cardpay_onboarding_application" "coffee" {
  merchant_id = cardpay_merchant.coffee.merchant_id
  wait_for    = "MERCHANT_CREATED"
}

# Activate American Express.
resource "cardpay_payment_method" "amex" {
  merchant_id = cardpay_onboarding_application.coffee.merchant_id
  method      = "amex"
}

resource "cardpay_store" "vesterbro" {
  merchant_id  = cardpay_onboarding_application.coffee.merchant_id
  name         = "Nordic Coffee, Vesterbro"
  city         = "Copenhagen"
  country_code = "DK"
}

# Payment fields embedded in the merchant's web shop.
resource "cardpay_online_terminal" "web_shop" {
  merchant_id          = cardpay_onboarding_application.coffee.merchant_id
  online_terminal_mode = "SelfHostedPage"
  store_id             = cardpay_store.vesterbro.store_id
}

# Where the service sends payment events (plain http only on loopback).
resource "cardpay_webhook" "payments" {
  url    = "https://hooks.nordic-coffee.example/cardpay"
  events = ["payment.completed", "payment.failed"]
}

# The merchant's bookkeeping may read its user's bank accounts once the
# user authorizes this consent at the bank.
resource "cardpay_ais_consent" "bookkeeping" {
  merchant_id                = cardpay_onboarding_application.coffee.merchant_id
  user_id                    = "user-${cardpay_merchant.coffee.merchant_id}"
  permissions                = ["ReadAccountsDetail", "ReadBalances"]
  expiration_date_time       = "2030-01-01T00:00:00Z"
  transaction_from_date_time = "2026-01-01T00:00:00Z"
}

output "merchant_id" {
  value = cardpay_merchant.coffee.merchant_id
}

output "terminal" {
  value = {
    id         = cardpay_online_terminal.web_shop.terminal_id
    public_key = cardpay_online_terminal.web_shop.terminal_public_key
  }
}
