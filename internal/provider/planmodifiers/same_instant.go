// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
)

// KeepStateForSameInstant plans the state's spelling of an RFC 3339
// timestamp when the configuration names the same instant in another form
// (another UTC offset, say). The framework applies semantic equality only
// to values a provider returns, never to a configuration change, and
// timetypes.RFC3339's own equality only treats "Z" and "+00:00" as equal
// (and ignores fractional seconds), so instants are compared here with
// time.Time.Equal. Terraform accepts the prior value in place of an
// equivalent configured one.
func KeepStateForSameInstant() planmodifier.String { return sameInstant{} }

type sameInstant struct{}

func (sameInstant) Description(context.Context) string {
	return "the same instant written in another form (for example another UTC offset) keeps the current value"
}

func (m sameInstant) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (sameInstant) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.PlanValue.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	planned, err := time.Parse(time.RFC3339, req.PlanValue.ValueString())
	if err != nil {
		return
	}
	current, err := time.Parse(time.RFC3339, req.StateValue.ValueString())
	if err == nil && planned.Equal(current) {
		resp.PlanValue = req.StateValue
	}
}
