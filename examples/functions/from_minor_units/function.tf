resource "cardpay_order" "example" {
  merchant_id = 1001
  amount      = 14950
  currency    = "DKK"
  reference   = "INV-2026-0042"
}

# The order's amount in major units for a receipt or a check: "149.50".
output "order_total" {
  value = "${provider::cardpay::from_minor_units(cardpay_order.example.amount, cardpay_order.example.currency)} ${cardpay_order.example.currency}"
}
