variable "merchant" {
  description = "The merchant to create. partner_ref_id is your own reference (a CRM ID): it lets the provider find the merchant when a create's answer is lost."
  type = object({
    company_name   = string
    contact_email  = string
    contact_phone  = optional(string)
    partner_ref_id = string
  })
  default = {
    company_name   = "Nordic Coffee ApS"
    contact_email  = "owner@nordic-coffee.example"
    contact_phone  = "+4533000000"
    partner_ref_id = "CRM-0001"
  }
}

variable "merchant_active_within" {
  description = "How long the apply waits for the merchant to complete its onboarding form, as a duration such as \"72h\"."
  type        = string
  default     = "30m"
}

variable "card_onboarding_within" {
  description = "How long the apply waits for card onboarding (business verification) to create the card merchant account."
  type        = string
  default     = "30m"
}

variable "payment_methods" {
  description = "Payment methods to activate in addition to the card networks that are active by default."
  type        = set(string)
  default     = ["amex", "mobilepay"]
}

variable "store" {
  description = "The merchant's flagship store. Details left null are left to the service."
  type = object({
    name           = string
    street_address = optional(string)
    city           = optional(string)
    postal_code    = optional(string)
    country_code   = optional(string)
    phone          = optional(string)
    email          = optional(string)
  })
  default = {
    name           = "Nordic Coffee, Vesterbro"
    street_address = "Vesterbrogade 42"
    city           = "Copenhagen"
    postal_code    = "1620"
    country_code   = "DK"
    email          = "vesterbro@nordic-coffee.example"
  }
}

variable "first_order" {
  description = "An opening order to test the payment setup. Amount in minor units (1000 = 10.00)."
  type = object({
    amount    = number
    currency  = string
    reference = string
  })
  default = {
    amount    = 1000
    currency  = "DKK"
    reference = "setup-check-001"
  }

  validation {
    condition     = contains(["DKK", "EUR", "SEK"], var.first_order.currency)
    error_message = "first_order.currency must be DKK, EUR or SEK."
  }
}

variable "webhook_url" {
  description = "Where the service sends payment and merchant events (https; plain http only on a loopback address)."
  type        = string
  default     = "https://hooks.nordic-coffee.example/cardpay"
}

variable "ais_user_id" {
  description = "Identity-provider ID of the merchant's user whose bank accounts the merchant may read. When null, user-<merchant ID>, the user the cardpay-sandbox gives every new merchant."
  type        = string
  default     = null
}

variable "consent_valid_for" {
  description = "How long the AIS consent is valid after it is first created, as a duration such as \"2160h\" (90 days)."
  type        = string
  default     = "2160h"
}

variable "read_accounts" {
  description = "Read the user's bank accounts. Set it to true once the user has authorized the consent at the bank."
  type        = bool
  default     = false
}
