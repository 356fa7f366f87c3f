# Import IDs from a migration sheet, split with the rule terraform import
# uses, to fill in each resource's arguments.
locals {
  payment_method_ids = ["1001/visa", "1001/mastercard", "1002/amex"]
  payment_methods    = { for id in local.payment_method_ids : id => provider::cardpay::parse_import_id("cardpay_payment_method", id) }
}

import {
  for_each = local.payment_methods
  to       = cardpay_payment_method.adopted[each.key]
  id       = each.key
}

resource "cardpay_payment_method" "adopted" {
  for_each    = local.payment_methods
  merchant_id = each.value.merchant_id
  method      = each.value.method
}
