# One shard: the merchants of one group, in a state of its own. Run every
# shard in parallel (Atlantis, terragrunt run-all, one CI job per shard);
# they all use the partner's one credential from the environment
# (CARDPAY_BASE_URL, CARDPAY_PARTNER_CLIENT_ID, CARDPAY_PARTNER_CLIENT_SECRET).

terraform {
  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }

  # Each shard keeps its own state, for example:
  # backend "s3" {
  #   bucket = "partner-terraform-state"
  #   key    = "cardpay/nordics.tfstate"
  #   region = "eu-north-1"
  # }
}

provider "cardpay" {
  # Shards on one machine share the rate limit by themselves. Shards on
  # separate machines (CI agents, HCP Terraform) do not see each other: give
  # each one a share of the partner's quota, e.g. a quota of 20 requests a
  # second over 4 shards:
  # max_requests_per_second = 5
}

locals {
  merchants = {
    "1001" = {
      payment_methods = ["amex", "klarna", "swish"]
      stores = {
        "1001-main" = {
          name           = "Copenhagen flagship"
          street_address = "Vesterbrogade 42"
          city           = "Copenhagen"
          postal_code    = "1620"
          country_code   = "DK"
          email          = "shop@example.com"
        }
      }
      online_terminals = {
        web = { mode = "PaymentPage", store_id = "1001-main" }
      }
    }
    "1002" = {
      payment_methods  = ["mobilepay", "vipps"]
      stores           = {}
      online_terminals = {}
    }
  }
}

module "merchant" {
  source   = "../../modules/existing-merchant"
  for_each = local.merchants

  merchant_id      = tonumber(each.key)
  payment_methods  = each.value.payment_methods
  stores           = each.value.stores
  online_terminals = each.value.online_terminals
}

output "online_terminal_ids" {
  value = { for id, m in module.merchant : id => m.online_terminal_ids }
}
