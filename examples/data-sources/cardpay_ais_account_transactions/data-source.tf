# Needs an authorized, unexpired consent of merchant 1001 for user-1001 that
# holds ReadTransactionsDetail (see cardpay_ais_consent). Transactions before
# the consent's transaction_from_date_time are not returned.
#
# Amounts, descriptions and counterparties end up in the state. Prefer the
# ephemeral resource cardpay_ais_account_transactions to use them without
# storing them.
data "cardpay_ais_account_transactions" "q1" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
  from_date   = "2026-01-01"
  to_date     = "2026-03-31"
  page_limit  = 100
}

output "q1_transaction_count" {
  # Matching transactions before the page limit; the page itself holds at
  # most page_limit of them.
  value = data.cardpay_ais_account_transactions.q1.total_transactions
}

output "q1_transaction_ids" {
  # The transactions are personal data, so the provider marks them sensitive.
  value     = [for t in data.cardpay_ais_account_transactions.q1.transactions : t.transaction_id]
  sensitive = true
}
