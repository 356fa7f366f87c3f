# Reads report the order but not its description, payment link or nonce: a
# configured description is recorded as written on the first apply.
import {
  to = cardpay_order.setup_check
  id = "1001/ord_0123456789abcdef" # <merchant_id>/<order_id>
}
