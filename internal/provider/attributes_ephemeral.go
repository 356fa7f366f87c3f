// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
)

// Attributes that many ephemeral resources declare alike: those of
// attributes_data_source.go, in the ephemeral resources' schema package.

// ephemeralMerchantID is the required merchant_id of an ephemeral resource.
func ephemeralMerchantID(description string) schema.Int64Attribute {
	return schema.Int64Attribute{MarkdownDescription: description, Required: true, Validators: merchantIDValidators()}
}

// ephemeralRequiredText is a required string argument of an ephemeral
// resource, which must not be blank.
func ephemeralRequiredText(description string) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: description, Required: true, Validators: notBlank()}
}

// ephemeralComputedText is a string an ephemeral resource reads from the
// service.
func ephemeralComputedText(description string) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: description, Computed: true}
}

// ephemeralSensitiveText is ephemeralComputedText for personal data and
// secrets.
func ephemeralSensitiveText(description string) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: description, Computed: true, Sensitive: true}
}
