# The endpoint's ID.
terraform import cardpay_webhook.payments 9001
