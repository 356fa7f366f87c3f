# Test helper: plays the bank and authorizes a consent in the cardpay-sandbox.
variable "request_id" {
  type = string
}

resource "terraform_data" "authorize" {
  input = var.request_id

  provisioner "local-exec" {
    command = "curl -fsS -X POST \"$CARDPAY_BASE_URL/_sandbox/consents/${var.request_id}/authorize\""
  }
}
