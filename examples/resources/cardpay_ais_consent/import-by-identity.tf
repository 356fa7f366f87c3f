import {
  to = cardpay_ais_consent.bookkeeping
  identity = {
    request_id = "req_0123456789abcdef"
  }
}
