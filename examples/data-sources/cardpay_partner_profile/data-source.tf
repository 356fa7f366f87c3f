data "cardpay_partner_profile" "me" {}

output "partner" {
  value = "${data.cardpay_partner_profile.me.company_name} (${data.cardpay_partner_profile.me.status})"
}
