# Every merchant of the partner, to adopt a whole book.
list "cardpay_merchant" "all" {
  provider         = cardpay
  include_resource = true
}
