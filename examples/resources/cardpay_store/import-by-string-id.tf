# Import records only the IDs (the API cannot read a store). The first apply
# after the import writes the configured arguments and records the rest from
# the service's answer, so the first plan shows an update.
import {
  to = cardpay_store.main
  id = "1001/1001-main" # <merchant_id>/<store_id>
}
