curl -sS --fail-with-body -X DELETE "$CARDPAY_BASE_URL/_sandbox/webhooks/$(cat old-webhook-id)"
