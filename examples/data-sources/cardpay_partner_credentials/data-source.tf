data "cardpay_partner_credentials" "all" {}

output "active_credentials" {
  value = [for c in data.cardpay_partner_credentials.all.credentials : "${c.name} (${c.client_id}, ...${c.client_secret_last4})" if c.status == "active"]
}
