# One credential pair per CI system, rotated every quarter: changing
# rotate_when rotates the secret in place, and the old one stops working.
resource "cardpay_partner_credential" "ci" {
  name = "ci-eu"

  rotate_when = {
    quarter = "2026-Q4"
  }
}

# Hand the pair to the CI system's secret store; client_secret is
# sensitive, so an output must say so too.
output "ci_credential" {
  value = {
    client_id     = cardpay_partner_credential.ci.client_id
    client_secret = cardpay_partner_credential.ci.client_secret
  }
  sensitive = true
}
