# The import IDs of a merchant's online payment-page terminals, built with
# the rule terraform import uses, for import blocks or a migration runbook.
data "cardpay_terminals" "payment_pages" {
  merchant_id   = 1001
  terminal_type = "PaymentPage"
}

output "terminal_import_ids" {
  value = [
    for t in data.cardpay_terminals.payment_pages.terminals :
    provider::cardpay::import_id("cardpay_online_terminal", { merchant_id = 1001, terminal_id = t.terminal_id })
  ]
}
