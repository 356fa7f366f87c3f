list "cardpay_payment_method" "all" {
  provider         = cardpay
  include_resource = true
  config {
    merchant_id = 1001
  }
}

list "cardpay_store" "all" {
  provider         = cardpay
  include_resource = true
  config {
    merchant_id = 1001
  }
}

list "cardpay_online_terminal" "all" {
  provider         = cardpay
  include_resource = true
  config {
    merchant_id = 1001
  }
}

list "cardpay_webhook" "all" {
  provider         = cardpay
  include_resource = true
}
