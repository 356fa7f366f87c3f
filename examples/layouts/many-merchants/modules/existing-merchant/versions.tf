terraform {
  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}
