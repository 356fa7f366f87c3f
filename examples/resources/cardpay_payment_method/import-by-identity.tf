import {
  to = cardpay_payment_method.amex
  identity = {
    merchant_id = 1001
    method      = "amex"
  }
}
