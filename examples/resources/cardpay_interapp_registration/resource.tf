# A pairing code for the tap-to-pay companion app on the counter tablet of
# the second store. The code is valid for about 120 seconds; change the
# keeper (or run `terraform apply -replace=...`) to issue a new one.
resource "cardpay_interapp_registration" "counter" {
  merchant_id = 1001
  store_id    = "1001-second"

  keepers = {
    device = "counter-1"
  }
}

output "registration_code" {
  description = "Type this into the companion app before expires_at."
  value       = cardpay_interapp_registration.counter.registration_code
  sensitive   = true
}

output "registration_expires_at" {
  value = cardpay_interapp_registration.counter.expires_at
}
