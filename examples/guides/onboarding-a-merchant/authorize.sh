curl -sS --fail-with-body -X POST "$CARDPAY_BASE_URL/_sandbox/consents/$(terraform output -raw ais_consent_request_id)/authorize"
