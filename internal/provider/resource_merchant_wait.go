// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// With wait_for = "active", cardpay_merchant waits until the merchant has
// completed its onboarding: after the create, or in an update that the
// plan makes while the merchant is pending.

// planWaitAgain plans an update that waits again while wait_for asks for
// an active merchant and the last refresh saw it pending, so that the
// apply after a wait that ran out keeps waiting. A deactivated merchant is
// not waited for.
func (r *merchantResource) planWaitAgain(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var waitFor, status types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("wait_for"), &waitFor)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("status"), &status)...)
	word := status.ValueString()
	if waitFor.ValueString() != client.MerchantStatusActive || word == "" ||
		strings.EqualFold(word, client.MerchantStatusActive) || strings.EqualFold(word, client.MerchantStatusInactive) {
		return
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("status"), types.StringUnknown())...)
}

// waitUntilActive reads the merchant until it is active, for at most
// timeout; an inactive (deactivated) merchant ends the wait with an error.
// during is "create" or "update", the operation and its timeouts attribute.
func (r *merchantResource) waitUntilActive(ctx context.Context, c *client.Client, m *merchantModel, timeout time.Duration, during string) diag.Diagnostics {
	var diags diag.Diagnostics
	id := m.MerchantID.ValueInt64()
	timedOut, err := r.data.pollOnboarding(ctx, timeout, func(ctx context.Context) (bool, error) {
		merchant, err := c.GetMerchant(ctx, id)
		if err != nil {
			return false, err
		}
		m.fromAPI(merchant)
		tflog.Info(ctx, "waiting for the merchant to become active", map[string]any{"merchant_id": id, "status": merchant.Status})
		return merchant.Active() || strings.EqualFold(merchant.Status, client.MerchantStatusInactive), nil
	})
	switch {
	case timedOut:
		diags.AddError(fmt.Sprintf("Merchant %d did not become active within %s", id, timeout),
			fmt.Sprintf("The service still reports merchant %d as %q. The merchant completes its onboarding at the link "+
				"it received by e-mail (also in onboarding_url). %s", id, m.Status.ValueString(), merchantWaitAdvice(during, m)))
	case err != nil:
		addAPIError(&diags, fmt.Sprintf("Could not read merchant %d", id), err)
	case !strings.EqualFold(m.Status.ValueString(), client.MerchantStatusActive):
		diags.AddError(fmt.Sprintf("Merchant %d was deactivated", id),
			fmt.Sprintf("The service reports merchant %d as %q while the apply waited for it to become active. Ask cardpay why.", id, m.Status.ValueString()))
	}
	return diags
}

// merchantWaitAdvice says how to go on after a wait during create or
// update ran out. A failed create leaves the merchant tainted: with a
// partner reference, the replacement records it again (merchantByRef).
func merchantWaitAdvice(during string, m *merchantModel) string {
	switch {
	case during == "update":
		return "The merchant stays in state; apply again to keep waiting (timeouts.update), or raise timeouts.update."
	case m.PartnerRefID.ValueString() != "":
		return fmt.Sprintf("The merchant is kept in state, and Terraform marks it tainted because the apply failed. Apply "+
			"again to keep waiting: the plan shows the merchant replaced, but the apply finds merchant %d by its "+
			"partner_ref_id and records it again instead of creating a second merchant, then waits again "+
			"(timeouts.create). Raise timeouts.create to wait longer.", m.MerchantID.ValueInt64())
	default:
		return "The merchant is kept in state, but Terraform marks it tainted because the apply failed, and without " +
			"partner_ref_id the next apply would create a second merchant: run terraform untaint on this resource, then " +
			"apply again to keep waiting (timeouts.update)."
	}
}
