variable "merchant_id" {
  description = "The numeric ID of a merchant that already exists at the service."
  type        = number
}

variable "payment_methods" {
  description = "Payment methods to activate, such as [\"amex\", \"klarna\"]."
  type        = set(string)
  default     = []
}

variable "stores" {
  description = "Stores the merchant already has, by store ID, adopted with these details."
  type = map(object({
    name           = string
    street_address = string
    city           = string
    postal_code    = string
    country_code   = string
    email          = string
  }))
  default = {}
}

variable "online_terminals" {
  description = "Online terminals to register, by a name of your choice: the mode and the store."
  type = map(object({
    mode     = string
    store_id = string
  }))
  default = {}
}
