curl -sS --fail-with-body -X POST "$CARDPAY_BASE_URL/_sandbox/merchants/$(terraform output -raw merchant_id)/payment-methods/amex/deactivate"
terraform plan
