curl -sS --fail-with-body -X POST "$CARDPAY_BASE_URL/_sandbox/reset"
