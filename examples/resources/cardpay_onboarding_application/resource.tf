# Start business verification (KYB) for merchant 1001. The service e-mails
# the verification link to the merchant; the output passes it on as well.
resource "cardpay_onboarding_application" "this" {
  merchant_id = 1001
}

output "kyb_url" {
  description = "Where the merchant completes business verification."
  value       = coalesce(cardpay_onboarding_application.this.short_link_url, cardpay_onboarding_application.this.web_kyb_url)
}
