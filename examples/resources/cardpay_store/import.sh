# <merchant_id>/<store_id>. Only the IDs are recorded; the next apply writes
# the configured arguments.
terraform import cardpay_store.main 1001/1001-main
