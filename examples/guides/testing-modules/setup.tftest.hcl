variables {
  merchant = {
    company_name   = "Module Test ApS"
    contact_email  = "ci@module-test.example"
    partner_ref_id = "module-ci"
  }
  store = {
    name = "Module Test, Aarhus"
  }
}

run "setup" {
  assert {
    condition     = cardpay_merchant.this.status == "active" && cardpay_onboarding_application.this.application_status == "MERCHANT_CREATED"
    error_message = "The module should wait until the merchant and its card onboarding are done."
  }

  assert {
    condition     = cardpay_online_terminal.payment_page.store_id == cardpay_store.flagship.store_id
    error_message = "The terminal should be registered under the flagship store."
  }

  assert {
    condition     = cardpay_ais_consent.bookkeeping.status == "pending"
    error_message = "A new consent should be pending."
  }
}

run "authorize_consent" {
  module {
    source = "./tests/sandbox/authorize"
  }

  variables {
    request_id = run.setup.ais_consent_request_id
  }
}

run "read_accounts" {
  variables {
    read_accounts = true
  }

  assert {
    condition     = length(data.cardpay_ais_accounts.user[0].accounts) == 1
    error_message = "A new merchant's user has one account in the sandbox."
  }
}

run "rejects_unknown_currency" {
  command = plan

  variables {
    first_order = {
      amount    = 1000
      currency  = "USD"
      reference = "x"
    }
  }

  expect_failures = [var.first_order]
}
