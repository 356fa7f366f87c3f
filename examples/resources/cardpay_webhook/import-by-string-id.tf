# The endpoint's ID, as the cardpay_webhooks data source lists it. The
# signing secret cannot be read again, so it is null after import.
import {
  to = cardpay_webhook.payments
  id = "9001"
}
