# The credential's ID; its secret cannot be read, so client_secret stays null
# until rotate_when changes.
import {
  to = cardpay_partner_credential.ci
  id = "3"
}
