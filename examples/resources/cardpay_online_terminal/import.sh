# <merchant_id>/<terminal_id>
terraform import cardpay_online_terminal.web_shop 1001/term_0123456789abcdef
