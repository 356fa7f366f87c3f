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
#   export CARDPAY_BASE_URL=https://sandbox.api.acountpay.com/v1/partner
#   export CARDPAY_AIS_BASE_URL=https://acount-apis-staging-a8cdb2402163.herokuapp.com/v1 # the data (AIS) API's host
#   export CARDPAY_PARTNER_CLIENT_ID=...
#   export CARDPAY_PARTNER_CLIENT_SECRET=...
#
# The provider asks the data API for short-lived tokens with the partner
# credentials; CARDPAY_ACCESS_TOKEN is needed only to use a token you already
# hold. For a local cardpay-sandbox, paste the `export` line it prints instead.
provider "cardpay" {
  # base_url     = "https://api.acountpay.com" # or CARDPAY_BASE_URL
  # ais_base_url = "..."                       # the data API's address, if on a host of its own; or CARDPAY_AIS_BASE_URL
  # partner_auth = "oauth2"                    # OAuth2 client credentials instead of the two headers; or CARDPAY_PARTNER_AUTH

  # Optional tuning, shown with the defaults:
  # request_timeout = "30s" # limit for one HTTP attempt; or CARDPAY_REQUEST_TIMEOUT
  # max_retries     = 4     # retries of failed requests (never a create with an unknown outcome); or CARDPAY_MAX_RETRIES
}
