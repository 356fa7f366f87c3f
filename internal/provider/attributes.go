// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
)

// Attributes that many types declare alike.

// replacingMerchantID is the required merchant_id of a resource: another
// merchant means another object, so a change replaces it.
func replacingMerchantID(description string) schema.Int64Attribute {
	return schema.Int64Attribute{MarkdownDescription: description, Required: true, Validators: merchantIDValidators(),
		PlanModifiers: []planmodifier.Int64{replaceInt64(int64planmodifier.RequiresReplace())}}
}
