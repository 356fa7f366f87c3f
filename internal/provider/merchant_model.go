// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
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

// merchantIdentityModel is the identity of cardpay_merchant.
type merchantIdentityModel struct {
	MerchantID types.Int64 `tfsdk:"merchant_id"`
}

func (m merchantModel) identity() merchantIdentityModel {
	return merchantIdentityModel{MerchantID: m.MerchantID}
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
