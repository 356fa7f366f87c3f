terraform {
  required_version = ">= 1.10"

  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}

# Credentials come from CARDPAY_BASE_URL, CARDPAY_PARTNER_CLIENT_ID,
# CARDPAY_PARTNER_CLIENT_SECRET and CARDPAY_ACCESS_TOKEN.
provider "cardpay" {}
