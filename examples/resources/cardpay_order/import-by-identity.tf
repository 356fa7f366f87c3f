import {
  to = cardpay_order.setup_check
  identity = {
    merchant_id = 1001
    order_id    = "ord_0123456789abcdef"
  }
}
