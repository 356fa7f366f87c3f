# <merchant_id>/<order_id>
terraform import cardpay_order.setup_check 1001/ord_0123456789abcdef
