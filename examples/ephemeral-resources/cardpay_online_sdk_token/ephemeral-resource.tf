# A fresh SDK token for a test checkout page, kept out of plan and state.
# Terraform opens ephemeral resources in every plan and apply, and each
# opening issues a new token.
ephemeral "cardpay_online_sdk_token" "checkout" {
  merchant_id = 1001
}

# Hand the token to the page's deployment. Ephemeral values are accepted in
# provisioner and provider blocks, by other ephemeral resources and by
# write-only arguments of other providers (such as a secret store's `*_wo`
# arguments); Terraform hides the provisioner's output.
resource "terraform_data" "checkout_page" {
  triggers_replace = ["checkout-1"] # change to deploy with a new token

  provisioner "local-exec" {
    command = "test -n \"$SDK_TOKEN\"" # replace with your deployment tool
    environment = {
      SDK_TOKEN = ephemeral.cardpay_online_sdk_token.checkout.token
    }
  }
}
