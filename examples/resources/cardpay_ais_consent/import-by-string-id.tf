# The request ID the create answer gave, or the consent ID that the
# authorization callback carries (?consentId=...).
import {
  to = cardpay_ais_consent.bookkeeping
  id = "req_0123456789abcdef"
}
