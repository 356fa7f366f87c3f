# adopt.tf, added to your copy of the merchant module: with
# adopt_existing = true, the module imports the merchant that already has
# its partner_ref_id, and that merchant's card onboarding, instead of
# creating them. Import blocks inside a module need Terraform 1.16 or later.
variable "adopt_existing" {
  description = "Import the merchant with partner_ref_id, and its card onboarding, instead of creating them."
  type        = bool
  default     = false
}

import {
  for_each = var.adopt_existing ? toset([var.merchant.partner_ref_id]) : toset([])
  to       = cardpay_merchant.this
  id       = "ref:${each.value}"
}

import {
  for_each = var.adopt_existing ? toset([var.merchant.partner_ref_id]) : toset([])
  to       = cardpay_onboarding_application.this
  id       = cardpay_merchant.this.id
}
