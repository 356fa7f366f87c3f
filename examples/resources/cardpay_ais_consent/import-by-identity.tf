# The provider asks for a data-API token for the consent's merchant and user,
# so name them too (with the provider's access_token set, request_id alone
# will do).
import {
  to = cardpay_ais_consent.bookkeeping
  identity = {
    merchant_id = 1001
    user_id     = "user_35100188"
    request_id  = "req_0123456789abcdef"
  }
}
