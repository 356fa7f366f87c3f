// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// The framework interfaces each type implements, checked at compile time,
// in one place.
var (
	_ action.ActionWithConfigure                    = (*interappPairingAction)(nil)
	_ action.ActionWithConfigure                    = (*testOrderAction)(nil)
	_ datasource.DataSourceWithConfigure            = (*aisReadDataSource[struct{}])(nil)
	_ datasource.DataSourceWithValidateConfig       = (*aisReadDataSource[struct{}])(nil)
	_ ephemeral.EphemeralResourceWithConfigure      = (*aisReadEphemeral[struct{}])(nil)
	_ ephemeral.EphemeralResourceWithValidateConfig = (*aisReadEphemeral[struct{}])(nil)
	_ datasource.DataSourceWithConfigure            = (*onboardingStatusDataSource)(nil)
	_ datasource.DataSourceWithConfigure            = (*paymentMethodsDataSource)(nil)
	_ datasource.DataSourceWithConfigure            = (*storesDataSource)(nil)
	_ datasource.DataSourceWithConfigure            = (*terminalsDataSource)(nil)
	_ datasource.DataSourceWithConfigure            = (*webhooksDataSource)(nil)
	_ ephemeral.EphemeralResourceWithConfigure      = (*interappRegistrationEphemeral)(nil)
	_ list.ListResourceWithConfigure                = (*onlineTerminalResource)(nil)
	_ list.ListResourceWithConfigure                = (*paymentMethodResource)(nil)
	_ list.ListResourceWithConfigure                = (*storeResource)(nil)
	_ list.ListResourceWithConfigure                = (*webhookResource)(nil)
	_ provider.Provider                             = (*cardpayProvider)(nil)
	_ provider.ProviderWithEphemeralResources       = (*cardpayProvider)(nil)
	_ provider.ProviderWithListResources            = (*cardpayProvider)(nil)
	_ provider.ProviderWithActions                  = (*cardpayProvider)(nil)
	_ resource.ResourceWithIdentity                 = (*aisConsentResource)(nil)
	_ resource.ResourceWithConfigure                = (*aisConsentResource)(nil)
	_ resource.ResourceWithModifyPlan               = (*aisConsentResource)(nil)
	_ resource.ResourceWithValidateConfig           = (*aisConsentResource)(nil)
	_ resource.ResourceWithImportState              = (*aisConsentResource)(nil)
	_ resource.ResourceWithConfigure                = (*interappRegistrationResource)(nil)
	_ resource.ResourceWithModifyPlan               = (*interappRegistrationResource)(nil)
	_ resource.ResourceWithIdentity                 = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithConfigure                = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithModifyPlan               = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithImportState              = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithIdentity                 = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithConfigure                = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithModifyPlan               = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithImportState              = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithIdentity                 = (*orderResource)(nil)
	_ resource.ResourceWithConfigure                = (*orderResource)(nil)
	_ resource.ResourceWithModifyPlan               = (*orderResource)(nil)
	_ resource.ResourceWithImportState              = (*orderResource)(nil)
	_ resource.ResourceWithIdentity                 = (*paymentMethodResource)(nil)
	_ resource.ResourceWithConfigure                = (*paymentMethodResource)(nil)
	_ resource.ResourceWithImportState              = (*paymentMethodResource)(nil)
	_ resource.ResourceWithModifyPlan               = (*paymentMethodResource)(nil)
	_ resource.ResourceWithIdentity                 = (*storeResource)(nil)
	_ resource.ResourceWithConfigure                = (*storeResource)(nil)
	_ resource.ResourceWithImportState              = (*storeResource)(nil)
	_ resource.ResourceWithModifyPlan               = (*storeResource)(nil)
	_ resource.ResourceWithValidateConfig           = (*storeResource)(nil)
	_ resource.ResourceWithIdentity                 = (*webhookResource)(nil)
	_ resource.ResourceWithConfigure                = (*webhookResource)(nil)
	_ resource.ResourceWithModifyPlan               = (*webhookResource)(nil)
	_ resource.ResourceWithImportState              = (*webhookResource)(nil)
	_ resource.ResourceWithIdentity                 = (*merchantResource)(nil)
	_ resource.ResourceWithModifyPlan               = (*merchantResource)(nil)
	_ resource.ResourceWithImportState              = (*merchantResource)(nil)
	_ list.ListResourceWithConfigure                = (*merchantResource)(nil)

	_ datasource.DataSourceWithConfigure        = (*merchantsDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*merchantDataSource)(nil)

	_ resource.ResourceWithIdentity    = (*partnerCredentialResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*partnerCredentialResource)(nil)
	_ resource.ResourceWithImportState = (*partnerCredentialResource)(nil)

	_ datasource.DataSourceWithConfigure       = (*partnerCredentialsDataSource)(nil)
	_ datasource.DataSourceWithConfigure       = (*partnerProfileDataSource)(nil)
	_ datasource.DataSourceWithConfigure       = (*cardPaymentDataSource)(nil)
	_ datasource.DataSourceWithConfigure       = (*paymentsDataSource)(nil)
	_ datasource.DataSourceWithConfigure       = (*aisConsentAccountsDataSource)(nil)
	_ ephemeral.EphemeralResourceWithConfigure = (*onlineSDKTokenEphemeral)(nil)
)
