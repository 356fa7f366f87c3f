# The import ID is the merchant ID: the service reports each merchant's
# current application.
import {
  to = cardpay_onboarding_application.this
  id = "1001"
}
