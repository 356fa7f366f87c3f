# Needs an authorized, unexpired consent of merchant 1001 for user-1001 that
# holds ReadBalances (see cardpay_ais_consent).
#
# The balance ends up in the state. Prefer the ephemeral resource
# cardpay_ais_account_balance to use it without storing it.
data "cardpay_ais_account_balance" "dkk" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
}

output "dkk_balance" {
  # An exact decimal string such as "1234567.89".
  value     = "${data.cardpay_ais_account_balance.dkk.balance.value} ${data.cardpay_ais_account_balance.dkk.balance.currency}"
  sensitive = true
}
