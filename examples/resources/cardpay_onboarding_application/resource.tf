# Start business verification (KYB) for merchant 1001 and wait until it has
# created the merchant, so the terminal below is registered only then.
resource "cardpay_onboarding_application" "this" {
  merchant_id = 1001
  wait_for    = "MERCHANT_CREATED"

  timeouts {
    create = "4h"
  }
}

resource "cardpay_online_terminal" "web_shop" {
  merchant_id          = cardpay_onboarding_application.this.merchant_id
  online_terminal_mode = "PaymentPage"

  depends_on = [cardpay_onboarding_application.this]
}

output "kyb_url" {
  description = "Where the merchant completes business verification, while the link is active."
  value       = coalesce(cardpay_onboarding_application.this.short_link_url, cardpay_onboarding_application.this.web_kyb_url, "verification has ended")
}
