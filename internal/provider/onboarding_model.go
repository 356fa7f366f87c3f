// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// onboardingApplicationModel is the state of cardpay_onboarding_application.
type onboardingApplicationModel struct {
	ID                types.String   `tfsdk:"id"`
	MerchantID        types.Int64    `tfsdk:"merchant_id"`
	WaitFor           types.String   `tfsdk:"wait_for"`
	ApplicationID     types.String   `tfsdk:"application_id"`
	WebKybURL         types.String   `tfsdk:"web_kyb_url"`
	ShortLinkURL      types.String   `tfsdk:"short_link_url"`
	ApplicationStatus types.String   `tfsdk:"application_status"`
	Timeouts          timeouts.Value `tfsdk:"timeouts"`
}

// onboardingIdentityModel is the identity of cardpay_onboarding_application.
type onboardingIdentityModel struct {
	MerchantID    types.Int64  `tfsdk:"merchant_id"`
	ApplicationID types.String `tfsdk:"application_id"`
}

func (m onboardingApplicationModel) identity() onboardingIdentityModel {
	return onboardingIdentityModel{MerchantID: m.MerchantID, ApplicationID: m.ApplicationID}
}

// fromCreateAnswer records the answer that started the application, which
// has a shape of its own.
func (m *onboardingApplicationModel) fromCreateAnswer(app *client.OnboardingApplication) {
	m.ID = types.StringValue(app.ApplicationID)
	m.ApplicationID = types.StringValue(app.ApplicationID)
	m.WebKybURL = stringOrNull(app.WebKybURL)
	m.ShortLinkURL = stringPointerOrNull(app.ShortLinkURL)
	m.ApplicationStatus = stringOrNull(app.ApplicationStatus)
}

// fromCurrent records the merchant's current application, which a create
// found instead of starting one: the status read has no short link.
func (m *onboardingApplicationModel) fromCurrent(status *client.OnboardingStatus) {
	m.fromAPI(status)
	m.ShortLinkURL = types.StringNull()
}

// fromAPI copies a status answer into m, unless it is about another
// application than the one m holds; it reports whether it did. After
// import m holds no application yet and takes the current one.
func (m *onboardingApplicationModel) fromAPI(status *client.OnboardingStatus) bool {
	known := m.ApplicationID.ValueString()
	if known != "" && status.ApplicationID != "" && status.ApplicationID != known {
		return false
	}
	if known == "" {
		m.ID = types.StringValue(status.ApplicationID)
		m.ApplicationID = types.StringValue(status.ApplicationID)
	}
	m.ApplicationStatus = types.StringValue(status.ApplicationStatus)
	m.WebKybURL = stringPointerOrNull(status.WebKybURL)
	return true
}
