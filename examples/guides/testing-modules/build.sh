go build -o "$HOME/cardpay-dev/cardpay-sandbox" ./cmd/cardpay-sandbox
