variable "merchants" {
  description = "The merchants to set up, keyed by a short name of your own. partner_ref_id is your own reference (a CRM ID): it lets the provider find the merchant when a create's answer is lost. Store details left null are left to the service; first_order.amount is in minor units (1000 = 10.00)."
  type = map(object({
    company_name    = string
    contact_email   = string
    contact_phone   = optional(string)
    partner_ref_id  = string
    payment_methods = optional(set(string), ["amex", "mobilepay"])
    store = object({
      name           = string
      street_address = optional(string)
      city           = optional(string)
      postal_code    = optional(string)
      country_code   = optional(string)
      phone          = optional(string)
      email          = optional(string)
    })
    first_order = optional(object({
      amount    = number
      currency  = string
      reference = string
    }), { amount = 1000, currency = "DKK", reference = "setup-check-001" })
  }))
  default = {
    nordic-coffee = {
      company_name   = "Nordic Coffee ApS"
      contact_email  = "owner@nordic-coffee.example"
      contact_phone  = "+4533000000"
      partner_ref_id = "CRM-0001"
      store = {
        name           = "Nordic Coffee, Vesterbro"
        street_address = "Vesterbrogade 42"
        city           = "Copenhagen"
        postal_code    = "1620"
        country_code   = "DK"
        email          = "vesterbro@nordic-coffee.example"
      }
    }
    harbour-bakery = {
      company_name    = "Harbour Bakery AB"
      contact_email   = "owner@harbour-bakery.example"
      partner_ref_id  = "CRM-0002"
      payment_methods = ["amex"]
      store = {
        name         = "Harbour Bakery, Gamla stan"
        city         = "Stockholm"
        country_code = "SE"
      }
      first_order = {
        amount    = 4950
        currency  = "SEK"
        reference = "setup-check-002"
      }
    }
  }
}

variable "merchant_active_within" {
  description = "How long the apply waits for each merchant to complete its onboarding form, as a duration such as \"72h\"."
  type        = string
  default     = "30m"
}

variable "card_onboarding_within" {
  description = "How long the apply waits for each merchant's card onboarding (business verification) to create the card merchant account."
  type        = string
  default     = "30m"
}

variable "webhook_url" {
  description = "Where the service sends payment and merchant events of every merchant (https; plain http only on a loopback address)."
  type        = string
  default     = "https://hooks.partner.example/cardpay"
}

variable "consent_valid_for" {
  description = "How long each AIS consent is valid after it is first created, as a duration such as \"2160h\" (90 days)."
  type        = string
  default     = "2160h"
}

variable "read_accounts" {
  description = "Read the merchants' users' bank accounts. Set it to true once the users have authorized their consents at the bank."
  type        = bool
  default     = false
}
