# A first order of 10.00 DKK (amount in the currency's minor unit).
resource "cardpay_order" "setup_check" {
  merchant_id = 1001
  amount      = 1000
  currency    = "DKK"
  reference   = "setup-check-001"
  description = "First order after onboarding"
}

output "setup_check_order_id" {
  value = cardpay_order.setup_check.order_id
}

output "setup_check_payment_link" {
  description = "Send this to the customer; null unless the service returns one."
  value       = cardpay_order.setup_check.payment_link
}
