// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// merchantAttrs are what the service reports about a merchant, as
// cardpay_merchant, the cardpay_merchant data source and each entry of
// cardpay_merchants record them.
type merchantAttrs struct {
	MerchantID   types.Int64  `tfsdk:"merchant_id"`
	ClientID     types.String `tfsdk:"client_id"`
	CompanyName  types.String `tfsdk:"company_name"`
	ContactEmail types.String `tfsdk:"contact_email"`
	ContactPhone types.String `tfsdk:"contact_phone"`
	PartnerRefID types.String `tfsdk:"partner_ref_id"`
	Status       types.String `tfsdk:"status"`
	CreatedAt    types.String `tfsdk:"created_at"`
}

// merchantModel is the state of cardpay_merchant.
type merchantModel struct {
	ID types.String `tfsdk:"id"`
	merchantAttrs
	FastTrack        *merchantFastTrackModel `tfsdk:"fast_track"`
	TestMerchant     types.Bool              `tfsdk:"test_merchant"`
	OnboardingURL    types.String            `tfsdk:"onboarding_url"`
	OnboardingExpiry types.String            `tfsdk:"onboarding_url_expires_at"`
	WaitFor          types.String            `tfsdk:"wait_for"`
	Timeouts         timeouts.Value          `tfsdk:"timeouts"`
}

// merchantFastTrackModel holds the company details of a fast-track merchant.
type merchantFastTrackModel struct {
	RegistrationNumber types.String `tfsdk:"registration_number"`
	Website            types.String `tfsdk:"website"`
	IBAN               types.String `tfsdk:"iban"`
	BIC                types.String `tfsdk:"bic"`
}

// fromAPI records the service's merchant. An answer that leaves a field
// out keeps what is recorded (the create answer has no phone, reference
// or creation time; the read no onboarding link).
func (m *merchantAttrs) fromAPI(mc *client.Merchant) {
	if id, err := strconv.ParseInt(string(mc.ID), 10, 64); err == nil {
		m.MerchantID = types.Int64Value(id)
	}
	m.ClientID = keepUnlessSent(m.ClientID, mc.ClientID)
	m.CompanyName = keepUnlessSent(m.CompanyName, mc.CompanyName)
	m.ContactEmail = keepUnlessSent(m.ContactEmail, mc.ContactEmail)
	m.ContactPhone = keepUnlessSent(m.ContactPhone, mc.ContactPhone)
	m.PartnerRefID = keepUnlessSent(m.PartnerRefID, mc.PartnerRefID)
	m.Status = keepUnlessSent(m.Status, mc.Status)
	m.CreatedAt = keepUnlessSent(m.CreatedAt, mc.CreatedAt)
}

// fromAPIEntry is fromAPI for a data source's entry.
func (m *merchantAttrs) fromAPIEntry(mc *client.Merchant) { m.fromAPI(mc) }

// fromAPI records the merchant, and the onboarding link when the answer
// carries it (the create answer only).
func (m *merchantModel) fromAPI(mc *client.Merchant) {
	m.merchantAttrs.fromAPI(mc)
	m.ID = types.StringValue(strconv.FormatInt(m.MerchantID.ValueInt64(), 10))
	if mc.OnboardingURL != nil || m.OnboardingURL.IsUnknown() {
		m.OnboardingURL = stringPointerOrNull(mc.OnboardingURL)
		m.OnboardingExpiry = stringPointerOrNull(mc.ExpiresAt)
	}
}

// createBody builds the body of a standard or test merchant.
func (m merchantAttrs) createBody() client.MerchantRequest {
	return client.MerchantRequest{
		CompanyName:  m.CompanyName.ValueString(),
		ContactEmail: m.ContactEmail.ValueString(),
		ContactPhone: m.ContactPhone.ValueString(),
		PartnerRefID: m.PartnerRefID.ValueString(),
	}
}

// fastTrackBody builds the body of a fast-track merchant.
func (m merchantModel) fastTrackBody() client.FastTrackRequest {
	return client.FastTrackRequest{
		MerchantRequest:    m.createBody(),
		RegistrationNumber: m.FastTrack.RegistrationNumber.ValueString(),
		Website:            m.FastTrack.Website.ValueString(),
		IBAN:               m.FastTrack.IBAN.ValueString(),
		BIC:                m.FastTrack.BIC.ValueString(),
	}
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
func (d *providerData) merchantByRef(ctx context.Context, c *client.Client, m merchantAttrs) (*client.Merchant, diag.Diagnostics) {
	var diags diag.Diagnostics
	ref := m.PartnerRefID.ValueString()
	if ref == "" {
		return nil, diags
	}
	found, err := listMatching(ctx, func(ctx context.Context) ([]client.Merchant, error) { return d.merchants.get(ctx, c, partnerWide{}) },
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
