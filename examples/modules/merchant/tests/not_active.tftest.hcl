# Offline, like offline.tftest.hcl, but in a state of its own: the merchant
# this run leaves in state must not be reused by other runs.

mock_provider "cardpay" {}

variables {
  merchant = {
    company_name   = "Module Test ApS"
    contact_email  = "owner@module-test.example"
    partner_ref_id = "CRM-MODULE-TEST"
  }
  store = {
    name = "Module Test, Aarhus"
  }
}

# A merchant that has not completed its onboarding form by the time the
# wait gives up fails the module's postcondition, instead of going on with
# a merchant the service cannot take payments for yet.
run "refuses_a_merchant_that_is_not_active" {
  override_resource {
    target = cardpay_merchant.this
    values = {
      merchant_id = 1001
      status      = "pending"
    }
  }

  expect_failures = [cardpay_merchant.this]
}
