# Bring a method that is already active (here Visa, active by default)
# under management. Importing a method that is not active fails: activate it
# with a new resource instead.
import {
  to = cardpay_payment_method.visa
  id = "1001/visa" # <merchant_id>/<method>
}

resource "cardpay_payment_method" "visa" {
  merchant_id = 1001
  method      = "visa"
}
