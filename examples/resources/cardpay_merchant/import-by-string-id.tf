# The merchant ID, or ref:<partner_ref_id> when exactly one merchant has it.
import {
  to = cardpay_merchant.harbour
  id = "1001"
}
