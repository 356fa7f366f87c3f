# Needs an authorized, unexpired consent of merchant 1001 for user-1001 that
# holds ReadTransactionsDetail (see cardpay_ais_consent). Transactions before
# the consent's transaction_from_date_time are not returned.
ephemeral "cardpay_ais_account_transactions" "q2" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
  from_date   = "2026-04-01"
  to_date     = "2026-06-30"
  page_limit  = 1000 # the cardpay-sandbox allows at most 1000
}

# Hand one quarter's transactions to a bookkeeping import without storing
# them in state: ephemeral values are accepted in provisioner blocks.
resource "terraform_data" "q2_export" {
  triggers_replace = ["2026-Q2"]

  provisioner "local-exec" {
    # Replace with your bookkeeping import; it reads the JSON from the
    # environment.
    command = "test -n \"$TRANSACTIONS\""

    environment = {
      TRANSACTIONS = jsonencode(ephemeral.cardpay_ais_account_transactions.q2.transactions)
    }
  }
}
