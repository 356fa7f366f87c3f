version=0.1.0
GOBIN="$HOME/cardpay-dev" go install github.com/cardpay/terraform-provider-cardpay/cmd/cardpay-sandbox@v${version}
