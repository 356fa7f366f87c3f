list "cardpay_merchant" "book" {
  provider         = cardpay
  include_resource = true
}

locals {
  merchant_ids = toset([for m in list.cardpay_merchant.book.data : tostring(m.identity.merchant_id)])
}

list "cardpay_payment_method" "methods" {
  for_each         = local.merchant_ids
  provider         = cardpay
  include_resource = true
  config {
    merchant_id = each.value
  }
}

list "cardpay_store" "stores" {
  for_each         = local.merchant_ids
  provider         = cardpay
  include_resource = true
  config {
    merchant_id = each.value
  }
}

list "cardpay_online_terminal" "terminals" {
  for_each         = local.merchant_ids
  provider         = cardpay
  include_resource = true
  config {
    merchant_id = each.value
  }
}
