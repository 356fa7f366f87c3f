# An order of 149.50 DKK: cardpay_order takes the amount in minor units.
resource "cardpay_order" "example" {
  merchant_id = 1001
  amount      = provider::cardpay::to_minor_units("149.50", "DKK") # 14950
  currency    = "DKK"
  reference   = "INV-2026-0042"
}

# Yen have no minor units: 1500 JPY is 1500.
output "yen" {
  value = provider::cardpay::to_minor_units("1500", "JPY")
}
