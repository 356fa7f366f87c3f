output "merchant_id" {
  description = "Numeric ID of the new merchant."
  value       = cardpay_merchant.this.merchant_id
}

output "merchant_status" {
  description = "Status of the merchant as of the last refresh: active once it has completed its onboarding form."
  value       = cardpay_merchant.this.status
}

output "merchant_onboarding_url" {
  description = "Where the merchant completes its onboarding form (also e-mailed to it); it carries an onboarding token."
  value       = cardpay_merchant.this.onboarding_url
  sensitive   = true
}

output "kyb_url" {
  description = "Where the merchant completes business verification (also e-mailed to the merchant)."
  value       = coalesce(cardpay_onboarding_application.this.short_link_url, cardpay_onboarding_application.this.web_kyb_url, "verification has ended")
}

output "onboarding_status" {
  description = "Status of the onboarding application as of the last refresh."
  value       = cardpay_onboarding_application.this.application_status
}

output "active_payment_methods" {
  description = "Payment methods this configuration activated."
  value       = sort([for m in cardpay_payment_method.extra : m.method])
}

output "terminals" {
  description = "Terminal IDs and public keys for the merchant's web developers."
  value = {
    for name, t in {
      web_shop     = cardpay_online_terminal.web_shop
      payment_page = cardpay_online_terminal.payment_page
      } : name => {
      terminal_id = t.terminal_id
      public_key  = t.terminal_public_key
      store_id    = t.store_id
    }
  }
}

output "store_id" {
  description = "ID of the flagship store."
  value       = cardpay_store.flagship.store_id
}

output "webhook_secret" {
  description = "Secret the service signs webhook deliveries with; verify each delivery with it."
  value       = cardpay_webhook.payments.secret
  sensitive   = true
}

output "first_order_id" {
  description = "ID of the opening order."
  value       = cardpay_order.first.order_id
}

output "tap_to_pay_registration_code" {
  description = "Code to type into the companion app; valid for about two minutes."
  value       = cardpay_interapp_registration.counter.registration_code
  sensitive   = true
}

output "tap_to_pay_registration_link" {
  description = "Deep link that opens the companion app, when the service provides one."
  value       = cardpay_interapp_registration.counter.registration_link
  sensitive   = true
}

output "ais_consent_request_id" {
  description = "Request ID of the AIS consent."
  value       = cardpay_ais_consent.bookkeeping.request_id
}

output "ais_authorization_url" {
  description = "Send the merchant's user here to authorize account access at the bank."
  value       = cardpay_ais_consent.bookkeeping.authorization_url
  sensitive   = true
}

output "bank_accounts" {
  description = "The user's accounts (IBAN, currency, balance) once the consent is authorized and read_accounts is true."
  value = var.read_accounts ? [
    for a in data.cardpay_ais_accounts.user[0].accounts : {
      iban     = a.iban
      currency = a.currency
      balance  = a.balance
    }
  ] : []
  sensitive = true
}
