import {
  to = cardpay_merchant.harbour
  identity = {
    merchant_id = 1001
  }
}
