# The endpoint, in a file of its own: rotating its secret adds next.tf
# beside it, then deletes this file.
resource "cardpay_webhook" "payments" {
  url    = var.receiver_url
  events = ["payment.completed", "payment.failed"]
}

output "webhook_id" {
  value = cardpay_webhook.payments.id
}

output "webhook_secret" {
  value     = cardpay_webhook.payments.secret
  sensitive = true
}
