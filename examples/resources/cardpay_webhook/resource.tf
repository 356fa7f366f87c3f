# Payment notifications for the partner's back office.
resource "cardpay_webhook" "payments" {
  url    = "https://backoffice.example/cardpay/events"
  events = ["payment.completed", "payment.failed"]
}

# The signing secret is shown only once, at creation: hand it to the
# receiver, for example through your secrets manager's Terraform resource.
output "payments_webhook_secret" {
  value     = cardpay_webhook.payments.secret
  sensitive = true
}
