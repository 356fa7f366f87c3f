terraform {
  required_version = ">= 1.10"

  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}

# Addresses and credentials come from CARDPAY_BASE_URL (and CARDPAY_AIS_BASE_URL
# when the data API has a host of its own), CARDPAY_PARTNER_CLIENT_ID and
# CARDPAY_PARTNER_CLIENT_SECRET.
provider "cardpay" {}
