# Test helper: plays the bank and authorizes a consent in the cardpay-sandbox,
# at CARDPAY_BASE_URL, trusting CARDPAY_CA_CERT_FILE when it is set (a
# sandbox serving TLS), as the provider does.
variable "request_id" {
  type = string
}

variable "admin_token" {
  description = "The sandbox's admin token, when it was started with one (such as TF_VAR_admin_token from a CI secret)."
  type        = string
  default     = null
  sensitive   = true
}

resource "terraform_data" "authorize" {
  input = var.request_id

  provisioner "local-exec" {
    # The token reaches curl through the environment, never the command
    # that Terraform logs. In the command, $${ is the shell's ${ (Terraform
    # would read ${ as its own): ${NAME:+...} adds an option only when NAME
    # is set.
    environment = {
      ADMIN_TOKEN = var.admin_token == null ? "" : var.admin_token
    }
    command = <<-EOT
      curl -sS --fail-with-body -X POST \
        $${CARDPAY_CA_CERT_FILE:+--cacert "$CARDPAY_CA_CERT_FILE"} \
        $${ADMIN_TOKEN:+-H "Authorization: Bearer $ADMIN_TOKEN"} \
        "$CARDPAY_BASE_URL/_sandbox/consents/${var.request_id}/authorize"
    EOT
  }
}
