curl -sS --fail-with-body -X POST -H 'Content-Type: application/json' \
  -d '{"event": "payment.completed", "data": {"paymentId": 70001}}' \
  "$CARDPAY_BASE_URL/_sandbox/webhooks/$(terraform output -raw webhook_id)/deliver"
