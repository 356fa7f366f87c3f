import {
  to = cardpay_partner_credential.ci
  identity = {
    id = "3"
  }
}
