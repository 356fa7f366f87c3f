# The active stores of merchant 1001. The generated configuration adopts
# each one (store_id set, deactivate_on_destroy = false), so removing it from
# the configuration later leaves the store open at cardpay.
list "cardpay_store" "active" {
  provider         = cardpay
  include_resource = true

  config {
    merchant_id = 1001
  }
}
