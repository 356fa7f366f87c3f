# <merchant_id>/<store_id>
terraform import cardpay_store.main 1001/1001-main
