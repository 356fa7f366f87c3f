WEBHOOK_SECRET=whsec_example TIMESTAMP=1768746900
printf '%s' '{"event":"payment.completed","data":{"paymentId":70001}}' > body.json

# X-Webhook-Signature: the body alone
openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" < body.json | awk '{print $NF}'
# X-AcountPay-Signature: the timestamp header, a dot, then the body
{ printf '%s.' "$TIMESTAMP"; cat body.json; } | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" | awk '{print $NF}'
