# Several merchants' whole card-payment setups, from nothing, as a partner
# keeps them: one call of the merchant module (examples/modules/merchant)
# per merchant, and the partner's own webhook endpoint once for all.

module "merchant" {
  source   = "../modules/merchant"
  for_each = var.merchants

  merchant = {
    company_name   = each.value.company_name
    contact_email  = each.value.contact_email
    contact_phone  = each.value.contact_phone
    partner_ref_id = each.value.partner_ref_id
  }
  store           = each.value.store
  payment_methods = each.value.payment_methods
  first_order     = each.value.first_order

  merchant_active_within = var.merchant_active_within
  card_onboarding_within = var.card_onboarding_within
  consent_valid_for      = var.consent_valid_for
  read_accounts          = var.read_accounts
}

# Webhook endpoints belong to the partner, not to a merchant: one endpoint
# receives the events of every merchant, with the merchant's ID in each.
resource "cardpay_webhook" "payments" {
  url    = var.webhook_url
  events = ["payment.completed", "payment.failed", "merchant.activated", "merchant.deactivated"]
}
