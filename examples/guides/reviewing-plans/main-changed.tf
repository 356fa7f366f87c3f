# The change under review: a higher amount for the order, swish instead of
# amex, a second webhook endpoint on another host, and its secret in an
# output without the sensitive mark.
terraform {
  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}

resource "cardpay_order" "first" {
  merchant_id = 1001
  amount      = 2500
  currency    = "DKK"
  reference   = "setup-check-001"
}

resource "cardpay_payment_method" "extra" {
  for_each = toset(["swish"])

  merchant_id = 1001
  method      = each.value
}

resource "cardpay_webhook" "payments" {
  url    = "https://hooks.partner.example/cardpay"
  events = ["payment.completed", "payment.failed"]
}

resource "cardpay_webhook" "backoffice" {
  url    = "https://backoffice.example/cardpay/events"
  events = ["payment.completed"]
}

output "webhook_secret" {
  value     = cardpay_webhook.payments.secret
  sensitive = true
}

output "backoffice_webhook_secret" {
  value = nonsensitive(cardpay_webhook.backoffice.secret)
}
