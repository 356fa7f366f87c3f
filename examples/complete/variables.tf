variable "merchant_id" {
  description = "Numeric ID of the merchant to set up."
  type        = number
  default     = 1001
}

variable "payment_methods" {
  description = "Payment methods to activate in addition to the card networks that are active by default."
  type        = set(string)
  default     = ["amex", "mobilepay"]
}

variable "store" {
  description = "The store to update: its ID and the details to write. Details left null keep the service's values."
  type = object({
    id             = string
    name           = optional(string)
    street_address = optional(string)
    city           = optional(string)
    postal_code    = optional(string)
    country_code   = optional(string)
    phone          = optional(string)
    email          = optional(string)
  })
  default = {
    id             = "1001-main"
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

variable "ais_user_id" {
  description = "Identity-provider ID of the merchant's user whose bank accounts the merchant may read."
  type        = string
  default     = "user-1001"
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
