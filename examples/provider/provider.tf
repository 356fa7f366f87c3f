terraform {
  required_version = ">= 1.10" # ephemeral resources need Terraform 1.10

  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}

# Every argument can be left out and set through the environment instead; a
# value in the configuration wins over the environment. Keep the secrets in
# the environment (or fill them from a secrets manager), never in .tf files:
#
#   export CARDPAY_BASE_URL=https://api.example.com
#   export CARDPAY_PARTNER_CLIENT_ID=...      # partner endpoints
#   export CARDPAY_PARTNER_CLIENT_SECRET=...  # partner endpoints
#   export CARDPAY_ACCESS_TOKEN=...           # account-information (AIS) endpoints
#
# For a local cardpay-sandbox, paste the `export` line it prints instead.
provider "cardpay" {
  # base_url = "https://api.example.com" # or CARDPAY_BASE_URL

  # Optional tuning, shown with the defaults:
  # request_timeout = "30s" # limit for one HTTP attempt; or CARDPAY_REQUEST_TIMEOUT
  # max_retries     = 4     # retries of failed requests (never a create with an unknown outcome); or CARDPAY_MAX_RETRIES
}
