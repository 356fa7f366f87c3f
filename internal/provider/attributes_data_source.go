// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
)

// Attributes that many data sources declare alike.

// merchantIDArgument is the required merchant_id of a data source.
func merchantIDArgument(description string) schema.Int64Attribute {
	return schema.Int64Attribute{MarkdownDescription: description, Required: true, Validators: merchantIDValidators()}
}

// requiredText is a required string argument of a data source, which must
// not be blank.
func requiredText(description string) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: description, Required: true, Validators: notBlank()}
}

// computedText is a string a data source reads from the service.
func computedText(description string) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: description, Computed: true}
}

// sensitiveText is computedText for personal data, which plan and CLI
// output hide.
func sensitiveText(description string) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: description, Computed: true, Sensitive: true}
}

// computedFlag is a boolean a data source reads from the service.
func computedFlag(description string) schema.BoolAttribute {
	return schema.BoolAttribute{MarkdownDescription: description, Computed: true}
}

// computedList is a list of objects a data source reads from the service.
func computedList(description string, attributes map[string]schema.Attribute) schema.ListNestedAttribute {
	return schema.ListNestedAttribute{
		MarkdownDescription: description,
		Computed:            true,
		NestedObject:        schema.NestedAttributeObject{Attributes: attributes},
	}
}
