# The credential's ID, as the cardpay_partner_credentials data source lists it.
terraform import cardpay_partner_credential.ci 3
