# MERCHANT_ID/USER_ID/ID, where ID is the request ID or the consent ID.
terraform import cardpay_ais_consent.bookkeeping 1001/user_35100188/req_0123456789abcdef
