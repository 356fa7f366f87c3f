# The endpoint that takes over from cardpay_webhook.payments: the same URL
# and events, with a new secret.
resource "cardpay_webhook" "payments_next" {
  url    = var.receiver_url
  events = ["payment.completed", "payment.failed"]
}

output "next_webhook_id" {
  value = cardpay_webhook.payments_next.id
}

output "next_webhook_secret" {
  value     = cardpay_webhook.payments_next.secret
  sensitive = true
}
