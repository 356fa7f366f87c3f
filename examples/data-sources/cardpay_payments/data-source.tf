data "cardpay_merchant" "harbour" {
  partner_ref_id = "CRM-4711"
}

# Every pending account-to-account payment of one merchant, read page by
# page; reading stops after max_payments and truncated says so.
data "cardpay_payments" "pending" {
  merchant_client_id = data.cardpay_merchant.harbour.client_id
  status             = "pending"
  max_payments       = 500
}

output "pending_total" {
  value = data.cardpay_payments.pending.total
}
