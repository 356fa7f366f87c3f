// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// A partner reference names one merchant, so cardpay_merchant never makes a
// second merchant for one: a plan that creates shows the merchant it will
// record instead (planExisting), the create records it (merchantByRef),
// and a create whose answer was lost finds the merchant it made by it
// (recover).

// planExisting shows in a create's plan that the apply will record the
// merchant that holds the configured partner reference instead of creating
// one (merchantByRef), with its ID, so that resources that take its
// merchant_id are not replaced. A provider that cannot call the API yet
// (unknown settings) leaves the look-up to the apply.
func (r *merchantResource) planExisting(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var m merchantAttrs
	for name, value := range map[string]*types.String{
		"partner_ref_id": &m.PartnerRefID, "company_name": &m.CompanyName, "contact_email": &m.ContactEmail, "contact_phone": &m.ContactPhone,
	} {
		resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root(name), value)...)
	}
	c, clientDiags := r.data.clientFor(client.PartnerAPI)
	if m.PartnerRefID.IsUnknown() || clientDiags.HasError() || resp.Diagnostics.HasError() {
		return
	}
	found, diags := r.merchantByRef(ctx, c, m)
	resp.Diagnostics.Append(diags...)
	if found == nil {
		return
	}
	if id, err := strconv.ParseInt(string(found.ID), 10, 64); err == nil {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("merchant_id"), id)...)
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("id"), strconv.FormatInt(id, 10))...)
	}
	addExistingMerchantWarning(&resp.Diagnostics, found, "the apply records it instead of creating one")
}

// addExistingMerchantWarning says that merchant mc, which holds the
// configured partner reference, is recorded instead of created.
func addExistingMerchantWarning(diags *diag.Diagnostics, mc *client.Merchant, what string) {
	diags.AddWarning(fmt.Sprintf("Merchant %s exists already: %s", mc.ID, what),
		fmt.Sprintf("The partner already has merchant %s with partner reference %q (status %s). A partner reference names "+
			"one merchant, so the provider records merchant %s instead of creating a second one, and waits for it when "+
			"wait_for says so. This happens when Terraform lost track of a merchant it created: an earlier apply failed "+
			"after creating it (a wait_for that ran out leaves the merchant tainted, and Terraform replaces a tainted "+
			"resource), or its state was lost. Its onboarding link was only in the create answer, so onboarding_url is "+
			"null; the service e-mailed it to the merchant. To create a separate merchant instead, give this one "+
			"another partner_ref_id.", mc.ID, mc.PartnerRefID, mc.Status, mc.ID))
}

// recover looks for the merchant a create with an unknown outcome may have
// made, by its partner reference and a creation time after the request
// was sent, and returns it (with a warning) when exactly one matches.
// Otherwise it returns the create's error, with what it found.
func (r *merchantResource) recover(ctx context.Context, c *client.Client, plan merchantModel, sentAt time.Time, createErr error, diags *diag.Diagnostics) (*client.Merchant, error) {
	ref := plan.PartnerRefID.ValueString()
	if ref == "" {
		return nil, createErr
	}
	found, err := recoverCreated(ctx, createErr, c.ListMerchants, func(m *client.Merchant) bool {
		return m.PartnerRefID == ref && createdSince(m.CreatedAt, sentAt)
	}, fmt.Sprintf("a merchant with partner reference %q", ref), fmt.Sprintf("merchants with partner reference %q", ref))
	if err != nil {
		return nil, err
	}
	diags.AddWarning("The merchant's creation was answered with an error, but it exists",
		fmt.Sprintf("%v\n\nThe provider found merchant %s with partner reference %q, created after the request was "+
			"sent, and records it: a second apply would otherwise create a second merchant. Its onboarding link was in "+
			"the lost answer and is unknown; the merchant also receives it by e-mail.", createErr, found.ID, ref))
	return found, nil
}

// findMerchantsByRef finds the partner's merchants with a partner
// reference.
func findMerchantsByRef(ctx context.Context, c *client.Client, ref string) ([]client.Merchant, error) {
	return listMatching(ctx, c.ListMerchants, func(m *client.Merchant) bool { return m.PartnerRefID == ref })
}

// merchantByRef returns the partner's merchant that holds m's partner
// reference, or nil when none does (or m sets no known reference). A
// partner reference names one merchant, so the provider never creates a
// second merchant for it: several merchants with the reference, or one
// whose details disagree with m (the API cannot change them), are an error
// that says what to do.
func (r *merchantResource) merchantByRef(ctx context.Context, c *client.Client, m merchantAttrs) (*client.Merchant, diag.Diagnostics) {
	var diags diag.Diagnostics
	ref := m.PartnerRefID.ValueString()
	if ref == "" {
		return nil, diags
	}
	found, err := listMatching(ctx, func(ctx context.Context) ([]client.Merchant, error) {
		return r.data.merchants.get(ctx, c, partnerWide{})
	},
		func(mc *client.Merchant) bool { return mc.PartnerRefID == ref })
	switch {
	case err != nil:
		addAPIError(&diags, fmt.Sprintf("Could not look for a merchant with partner reference %q", ref), err)
		return nil, diags
	case len(found) == 0:
		return nil, diags
	case len(found) > 1:
		ids := make([]string, len(found))
		for i := range found {
			ids[i] = string(found[i].ID)
		}
		diags.AddAttributeError(path.Root("partner_ref_id"), fmt.Sprintf("%d merchants have partner reference %q", len(found), ref),
			fmt.Sprintf("The partner has merchants %s with partner reference %q, so the provider cannot tell which one "+
				"this resource manages, and does not create another. Import the right one (terraform import <address> "+
				"<merchant ID>), or give this merchant another partner_ref_id.", strings.Join(ids, ", "), ref))
		return nil, diags
	}
	for _, f := range []struct {
		name       string
		configured types.String
		service    string
	}{
		{"company_name", m.CompanyName, found[0].CompanyName},
		{"contact_email", m.ContactEmail, found[0].ContactEmail},
		{"contact_phone", m.ContactPhone, found[0].ContactPhone},
	} {
		if f.configured.IsUnknown() || f.service == "" || f.service == f.configured.ValueString() {
			continue
		}
		configured := "not set here"
		if !f.configured.IsNull() {
			configured = strconv.Quote(f.configured.ValueString()) + " here"
		}
		diags.AddAttributeError(path.Root(f.name), fmt.Sprintf("Merchant %s has partner reference %q and another %s", found[0].ID, ref, f.name),
			fmt.Sprintf("The partner already has merchant %s with partner reference %q, whose %s is %q at the service and %s. "+
				"A partner reference names one merchant, so the provider does not create a second one, and the API cannot "+
				"change a merchant. If it is this merchant, set %s = %q (or change it in the cardpay dashboard first); if it "+
				"is another merchant, give this one another partner_ref_id.",
				found[0].ID, ref, f.name, f.service, configured, f.name, f.service))
		return nil, diags
	}
	return &found[0], diags
}
