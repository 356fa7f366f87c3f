data "cardpay_onboarding_status" "merchant" {
  merchant_id = 1001
}

# Stop before configuring a merchant that does not exist yet.
resource "cardpay_online_terminal" "web_shop" {
  merchant_id          = data.cardpay_onboarding_status.merchant.merchant_id
  online_terminal_mode = "SelfHostedPage"

  lifecycle {
    precondition {
      condition     = data.cardpay_onboarding_status.merchant.merchant_created
      error_message = "Merchant 1001 is still in onboarding (${data.cardpay_onboarding_status.merchant.application_status})."
    }
  }
}
