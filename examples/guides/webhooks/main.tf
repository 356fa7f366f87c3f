terraform {
  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}

provider "cardpay" {}

# Where the receiver listens. If port 9000 is taken, set another port here
# and in the receiver's LISTEN_ADDR.
variable "receiver_url" {
  type    = string
  default = "http://127.0.0.1:9000/events"
}
