# Runs without any service: mock_provider stands in for cardpay, so this
# file (and not_active.tftest.hcl) needs no sandbox, credentials or
# network. A plain `terraform test` runs both; the tests against a sandbox
# are in tests/sandbox, which it leaves alone:
#
#   terraform test
#
# A mock provider makes up the attributes the service would compute:
# random strings, zero numbers. The defaults below give the ones the
# module's postconditions and outputs depend on values the service would
# return (README.md lists them).

mock_provider "cardpay" {
  mock_resource "cardpay_merchant" {
    defaults = {
      merchant_id    = 1001
      status         = "active"
      onboarding_url = "https://onboarding.sandbox.example/merchants/1001"
    }
  }

  mock_resource "cardpay_onboarding_application" {
    defaults = {
      application_status = "MERCHANT_CREATED"
      web_kyb_url        = "https://kyb.sandbox.example/1001"
    }
  }

  mock_resource "cardpay_store" {
    defaults = {
      store_id = "1001-flagship"
    }
  }

  mock_resource "cardpay_order" {
    defaults = {
      order_id = "ord_0123456789abcdef"
      status   = "CREATED"
    }
  }

  mock_resource "cardpay_ais_consent" {
    defaults = {
      request_id        = "req_0123456789abcdef"
      status            = "pending"
      authorization_url = "https://bank.sandbox.example/authorize/req_0123456789abcdef"
    }
  }
}

variables {
  merchant = {
    company_name   = "Module Test ApS"
    contact_email  = "owner@module-test.example"
    partner_ref_id = "CRM-MODULE-TEST"
  }
  store = {
    name         = "Module Test, Aarhus"
    city         = "Aarhus"
    country_code = "DK"
  }
}

run "plans_the_merchant_setup" {
  command = plan

  assert {
    condition     = cardpay_merchant.this.partner_ref_id == "CRM-MODULE-TEST" && cardpay_merchant.this.wait_for == "active"
    error_message = "Expected a merchant with the CRM reference that the apply waits for."
  }

  assert {
    condition     = toset(keys(cardpay_payment_method.extra)) == toset(["amex", "mobilepay"])
    error_message = "Expected one payment method per entry of var.payment_methods."
  }

  assert {
    condition     = cardpay_online_terminal.web_shop.online_terminal_mode == "SelfHostedPage" && cardpay_online_terminal.payment_page.online_terminal_mode == "PaymentPage"
    error_message = "Expected a SelfHostedPage and a PaymentPage terminal."
  }

  assert {
    condition     = length(data.cardpay_ais_accounts.user) == 0
    error_message = "Accounts must not be read before the consent is authorized."
  }
}

run "wires_the_chain_together" {
  assert {
    condition     = cardpay_onboarding_application.this.merchant_id == 1001 && cardpay_store.flagship.merchant_id == 1001
    error_message = "Card onboarding and the store should be for the new merchant."
  }

  assert {
    condition     = output.terminals.web_shop.store_id == "1001-flagship" && output.terminals.payment_page.store_id == "1001-flagship"
    error_message = "Both terminals should be registered under the flagship store."
  }

  assert {
    condition     = cardpay_ais_consent.bookkeeping.user_id == "user-1001"
    error_message = "Without ais_user_id, the consent should be for user-<merchant ID>."
  }

  assert {
    condition     = output.first_order_total == "10.00 DKK"
    error_message = "The default opening order should be 10.00 DKK."
  }
}

run "rejects_an_unsupported_currency" {
  command = plan

  variables {
    first_order = {
      amount    = 1000
      currency  = "USD"
      reference = "bad-currency"
    }
  }

  expect_failures = [var.first_order]
}
