# In a receiver module's tests: a delivery the receiver logged, checked
# against the endpoint's secret.
variable "webhook_secret" {
  type      = string
  sensitive = true
}

variable "delivery" {
  type = object({
    body      = string
    signature = string # X-AcountPay-Signature
    timestamp = string # X-AcountPay-Timestamp
  })
}

# The result is sensitive because the secret is.
output "delivery_is_genuine" {
  value     = provider::cardpay::verify_webhook_signature(var.webhook_secret, var.delivery.body, var.delivery.signature, var.delivery.timestamp)
  sensitive = true
}
