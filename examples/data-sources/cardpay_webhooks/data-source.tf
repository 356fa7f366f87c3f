data "cardpay_webhooks" "all" {}

# Endpoints that receive failed payments, wherever they were created.
output "failed_payment_receivers" {
  value = [for w in data.cardpay_webhooks.all.webhooks : w.url if contains(w.events, "payment.failed")]
}
