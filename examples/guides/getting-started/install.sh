go build -o "$HOME/cardpay-dev/terraform-provider-cardpay" .

cat > "$HOME/cardpay-dev/terraformrc" <<RC
provider_installation {
  dev_overrides {
    "cardpay/cardpay" = "$HOME/cardpay-dev"
  }
  direct {}
}
RC
export TF_CLI_CONFIG_FILE="$HOME/cardpay-dev/terraformrc"
