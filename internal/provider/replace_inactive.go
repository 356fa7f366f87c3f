// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// replaceInactive plans the replacement of an object the service reports
// as inactive (a store or terminal deactivated outside Terraform, a consent
// that has ended): the computed status at attr becomes unknown, which is
// the change Terraform needs to see before it honours RequiresReplace, and
// a warning says why the plan replaces it.
func replaceInactive(ctx context.Context, resp *resource.ModifyPlanResponse, attr path.Path, summary, detail string) {
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, attr, types.StringUnknown())...)
	resp.RequiresReplace = append(resp.RequiresReplace, attr)
	resp.Diagnostics.AddWarning(summary, detail)
}
