data "cardpay_merchants" "active" {
  status = "active"
}

output "active_merchants" {
  value = { for m in data.cardpay_merchants.active.merchants : m.merchant_id => m.company_name }
}
