# The terminal list does not report stores: a configured store_id is
# recorded as written on the first apply after the import.
import {
  to = cardpay_online_terminal.web_shop
  id = "1001/term_0123456789abcdef" # <merchant_id>/<terminal_id>
}
