terraform {
  required_version = ">= 1.10"

  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}
