# Payment fields embedded in the merchant's own web shop.
resource "cardpay_online_terminal" "web_shop" {
  merchant_id          = 1001
  online_terminal_mode = "SelfHostedPage"
  store_id             = "1001-main"
}

# Redirect to the hosted payment page; without store_id the merchant's
# default store is used and recorded in store_id.
resource "cardpay_online_terminal" "payment_page" {
  merchant_id          = 1001
  online_terminal_mode = "PaymentPage"
}

output "web_shop_terminal" {
  description = "What the merchant's web developers need to initialize the payment SDK."
  value = {
    terminal_id = cardpay_online_terminal.web_shop.terminal_id
    public_key  = cardpay_online_terminal.web_shop.terminal_public_key
  }
}
