# The payment methods already active at merchant 1001. Run
#   terraform query -generate-config-out=payment_methods.tf
# to get an import block and a resource block for each (Terraform 1.14+).
list "cardpay_payment_method" "active" {
  provider         = cardpay
  include_resource = true

  config {
    merchant_id = 1001
  }
}
