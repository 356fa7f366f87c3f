# Activate American Express for merchant 1001. Visa and Mastercard are active
# by default after onboarding and need no resource.
resource "cardpay_payment_method" "amex" {
  merchant_id = 1001
  method      = "amex"
}

# Several methods at once.
resource "cardpay_payment_method" "mobile" {
  for_each = toset(["mobilepay", "swish"])

  merchant_id = 1001
  method      = each.value
}
