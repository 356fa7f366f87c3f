for id in "$(cat old-webhook-id)" "$(terraform output -raw next_webhook_id)"; do
  curl -sS --fail-with-body -X POST -H 'Content-Type: application/json' \
    -d '{"event": "payment.completed", "data": {"paymentId": 70002}}' \
    "$CARDPAY_BASE_URL/_sandbox/webhooks/$id/deliver"
done
