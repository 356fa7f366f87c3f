data "cardpay_card_payment" "test" {
  merchant_id = 1001
  payment_id  = "pay_0123456789abcdef"
}

output "test_payment_captured" {
  value = data.cardpay_card_payment.test.status == "CAPTURED"
}
