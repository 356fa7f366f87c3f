# Another shard with the same module: its own state, its own run, the same
# credential. The merchants come from a file, so adding a merchant to a group
# changes data, not code.

terraform {
  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}

provider "cardpay" {}

locals {
  merchants = jsondecode(file("${path.module}/merchants.json"))
}

module "merchant" {
  source   = "../../modules/existing-merchant"
  for_each = local.merchants

  merchant_id     = tonumber(each.key)
  payment_methods = each.value.payment_methods
}
