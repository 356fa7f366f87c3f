# The consent ID exists once the user has authorized the consent: it is
# consent_id of cardpay_ais_consent, or the consentId the callback carries.
data "cardpay_ais_consent_accounts" "bookkeeping" {
  merchant_id = 1001
  user_id     = "user-1001"
  consent_id  = "ta:6Cpoq:BzQQ"
}

output "covered_accounts" {
  value = [for a in data.cardpay_ais_consent_accounts.bookkeeping.accounts : a.account_id]
}
