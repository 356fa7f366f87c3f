# Needs an authorized, unexpired consent of merchant 1001 for user-1001 that
# holds ReadAccountsDetail (see cardpay_ais_consent). Nothing read here is
# written to plan or state.
ephemeral "cardpay_ais_accounts" "user" {
  merchant_id = 1001
  user_id     = "user-1001"
}

# Ephemeral results can feed other ephemeral resources: the balance of the
# user's DKK account (needs ReadBalances as well).
ephemeral "cardpay_ais_account_balance" "dkk" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = one([for a in ephemeral.cardpay_ais_accounts.user.accounts : a.account_id if a.currency == "DKK"])
}

check "dkk_account_not_overdrawn" {
  assert {
    condition     = tonumber(ephemeral.cardpay_ais_account_balance.dkk.balance.value) >= 0
    error_message = "The DKK account of user-1001 is overdrawn."
  }
}
