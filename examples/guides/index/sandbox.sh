go run ./cmd/cardpay-sandbox -addr 127.0.0.1:0   # port 0 picks a free port
