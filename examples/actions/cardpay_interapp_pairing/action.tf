# Pair the counter tablet of the second store: run
#   terraform apply -invoke=action.cardpay_interapp_pairing.counter
# and type the code it shows into the companion app on the tablet. Needs
# Terraform 1.14 or later.
action "cardpay_interapp_pairing" "counter" {
  config {
    merchant_id      = 1001
    store_id         = "1001-second"
    wait_for_pairing = true
  }
}

# A new store gets its first device as soon as it exists.
resource "cardpay_store" "harbour" {
  merchant_id = 1001
  name        = "Nordic Coffee, Harbour"

  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.cardpay_interapp_pairing.harbour]
    }
  }
}

action "cardpay_interapp_pairing" "harbour" {
  config {
    merchant_id      = cardpay_store.harbour.merchant_id
    store_id         = cardpay_store.harbour.store_id
    wait_for_pairing = true
  }
}
