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
	// action_interapp_pairing.go
	_ action.ActionWithConfigure = (*interappPairingAction)(nil)
	// action_test_order.go
	_ action.ActionWithConfigure = (*testOrderAction)(nil)
	// ais_reads.go
	_ datasource.DataSourceWithConfigure      = (*aisReadDataSource[struct{}])(nil)
	_ datasource.DataSourceWithValidateConfig = (*aisReadDataSource[struct{}])(nil)
	// ais_reads.go
	_ ephemeral.EphemeralResourceWithConfigure      = (*aisReadEphemeral[struct{}])(nil)
	_ ephemeral.EphemeralResourceWithValidateConfig = (*aisReadEphemeral[struct{}])(nil)
	// data_source_onboarding_status.go
	_ datasource.DataSourceWithConfigure = (*onboardingStatusDataSource)(nil)
	// data_source_payment_methods.go
	_ datasource.DataSourceWithConfigure = (*paymentMethodsDataSource)(nil)
	// data_source_stores.go
	_ datasource.DataSourceWithConfigure = (*storesDataSource)(nil)
	// data_source_terminals.go
	_ datasource.DataSourceWithConfigure = (*terminalsDataSource)(nil)
	// data_source_webhooks.go
	_ datasource.DataSourceWithConfigure = (*webhooksDataSource)(nil)
	// ephemeral_interapp_registration.go
	_ ephemeral.EphemeralResourceWithConfigure = (*interappRegistrationEphemeral)(nil)
	// list_online_terminal.go
	_ list.ListResourceWithConfigure = (*onlineTerminalResource)(nil)
	// list_payment_method.go
	_ list.ListResourceWithConfigure = (*paymentMethodResource)(nil)
	// list_store.go
	_ list.ListResourceWithConfigure = (*storeResource)(nil)
	// list_webhook.go
	_ list.ListResourceWithConfigure = (*webhookResource)(nil)
	// provider.go
	_ provider.Provider                       = (*cardpayProvider)(nil)
	_ provider.ProviderWithEphemeralResources = (*cardpayProvider)(nil)
	_ provider.ProviderWithListResources      = (*cardpayProvider)(nil)
	// provider.go
	_ provider.ProviderWithActions = (*cardpayProvider)(nil)
	// resource_ais_consent.go
	_ resource.ResourceWithIdentity       = (*aisConsentResource)(nil)
	_ resource.ResourceWithConfigure      = (*aisConsentResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*aisConsentResource)(nil)
	_ resource.ResourceWithValidateConfig = (*aisConsentResource)(nil)
	_ resource.ResourceWithImportState    = (*aisConsentResource)(nil)
	// resource_interapp_registration.go
	_ resource.ResourceWithConfigure  = (*interappRegistrationResource)(nil)
	_ resource.ResourceWithModifyPlan = (*interappRegistrationResource)(nil)
	// resource_onboarding_application.go
	_ resource.ResourceWithIdentity    = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithConfigure   = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithImportState = (*onboardingApplicationResource)(nil)
	// resource_online_terminal.go
	_ resource.ResourceWithIdentity    = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithConfigure   = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithImportState = (*onlineTerminalResource)(nil)
	// resource_order.go
	_ resource.ResourceWithIdentity    = (*orderResource)(nil)
	_ resource.ResourceWithConfigure   = (*orderResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*orderResource)(nil)
	_ resource.ResourceWithImportState = (*orderResource)(nil)
	// resource_payment_method.go
	_ resource.ResourceWithIdentity    = (*paymentMethodResource)(nil)
	_ resource.ResourceWithConfigure   = (*paymentMethodResource)(nil)
	_ resource.ResourceWithImportState = (*paymentMethodResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*paymentMethodResource)(nil)
	// resource_store.go
	_ resource.ResourceWithIdentity       = (*storeResource)(nil)
	_ resource.ResourceWithConfigure      = (*storeResource)(nil)
	_ resource.ResourceWithImportState    = (*storeResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*storeResource)(nil)
	_ resource.ResourceWithValidateConfig = (*storeResource)(nil)
	// resource_webhook.go
	_ resource.ResourceWithIdentity    = (*webhookResource)(nil)
	_ resource.ResourceWithConfigure   = (*webhookResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*webhookResource)(nil)
	_ resource.ResourceWithImportState = (*webhookResource)(nil)
)
