# The merchant ID, or ref:<partner_ref_id>.
terraform import cardpay_merchant.harbour 1001
terraform import cardpay_merchant.bakery ref:CRM-4712
