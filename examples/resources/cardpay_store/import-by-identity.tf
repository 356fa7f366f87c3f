import {
  to = cardpay_store.main
  identity = {
    merchant_id = 1001
    store_id    = "1001-main"
  }
}
