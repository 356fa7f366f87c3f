# A signed test delivery for a webhook receiver, with the headers the
# service sends: both schemes, since the service's pages publish both.
variable "webhook_secret" {
  type      = string
  sensitive = true
}

locals {
  body      = jsonencode({ event = "payment.completed", timestamp = "2026-01-18T14:35:00.000Z", data = { paymentId = 4711 } })
  timestamp = "1768746900"
}

output "test_delivery_headers" {
  value = {
    "X-Webhook-Signature"   = provider::cardpay::webhook_signature(var.webhook_secret, local.body)
    "X-AcountPay-Timestamp" = local.timestamp
    "X-AcountPay-Signature" = provider::cardpay::webhook_signature(var.webhook_secret, local.body, local.timestamp)
  }
  sensitive = true
}
