# <merchant_id>/<method>; the method must be active at the service.
terraform import cardpay_payment_method.visa 1001/visa
