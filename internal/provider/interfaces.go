// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// The framework interfaces each type implements, checked at compile time,
// in one place.
var (
	_ list.ListResourceWithConfigure      = (*onlineTerminalResource)(nil)
	_ list.ListResourceWithConfigure      = (*paymentMethodResource)(nil)
	_ list.ListResourceWithConfigure      = (*storeResource)(nil)
	_ list.ListResourceWithConfigure      = (*webhookResource)(nil)
	_ resource.ResourceWithIdentity       = (*aisConsentResource)(nil)
	_ resource.ResourceWithConfigure      = (*aisConsentResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*aisConsentResource)(nil)
	_ resource.ResourceWithValidateConfig = (*aisConsentResource)(nil)
	_ resource.ResourceWithImportState    = (*aisConsentResource)(nil)
	_ resource.ResourceWithConfigure      = (*interappRegistrationResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*interappRegistrationResource)(nil)
	_ resource.ResourceWithIdentity       = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithConfigure      = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithImportState    = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithIdentity       = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithConfigure      = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithImportState    = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithIdentity       = (*orderResource)(nil)
	_ resource.ResourceWithConfigure      = (*orderResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*orderResource)(nil)
	_ resource.ResourceWithImportState    = (*orderResource)(nil)
	_ resource.ResourceWithIdentity       = (*paymentMethodResource)(nil)
	_ resource.ResourceWithConfigure      = (*paymentMethodResource)(nil)
	_ resource.ResourceWithImportState    = (*paymentMethodResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*paymentMethodResource)(nil)
	_ resource.ResourceWithIdentity       = (*storeResource)(nil)
	_ resource.ResourceWithConfigure      = (*storeResource)(nil)
	_ resource.ResourceWithImportState    = (*storeResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*storeResource)(nil)
	_ resource.ResourceWithValidateConfig = (*storeResource)(nil)
	_ resource.ResourceWithIdentity       = (*webhookResource)(nil)
	_ resource.ResourceWithConfigure      = (*webhookResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*webhookResource)(nil)
	_ resource.ResourceWithImportState    = (*webhookResource)(nil)
	_ resource.ResourceWithIdentity       = (*merchantResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*merchantResource)(nil)
	_ resource.ResourceWithImportState    = (*merchantResource)(nil)
	_ list.ListResourceWithConfigure      = (*merchantResource)(nil)

	_ resource.ResourceWithIdentity    = (*partnerCredentialResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*partnerCredentialResource)(nil)
	_ resource.ResourceWithImportState = (*partnerCredentialResource)(nil)
)
