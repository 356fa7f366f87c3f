# Needs an authorized, unexpired consent of merchant 1001 for user-1001 that
# holds ReadBalances (see cardpay_ais_consent). The balance is read anew in
# every plan and apply and never written to plan or state.
ephemeral "cardpay_ais_account_balance" "settlement" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-eur"
}

# Warn in every plan while the settlement account is overdrawn.
check "settlement_account_not_overdrawn" {
  assert {
    condition     = tonumber(ephemeral.cardpay_ais_account_balance.settlement.balance.value) >= 0
    error_message = "The settlement account acc-1001-eur is overdrawn."
  }
}
