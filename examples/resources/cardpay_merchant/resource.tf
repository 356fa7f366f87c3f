# A merchant that completes its onboarding at the link the service e-mails
# to contact_email (also in onboarding_url). The apply waits until it is
# active, so card onboarding and terminals that depend on it come after.
resource "cardpay_merchant" "harbour" {
  company_name   = "Harbour Coffee ApS"
  contact_email  = "owner@harbour-coffee.example"
  contact_phone  = "+4533000000"
  partner_ref_id = "CRM-4711" # names the merchant: a re-run records it instead of creating another

  wait_for = "active"
  timeouts {
    create = "2h"
  }
}

# A merchant whose company details the partner already has: it only signs
# the agreement and links a bank account.
resource "cardpay_merchant" "bakery" {
  company_name   = "Nordic Bakery A/S"
  contact_email  = "finance@nordic-bakery.example"
  partner_ref_id = "CRM-4712"

  fast_track = {
    registration_number = "12345678"
    website             = "https://nordic-bakery.example"
    iban                = "DK5000400440116243"
    bic                 = "DABADKKK"
  }
}
