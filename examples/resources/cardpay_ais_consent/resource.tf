# The consent window is fixed when it is first planned: writing
# timeadd(plantimestamp(), ...) into the consent directly would move the
# window on every plan and replace the consent each time.
resource "terraform_data" "consent_window" {
  input = {
    expires = timeadd(plantimestamp(), "2160h")  # 90 days
    from    = timeadd(plantimestamp(), "-8760h") # transactions of the past year
  }

  lifecycle {
    ignore_changes = [input]
  }
}

resource "cardpay_ais_consent" "bookkeeping" {
  merchant_id                = 1001
  user_id                    = "user-1001"
  permissions                = ["ReadAccountsDetail", "ReadBalances", "ReadTransactionsDetail"]
  expiration_date_time       = terraform_data.consent_window.output.expires
  transaction_from_date_time = terraform_data.consent_window.output.from
}

# Send the user here to authorize the consent at their bank.
output "authorization_url" {
  value     = cardpay_ais_consent.bookkeeping.authorization_url
  sensitive = true
}
