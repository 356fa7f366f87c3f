# An imported store is adopted: destroying the resource later only removes
# it from state, unless deactivate_on_destroy = true.
import {
  to = cardpay_store.main
  id = "1001/1001-main" # <merchant_id>/<store_id>
}
