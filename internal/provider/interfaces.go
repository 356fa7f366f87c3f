// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/provider"
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
	_ provider.Provider                             = (*cardpayProvider)(nil)
	_ provider.ProviderWithEphemeralResources       = (*cardpayProvider)(nil)
	_ provider.ProviderWithListResources            = (*cardpayProvider)(nil)
	_ provider.ProviderWithActions                  = (*cardpayProvider)(nil)

	_ datasource.DataSourceWithConfigure        = (*merchantsDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*merchantDataSource)(nil)

	_ datasource.DataSourceWithConfigure       = (*partnerCredentialsDataSource)(nil)
	_ datasource.DataSourceWithConfigure       = (*partnerProfileDataSource)(nil)
	_ datasource.DataSourceWithConfigure       = (*cardPaymentDataSource)(nil)
	_ datasource.DataSourceWithConfigure       = (*paymentsDataSource)(nil)
	_ datasource.DataSourceWithConfigure       = (*aisConsentAccountsDataSource)(nil)
	_ ephemeral.EphemeralResourceWithConfigure = (*onlineSDKTokenEphemeral)(nil)
)
