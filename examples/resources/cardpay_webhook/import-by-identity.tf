import {
  to = cardpay_webhook.payments
  identity = {
    id = "9001"
  }
}
