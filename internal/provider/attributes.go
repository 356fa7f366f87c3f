// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"

	"github.com/cardpay/terraform-provider-cardpay/internal/provider/planmodifiers"
)

// Attributes that many types declare alike.

// replacingMerchantID is the required merchant_id of a resource: another
// merchant means another object, so a change replaces it, with the
// resource's warning about the old one.
func replacingMerchantID(description string, replaced planmodifiers.DestroyWarning) schema.Int64Attribute {
	return schema.Int64Attribute{MarkdownDescription: description, Required: true, Validators: merchantIDValidators(),
		PlanModifiers: []planmodifier.Int64{planmodifiers.RequiresReplace(replaced)}}
}

// keptString is a computed string that plans keep as recorded, instead of
// showing it as known after apply: the service sets it once, or the
// refresh before the plan has read it.
func keptString(description string) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: description, Computed: true,
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
}
