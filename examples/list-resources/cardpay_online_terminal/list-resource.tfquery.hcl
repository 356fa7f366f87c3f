# The online terminals of merchant 1001 that still take payments. Tap-to-pay
# devices are not listed: they pair through cardpay_interapp_registration.
list "cardpay_online_terminal" "active" {
  provider         = cardpay
  include_resource = true

  config {
    merchant_id = 1001
  }
}
