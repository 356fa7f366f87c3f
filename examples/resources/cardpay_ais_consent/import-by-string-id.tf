# MERCHANT_ID/USER_ID/ID, where ID is the request ID the create answer gave
# or the consent ID that the authorization callback carries (?consentId=...).
import {
  to = cardpay_ais_consent.bookkeeping
  id = "1001/user_35100188/req_0123456789abcdef"
}
