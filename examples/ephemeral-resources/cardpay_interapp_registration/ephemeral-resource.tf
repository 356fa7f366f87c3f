# Issue a fresh pairing code each run without writing it to plan or state.
# Note that Terraform opens ephemeral resources in every plan and apply, and
# each opening issues a new code (valid for about 120 seconds).
ephemeral "cardpay_interapp_registration" "counter" {
  merchant_id = 1001
  store_id    = "1001-second"
}

# Hand the code to the system that provisions the device. Ephemeral values
# are accepted in provisioner and provider blocks, by other ephemeral
# resources and by write-only arguments of other providers (such as a secret
# store's `*_wo` arguments); Terraform hides the provisioner's output.
resource "terraform_data" "counter_device" {
  triggers_replace = ["counter-1"] # change to pair the device again

  provisioner "local-exec" {
    # Replace with your device-management tool; it reads the code from the
    # environment.
    command = "test -n \"$REGISTRATION_CODE\""

    environment = {
      STORE_ID          = "1001-second"
      REGISTRATION_CODE = ephemeral.cardpay_interapp_registration.counter.registration_code
      EXPIRES_AT        = ephemeral.cardpay_interapp_registration.counter.expires_at
    }
  }
}
