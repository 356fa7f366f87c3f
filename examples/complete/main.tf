# A merchant's whole card-payment setup, from nothing, as a partner would
# keep it in a module: the merchant, its card onboarding, then its
# payment methods, store, terminals, a first order, a tap-to-pay pairing
# code, the partner's webhook endpoint and an open-banking (AIS) consent.

# The merchant completes its onboarding form at onboarding_url (also
# e-mailed to it); the apply waits until the service reports it active.
resource "cardpay_merchant" "this" {
  company_name   = var.merchant.company_name
  contact_email  = var.merchant.contact_email
  contact_phone  = var.merchant.contact_phone
  partner_ref_id = var.merchant.partner_ref_id

  wait_for = "active"

  timeouts {
    create = var.merchant_active_within
  }
}

# Card onboarding (business verification); the apply waits until the card
# merchant account exists.
resource "cardpay_onboarding_application" "this" {
  merchant_id = cardpay_merchant.this.merchant_id
  wait_for    = "MERCHANT_CREATED"

  timeouts {
    create = var.card_onboarding_within
  }
}

locals {
  # Everything below refers to the merchant through its onboarding
  # application, so it waits until card onboarding is done.
  merchant_id = cardpay_onboarding_application.this.merchant_id
  ais_user_id = coalesce(var.ais_user_id, "user-${cardpay_merchant.this.merchant_id}")
}

resource "cardpay_payment_method" "extra" {
  for_each = var.payment_methods

  merchant_id = local.merchant_id
  method      = each.value
}

resource "cardpay_store" "flagship" {
  merchant_id    = local.merchant_id
  name           = var.store.name
  street_address = var.store.street_address
  city           = var.store.city
  postal_code    = var.store.postal_code
  country_code   = var.store.country_code
  phone          = var.store.phone
  email          = var.store.email
}

# Embedded payment fields on the merchant's own web shop.
resource "cardpay_online_terminal" "web_shop" {
  merchant_id          = local.merchant_id
  online_terminal_mode = "SelfHostedPage"
  store_id             = cardpay_store.flagship.store_id
}

# Redirect to the hosted payment page, for payment links.
resource "cardpay_online_terminal" "payment_page" {
  merchant_id          = local.merchant_id
  online_terminal_mode = "PaymentPage"
  store_id             = cardpay_store.flagship.store_id
}

resource "cardpay_order" "first" {
  merchant_id = local.merchant_id
  amount      = var.first_order.amount
  currency    = var.first_order.currency
  reference   = var.first_order.reference
  description = "First order after onboarding"

  depends_on = [cardpay_payment_method.extra]
}

# A pairing code for the tap-to-pay app. Change the keeper to issue a new one.
resource "cardpay_interapp_registration" "counter" {
  merchant_id = local.merchant_id
  store_id    = cardpay_store.flagship.store_id

  keepers = {
    device = "counter-1"
  }
}

# Webhook endpoints belong to the partner, not to a merchant: in a module
# used once per merchant, keep this resource in the root configuration.
resource "cardpay_webhook" "payments" {
  url    = var.webhook_url
  events = ["payment.completed", "payment.failed", "merchant.activated", "merchant.deactivated"]
}

# The consent window is fixed when the consent is first created, so later
# plans do not move it (and replace the consent).
resource "terraform_data" "consent_window" {
  input = {
    expires = timeadd(plantimestamp(), var.consent_valid_for)
    from    = timeadd(plantimestamp(), "-8760h")
  }

  lifecycle {
    ignore_changes = [input]
  }
}

resource "cardpay_ais_consent" "bookkeeping" {
  merchant_id                = local.merchant_id
  user_id                    = local.ais_user_id
  permissions                = ["ReadAccountsDetail", "ReadBalances", "ReadTransactionsDetail"]
  expiration_date_time       = terraform_data.consent_window.output.expires
  transaction_from_date_time = terraform_data.consent_window.output.from
}

data "cardpay_ais_accounts" "user" {
  count = var.read_accounts ? 1 : 0

  merchant_id = local.merchant_id
  user_id     = local.ais_user_id

  depends_on = [cardpay_ais_consent.bookkeeping]
}
