// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package provider implements the cardpay Terraform provider.
package provider

import (
	"context"
	"os"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// Defaults of the optional provider attributes.
const (
	defaultRequestTimeout = 30 * time.Second
	defaultMaxRetries     = 4
	maxMaxRetries         = 10
)

var (
	_ provider.Provider                       = (*cardpayProvider)(nil)
	_ provider.ProviderWithEphemeralResources = (*cardpayProvider)(nil)
	_ provider.ProviderWithListResources      = (*cardpayProvider)(nil)
)

// New returns a constructor for the provider at the given version.
func New(version string) func() provider.Provider {
	return newWithWaits(version, defaultWaits())
}

// newWithWaits is New with other polling pauses, for tests.
func newWithWaits(version string, w waits) func() provider.Provider {
	return func() provider.Provider {
		return &cardpayProvider{version: version, waits: w}
	}
}

type cardpayProvider struct {
	version string
	waits   waits
}

type providerModel struct {
	BaseURL             types.String         `tfsdk:"base_url"`
	AISBaseURL          types.String         `tfsdk:"ais_base_url"`
	PartnerClientID     types.String         `tfsdk:"partner_client_id"`
	PartnerClientSecret types.String         `tfsdk:"partner_client_secret"`
	PartnerAuth         types.String         `tfsdk:"partner_auth"`
	AccessToken         types.String         `tfsdk:"access_token"`
	RequestTimeout      timetypes.GoDuration `tfsdk:"request_timeout"`
	MaxRetries          types.Int64          `tfsdk:"max_retries"`

	MaxRequestsPerSecond types.Float64 `tfsdk:"max_requests_per_second"`
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
		Attributes: map[string]schema.Attribute{
			attrBaseURL: schema.StringAttribute{
				MarkdownDescription: "Address of the partner API, as the service publishes it: with no path, or ending " +
					"in `/v1` or `/v1/partner`, for example `https://api.acountpay.com` (production) or " +
					"`https://sandbox.api.acountpay.com/v1/partner` (the service's sandbox); all three forms name the " +
					"same host. Plain `http` is accepted only for loopback addresses (such as the `cardpay-sandbox`), " +
					"because credentials travel in request headers. Environment variable: `" + envBaseURL + "`.",
				Optional:   true,
				Validators: []validator.String{baseURLValidator{}},
			},
			attrAISBaseURL: schema.StringAttribute{
				MarkdownDescription: "Address of the account-information (AIS) data API, in the same forms as `base_url`, " +
					"for example `https://acount-apis-staging-a8cdb2402163.herokuapp.com/v1` (staging). The service " +
					"publishes its data API on a host of its own; when not set, the provider uses `base_url`. " +
					"Environment variable: `" + envAISBaseURL + "`.",
				Optional:   true,
				Validators: []validator.String{baseURLValidator{}},
			},
			attrPartnerAuth: schema.StringAttribute{
				MarkdownDescription: "How partner requests authenticate: `headers` (the default) sends the client ID and " +
					"secret as `X-Partner-Client-Id` and `X-Partner-Client-Secret` on every request, as the API " +
					"reference shows; `oauth2` exchanges them for a short-lived bearer token (OAuth2 client credentials, " +
					"`POST /oauth/token`), as one of the service's guides shows, and renews it before it expires. " +
					"Environment variable: `" + envPartnerAuth + "`.",
				Optional:   true,
				Validators: []validator.String{stringvalidator.OneOf(client.PartnerAuthNames...)},
			},
			attrPartnerClientID: schema.StringAttribute{
				MarkdownDescription: "Partner client ID, sent as `X-Partner-Client-Id` on the `/v1/partner/` " +
					"endpoints. Environment variable: `" + envPartnerClientID + "`.",
				Optional:   true,
				Validators: notBlank(),
			},
			attrPartnerClientSecret: schema.StringAttribute{
				MarkdownDescription: "Partner client secret, sent as `X-Partner-Client-Secret`. Prefer the " +
					"environment variable `" + envPartnerClientSecret + "` to keep it out of configuration files.",
				Optional:   true,
				Sensitive:  true,
				Validators: notBlank(),
			},
			attrAccessToken: schema.StringAttribute{
				MarkdownDescription: "A bearer token for the account-information (`/v1/ais/`) endpoints that you already " +
					"hold. Usually not needed: without it the provider asks the data API for short-lived tokens " +
					"(`POST /v1/auth/generate-token`) with the partner credentials, one per merchant, user and " +
					"permission a run reads, keeps them in memory only, and renews them before they expire. Set it to use " +
					"one token for every read instead. Environment variable: `" + envAccessToken + "`.",
				Optional:   true,
				Sensitive:  true,
				Validators: notBlank(),
			},
			attrRequestTimeout: schema.StringAttribute{
				MarkdownDescription: "Time limit for one HTTP attempt, as a Go duration such as `30s` or `1m`. " +
					"Defaults to `30s`. Environment variable: `" + envRequestTimeout + "`.",
				Optional:   true,
				CustomType: timetypes.GoDurationType{},
				Validators: []validator.String{positiveDurationValidator{}},
			},
			attrMaxRetries: schema.Int64Attribute{
				MarkdownDescription: "How many times a failed request is retried. Requests the service did not " +
					"process (HTTP 429 or 503, or a connection that could not be opened) are retried for every " +
					"request; requests with an unknown outcome (HTTP 500, 502, 504, timeouts) only where repeating " +
					"cannot create a duplicate, so creating requests are never repeated after an ambiguous failure. " +
					"Defaults to `4`; `0` disables retries. Environment variable: `" + envMaxRetries + "`.",
				Optional:   true,
				Validators: []validator.Int64{int64validator.Between(0, maxMaxRetries)},
			},
			attrMaxRequestsPerSecond: maxRequestsPerSecondAttribute(),
		},
	}
}

func (p *cardpayProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var config providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}

	settings, diags := resolveSettings(config, os.LookupEnv)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	settings.UserAgent = userAgent(p.version, req.TerraformVersion)

	data := newProviderData(settings)
	data.waits = p.waits
	resp.Diagnostics.Append(data.validate()...)
	if resp.Diagnostics.HasError() {
		return
	}
	tflog.Debug(ctx, "configured cardpay provider", map[string]any{
		"base_url":     settings.BaseURL,
		"ais_base_url": settings.AISBaseURL,
		"partner_auth": settings.PartnerAuth.String(),
		"max_retries":  settings.MaxRetries,
		"timeout":      settings.Timeout.String(),
		"unknown":      settings.Unknown,

		"max_requests_per_second": settings.MaxRequestsPerSecond,
	})
	resp.ActionData = data
	resp.ResourceData = data
	resp.DataSourceData = data
	resp.EphemeralResourceData = data
	resp.ListResourceData = data
}

var _ provider.ProviderWithActions = (*cardpayProvider)(nil)

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
	}
}

func (p *cardpayProvider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{
		newPaymentMethodsDataSource,
		newOnboardingStatusDataSource,
		newTerminalsDataSource,
		newStoresDataSource,
		newWebhooksDataSource,
		newAISAccountsDataSource,
		newAISAccountBalanceDataSource,
		newAISAccountTransactionsDataSource,
	}
}

// ListResources are the types `terraform query` can find, for adopting a
// merchant's existing objects.
func (p *cardpayProvider) ListResources(context.Context) []func() list.ListResource {
	return []func() list.ListResource{newPaymentMethodList, newStoreList, newOnlineTerminalList, newWebhookList}
}

func (p *cardpayProvider) EphemeralResources(context.Context) []func() ephemeral.EphemeralResource {
	return []func() ephemeral.EphemeralResource{
		newAISAccountsEphemeral,
		newAISAccountBalanceEphemeral,
		newAISAccountTransactionsEphemeral,
		newInterappRegistrationEphemeral,
	}
}

// userAgent names the provider and Terraform versions so the service can
// tell which releases are calling it.
func userAgent(providerVersion, terraformVersion string) string {
	ua := "terraform-provider-cardpay/" + providerVersion
	if terraformVersion != "" {
		ua += " (+https://www.terraform.io) Terraform/" + terraformVersion
	}
	return ua
}

// clientConfig is kept here so every client setting has one source.
func (s settings) clientConfig() client.Config {
	return client.Config{
		BaseURL:             s.BaseURL,
		AISBaseURL:          s.AISBaseURL,
		PartnerClientID:     s.PartnerClientID,
		PartnerClientSecret: s.PartnerClientSecret,
		PartnerAuth:         s.PartnerAuth,
		AccessToken:         s.AccessToken,
		Timeout:             s.Timeout,
		MaxRetries:          s.MaxRetries,
		UserAgent:           s.UserAgent,
		LogBodies:           s.LogBodies,

		MaxRequestsPerSecond:    s.MaxRequestsPerSecond,
		DisableAdaptiveThrottle: s.AdaptiveThrottleOff,
	}
}
