// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package provider implements the cardpay Terraform provider.
package provider

import (
	"context"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-log/tflog"
)

var (
	_ provider.Provider                       = (*cardpayProvider)(nil)
	_ provider.ProviderWithEphemeralResources = (*cardpayProvider)(nil)
	_ provider.ProviderWithListResources      = (*cardpayProvider)(nil)
	_ provider.ProviderWithActions            = (*cardpayProvider)(nil)
	_ provider.ProviderWithFunctions          = (*cardpayProvider)(nil)
)

// New returns a constructor for the provider at the given version.
func New(version string) func() provider.Provider {
	return newWithPollIntervals(version, defaultPollIntervals())
}

// newWithPollIntervals is New with other polling pauses, for tests.
func newWithPollIntervals(version string, p pollIntervals) func() provider.Provider {
	return func() provider.Provider {
		return &cardpayProvider{version: version, poll: p}
	}
}

type cardpayProvider struct {
	version string
	poll    pollIntervals
}

func (p *cardpayProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "cardpay"
	resp.Version = p.version
}

func (p *cardpayProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Manages a merchant's card-payment setup and reads open-banking (AIS) data " +
			"through the cardpay partner API. Every attribute can also be set through an environment " +
			"variable; a value in the configuration wins over the environment.",
		Attributes: providerSchema(),
	}
}

func (p *cardpayProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	block := map[string]attr.Value{}
	for name := range req.Config.Schema.GetAttributes() {
		var v attr.Value
		resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(name), &v)...)
		block[name] = v
	}
	if resp.Diagnostics.HasError() {
		return
	}
	cfg, diags := resolveConfig(block, os.LookupEnv)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(cfg.validate()...)
	if resp.Diagnostics.HasError() {
		return
	}
	cfg.UserAgent = userAgent(p.version, req.TerraformVersion)

	data := newProviderData(cfg)
	data.poll = p.poll
	tflog.Debug(ctx, "configured cardpay provider", map[string]any{
		"base_url":     cfg.BaseURL,
		"ais_base_url": cfg.AISBaseURL,
		"partner_auth": cfg.PartnerAuth.String(),
		"max_retries":  cfg.MaxRetries,
		"timeout":      cfg.Timeout.String(),
		"unknown":      cfg.Unknown,

		"max_requests_per_second": cfg.MaxRequestsPerSecond,
		"max_rate_limit_wait":     cfg.MaxRateLimitWait.String(),
	})
	resp.ActionData = data
	resp.ResourceData = data
	resp.DataSourceData = data
	resp.EphemeralResourceData = data
	resp.ListResourceData = data
}

// Actions run one-shot operations; they need Terraform 1.14 or later.
func (p *cardpayProvider) Actions(context.Context) []func() action.Action {
	return []func() action.Action{
		newInterappPairingAction,
		newTestOrderAction,
	}
}

func (p *cardpayProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{
		newPaymentMethodResource,
		newStoreResource,
		newInterappRegistrationResource,
		newOnboardingApplicationResource,
		newOnlineTerminalResource,
		newOrderResource,
		newAISConsentResource,
		newWebhookResource,
		newMerchantResource,
		newPartnerCredentialResource,
	}
}

func (p *cardpayProvider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{
		newPaymentMethodsDataSource,
		newOnboardingStatusDataSource,
		newTerminalsDataSource,
		newStoresDataSource,
		newWebhooksDataSource,
		newMerchantsDataSource,
		newMerchantDataSource,
		newPartnerCredentialsDataSource,
		newPartnerProfileDataSource,
		newCardPaymentDataSource,
		newPaymentsDataSource,
		newAISConsentAccountsDataSource,
		newAISAccountsDataSource,
		newAISAccountBalanceDataSource,
		newAISAccountTransactionsDataSource,
	}
}

// ListResources are the types `terraform query` can find, for adopting a
// merchant's existing objects.
func (p *cardpayProvider) ListResources(context.Context) []func() list.ListResource {
	return []func() list.ListResource{newPaymentMethodList, newStoreList, newOnlineTerminalList, newWebhookList, newMerchantList}
}

// Functions are the provider-defined functions, called as
// provider::cardpay::<name>; they need Terraform 1.8 or OpenTofu 1.7 or
// later, and no provider configuration.
func (p *cardpayProvider) Functions(context.Context) []func() function.Function {
	return []func() function.Function{
		newToMinorUnitsFunction,
		newFromMinorUnitsFunction,
		newWebhookSignatureFunction,
		newVerifyWebhookSignatureFunction,
		newParseImportIDFunction,
		newImportIDFunction,
	}
}

func (p *cardpayProvider) EphemeralResources(context.Context) []func() ephemeral.EphemeralResource {
	return []func() ephemeral.EphemeralResource{
		newAISAccountsEphemeral,
		newAISAccountBalanceEphemeral,
		newAISAccountTransactionsEphemeral,
		newInterappRegistrationEphemeral,
		newOnlineSDKTokenEphemeral,
	}
}

// userAgent names the provider's version and what is known of the CLI
// that runs it: the version it reports in the plugin protocol's
// terraform_version. The protocol does not name the CLI, and the version
// is not always the CLI's own (OpenTofu 1.12.6 reports 1.13.0, OpenTofu
// 1.11 its own version), so the User-Agent names no CLI.
func userAgent(providerVersion, cliVersion string) string {
	ua := "terraform-provider-cardpay/" + providerVersion
	if v := headerToken(cliVersion); v != "" {
		ua += " (CLI reports terraform_version " + v + ")"
	}
	return ua
}

// headerToken keeps the characters of a version that a header value may
// carry as they are: letters, digits and . + - _.
func headerToken(s string) string {
	return strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(".+-_", r)) {
			return r
		}
		return -1
	}, s)
}
