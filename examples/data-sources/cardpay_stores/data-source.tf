data "cardpay_stores" "merchant" {
  merchant_id = 1001
}

# The default store the service created when onboarding completed, for
# example to adopt it with cardpay_store.
output "default_store_id" {
  value = one([for s in data.cardpay_stores.merchant.stores : s.store_id if s.is_default])
}

output "active_stores" {
  value = { for s in data.cardpay_stores.merchant.stores : s.store_id => s.name if s.status == "active" }
}
