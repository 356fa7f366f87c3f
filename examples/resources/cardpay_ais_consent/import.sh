# The request ID or the consent ID.
terraform import cardpay_ais_consent.bookkeeping req_0123456789abcdef
