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

# Terraform never prints an ephemeral value: a local-exec that uses one shows
# only "(output suppressed due to ephemeral value in config)". To look at what
# the read returns, write it to a file, read the file (jq . accounts.json) and
# delete it, since it holds the user's bank details. plantimestamp() runs the
# provisioner in every apply; remove the resource when done.
resource "terraform_data" "look_at_accounts" {
  triggers_replace = [plantimestamp()]

  provisioner "local-exec" {
    command = "printf '%s\\n' \"$ACCOUNTS\" > accounts.json"

    environment = {
      ACCOUNTS = jsonencode(ephemeral.cardpay_ais_accounts.user.accounts)
    }
  }
}
