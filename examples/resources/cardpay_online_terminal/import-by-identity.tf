import {
  to = cardpay_online_terminal.web_shop
  identity = {
    merchant_id = 1001
    terminal_id = "term_0123456789abcdef"
  }
}
