# Needs an authorized, unexpired consent of merchant 1001 for user-1001 that
# holds ReadAccountsDetail (see cardpay_ais_consent).
#
# IBANs, names and balances end up in the state (marked sensitive, so they are
# hidden in plan output only). Prefer the ephemeral resource
# cardpay_ais_accounts to use them without storing them.
data "cardpay_ais_accounts" "user" {
  merchant_id = 1001
  user_id     = "user-1001"
}

output "account_ids_by_currency" {
  value = { for a in data.cardpay_ais_accounts.user.accounts : a.currency => a.account_id... }
}
