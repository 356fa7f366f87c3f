# Each output is a map keyed by the merchant's name in var.merchants.

output "merchant_ids" {
  description = "Numeric ID of each new merchant."
  value       = { for name, m in module.merchant : name => m.merchant_id }
}

output "merchant_statuses" {
  description = "Status of each merchant as of the last refresh: active once it has completed its onboarding form."
  value       = { for name, m in module.merchant : name => m.merchant_status }
}

output "merchant_onboarding_urls" {
  description = "Where each merchant completes its onboarding form (also e-mailed to it); each carries an onboarding token."
  value       = { for name, m in module.merchant : name => m.merchant_onboarding_url }
  sensitive   = true
}

output "kyb_urls" {
  description = "Where each merchant completes business verification (also e-mailed to the merchant)."
  value       = { for name, m in module.merchant : name => m.kyb_url }
}

output "onboarding_statuses" {
  description = "Status of each onboarding application as of the last refresh."
  value       = { for name, m in module.merchant : name => m.onboarding_status }
}

output "active_payment_methods" {
  description = "Payment methods this configuration activated, per merchant."
  value       = { for name, m in module.merchant : name => m.active_payment_methods }
}

output "terminals" {
  description = "Terminal IDs and public keys for each merchant's web developers."
  value       = { for name, m in module.merchant : name => m.terminals }
}

output "store_ids" {
  description = "ID of each merchant's flagship store."
  value       = { for name, m in module.merchant : name => m.store_id }
}

output "first_orders" {
  description = "ID and total of each merchant's opening order."
  value       = { for name, m in module.merchant : name => { order_id = m.first_order_id, total = m.first_order_total } }
}

output "tap_to_pay_registration_codes" {
  description = "Code to type into each merchant's companion app; valid for about two minutes."
  value       = { for name, m in module.merchant : name => m.tap_to_pay_registration_code }
  sensitive   = true
}

output "ais_consent_request_ids" {
  description = "Request ID of each merchant's AIS consent."
  value       = { for name, m in module.merchant : name => m.ais_consent_request_id }
}

output "ais_authorization_urls" {
  description = "Where to send each merchant's user to authorize account access at the bank."
  value       = { for name, m in module.merchant : name => m.ais_authorization_url }
  sensitive   = true
}

output "bank_accounts" {
  description = "Each merchant's user's accounts (IBAN, currency, balance) once the consent is authorized and read_accounts is true."
  value       = { for name, m in module.merchant : name => m.bank_accounts }
  sensitive   = true
}

output "webhook_secret" {
  description = "Secret the service signs webhook deliveries with, for every merchant's events; verify each delivery with it."
  value       = cardpay_webhook.payments.secret
  sensitive   = true
}
