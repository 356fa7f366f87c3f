data "cardpay_payment_methods" "merchant" {
  merchant_id = 1001
}

output "active_payment_methods" {
  value = sort([for m in data.cardpay_payment_methods.merchant.methods : m.method if m.status == "active"])
}
