# Every webhook endpoint of the partner. The service shows a signing secret
# only when an endpoint is created, so adopted endpoints have none in state.
list "cardpay_webhook" "all" {
  provider         = cardpay
  include_resource = true
}
