curl -sS --fail-with-body -X POST "$CARDPAY_BASE_URL/_sandbox/merchants/1001/payment-methods/visa/deactivate"
curl -sS --fail-with-body -X PUT -H 'Content-Type: application/json' \
  -d '{"perSecond": 20, "burst": 20}' "$CARDPAY_BASE_URL/_sandbox/rate-limit"
