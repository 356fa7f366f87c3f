# What is applied first: an order, a payment method and the partner's
# webhook endpoint, for merchant 1001 of the sandbox's demo data (in DK).
terraform {
  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}

resource "cardpay_order" "first" {
  merchant_id = 1001
  amount      = 1000
  currency    = "DKK"
  reference   = "setup-check-001"
}

resource "cardpay_payment_method" "extra" {
  for_each = toset(["amex"])

  merchant_id = 1001
  method      = each.value
}

resource "cardpay_webhook" "payments" {
  url    = "https://hooks.partner.example/cardpay"
  events = ["payment.completed", "payment.failed"]
}

output "webhook_secret" {
  value     = cardpay_webhook.payments.secret
  sensitive = true
}
