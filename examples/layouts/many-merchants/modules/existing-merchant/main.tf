# The card-payment setup of a merchant that already exists at the service
# (onboarded earlier, through Terraform or not): the payment methods to
# activate, the stores to adopt and the online terminals to register. It
# creates no merchant; examples/modules/merchant onboards new ones.
#
# The calling configuration owns the provider; the module only receives it,
# so every merchant of a shard shares one provider process and its requests
# share one pace at the service.

resource "cardpay_payment_method" "this" {
  for_each    = var.payment_methods
  merchant_id = var.merchant_id
  method      = each.key
}

resource "cardpay_store" "this" {
  for_each       = var.stores
  merchant_id    = var.merchant_id
  store_id       = each.key
  name           = each.value.name
  street_address = each.value.street_address
  city           = each.value.city
  postal_code    = each.value.postal_code
  country_code   = each.value.country_code
  email          = each.value.email
}

resource "cardpay_online_terminal" "this" {
  for_each             = var.online_terminals
  merchant_id          = var.merchant_id
  online_terminal_mode = each.value.mode
  store_id             = each.value.store_id

  depends_on = [cardpay_store.this]
}

output "online_terminal_ids" {
  description = "The registered terminals' IDs, by the names given in online_terminals."
  value       = { for name, t in cardpay_online_terminal.this : name => t.terminal_id }
}
