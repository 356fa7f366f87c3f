# Every terminal of the merchant: online terminals and paired tap-to-pay devices.
data "cardpay_terminals" "all" {
  merchant_id = 1001
}

# Only the tap-to-pay devices; the service filters by type.
data "cardpay_terminals" "tap_to_pay" {
  merchant_id   = 1001
  terminal_type = "checkoutX"
}

output "inactive_terminals" {
  value = [for t in data.cardpay_terminals.all.terminals : t.terminal_id if t.terminal_status == "INACTIVE"]
}

output "tap_to_pay_devices" {
  value = length(data.cardpay_terminals.tap_to_pay.terminals)
}
