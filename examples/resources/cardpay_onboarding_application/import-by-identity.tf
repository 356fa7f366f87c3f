# application_id is optional: without it, the merchant's current application
# is imported.
import {
  to = cardpay_onboarding_application.this
  identity = {
    merchant_id = 1001
  }
}
