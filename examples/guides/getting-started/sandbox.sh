go run ./cmd/cardpay-sandbox -addr 127.0.0.1:0 -auto-advance 5s
