for request_id in $(terraform output -json ais_consent_request_ids | jq -r '.[]'); do
  curl -sS --fail-with-body -X POST "$CARDPAY_BASE_URL/_sandbox/consents/$request_id/authorize"
done
