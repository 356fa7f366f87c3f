# <merchant_id>
terraform import cardpay_onboarding_application.this 1001
