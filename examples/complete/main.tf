# A merchant's card-payment setup, as a partner would keep it in a module.

resource "cardpay_onboarding_application" "this" {
  merchant_id = var.merchant_id
}

resource "cardpay_payment_method" "extra" {
  for_each = var.payment_methods

  merchant_id = var.merchant_id
  method      = each.value
}

# Embedded payment fields on the merchant's own web shop.
resource "cardpay_online_terminal" "web_shop" {
  merchant_id          = var.merchant_id
  online_terminal_mode = "SelfHostedPage"
  store_id             = cardpay_store.main.store_id
}

# Redirect to the hosted payment page, for payment links.
resource "cardpay_online_terminal" "payment_page" {
  merchant_id          = var.merchant_id
  online_terminal_mode = "PaymentPage"
}

resource "cardpay_store" "main" {
  merchant_id    = var.merchant_id
  store_id       = var.store.id
  name           = var.store.name
  street_address = var.store.street_address
  city           = var.store.city
  postal_code    = var.store.postal_code
  country_code   = var.store.country_code
  phone          = var.store.phone
  email          = var.store.email
}

resource "cardpay_order" "first" {
  merchant_id = var.merchant_id
  amount      = var.first_order.amount
  currency    = var.first_order.currency
  reference   = var.first_order.reference
  description = "First order after onboarding"

  depends_on = [cardpay_payment_method.extra]
}

# A pairing code for the tap-to-pay app. Change the keeper to issue a new one.
resource "cardpay_interapp_registration" "counter" {
  merchant_id = var.merchant_id
  store_id    = cardpay_store.main.store_id

  keepers = {
    device = "counter-1"
  }
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
  merchant_id                = var.merchant_id
  user_id                    = var.ais_user_id
  permissions                = ["ReadAccountsDetail", "ReadBalances", "ReadTransactionsDetail"]
  expiration_date_time       = terraform_data.consent_window.output.expires
  transaction_from_date_time = terraform_data.consent_window.output.from
}

data "cardpay_ais_accounts" "user" {
  count = var.read_accounts ? 1 : 0

  merchant_id = var.merchant_id
  user_id     = var.ais_user_id

  depends_on = [cardpay_ais_consent.bookkeeping]
}
