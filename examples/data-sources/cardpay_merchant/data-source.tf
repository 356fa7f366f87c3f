# By the partner's own reference, or by merchant_id.
data "cardpay_merchant" "harbour" {
  partner_ref_id = "CRM-4711"
}

output "harbour_status" {
  value = data.cardpay_merchant.harbour.status
}
