// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// Provider attribute names and the environment variables that back them.
const (
	attrBaseURL             = "base_url"
	attrAISBaseURL          = "ais_base_url"
	attrPartnerClientID     = "partner_client_id"
	attrPartnerClientSecret = "partner_client_secret"
	attrPartnerAuth         = "partner_auth"
	attrAccessToken         = "access_token"
	attrRequestTimeout      = "request_timeout"
	attrMaxRetries          = "max_retries"

	envBaseURL             = "CARDPAY_BASE_URL"
	envAISBaseURL          = "CARDPAY_AIS_BASE_URL"
	envPartnerClientID     = "CARDPAY_PARTNER_CLIENT_ID"
	envPartnerClientSecret = "CARDPAY_PARTNER_CLIENT_SECRET"
	envPartnerAuth         = "CARDPAY_PARTNER_AUTH"
	envAccessToken         = "CARDPAY_ACCESS_TOKEN"
	envRequestTimeout      = "CARDPAY_REQUEST_TIMEOUT"
	envMaxRetries          = "CARDPAY_MAX_RETRIES"
)

// settings is the provider configuration after configuration values and
// environment variables have been merged.
type settings struct {
	BaseURL             string
	AISBaseURL          string // "" means BaseURL
	PartnerClientID     string
	PartnerClientSecret string
	PartnerAuth         client.PartnerAuth
	AccessToken         string
	Timeout             time.Duration
	MaxRetries          int
	UserAgent           string

	// MaxRequestsPerSecond is the user's ceiling per credential; 0 means
	// none (the client still adapts to 429s).
	MaxRequestsPerSecond float64
	// AdaptiveThrottleOff and ReadSharingOff are the debugging aids of
	// debug_switches.go.
	AdaptiveThrottleOff bool
	ReadSharingOff      bool

	// LogBodies is true when the user asked for TRACE logs of this
	// provider, so the client logs request and response bodies.
	LogBodies bool
	// Unknown lists attributes whose value is not known yet (for example a
	// token produced by another resource during the same apply).
	Unknown []string
}

// resolveSettings merges the configuration with the environment: a value in
// the configuration wins, an unknown value is remembered rather than guessed.
func resolveSettings(config providerModel, lookupEnv func(string) (string, bool)) (settings, diag.Diagnostics) {
	var s settings
	var diags diag.Diagnostics

	stringSetting := func(v types.String, attr, env string) string {
		switch {
		case v.IsUnknown():
			s.Unknown = append(s.Unknown, attr)
			return ""
		case !v.IsNull():
			return v.ValueString()
		}
		value, _ := lookupEnv(env)
		return strings.TrimSpace(value)
	}
	s.BaseURL = stringSetting(config.BaseURL, attrBaseURL, envBaseURL)
	s.AISBaseURL = stringSetting(config.AISBaseURL, attrAISBaseURL, envAISBaseURL)
	s.PartnerClientID = stringSetting(config.PartnerClientID, attrPartnerClientID, envPartnerClientID)
	s.PartnerClientSecret = stringSetting(config.PartnerClientSecret, attrPartnerClientSecret, envPartnerClientSecret)
	s.AccessToken = stringSetting(config.AccessToken, attrAccessToken, envAccessToken)
	if auth := stringSetting(config.PartnerAuth, attrPartnerAuth, envPartnerAuth); auth != "" {
		var err error
		if s.PartnerAuth, err = client.ParsePartnerAuth(auth); err != nil {
			diags.AddError("Invalid "+envPartnerAuth, fmt.Sprintf("%s=%q: %s.", envPartnerAuth, auth, err))
		}
	}

	s.Timeout = defaultRequestTimeout
	switch {
	case config.RequestTimeout.IsUnknown():
		s.Unknown = append(s.Unknown, attrRequestTimeout)
	case !config.RequestTimeout.IsNull():
		d, ds := config.RequestTimeout.ValueGoDuration()
		diags.Append(ds...)
		s.Timeout = d
	default:
		if raw, ok := lookupEnv(envRequestTimeout); ok && raw != "" {
			d, err := time.ParseDuration(raw)
			if err != nil || d <= 0 {
				diags.AddError("Invalid "+envRequestTimeout,
					fmt.Sprintf("%s=%q is not a positive Go duration. Write a value such as \"30s\" or \"2m\".", envRequestTimeout, raw))
			}
			s.Timeout = d
		}
	}

	s.LogBodies = traceLogging(lookupEnv)

	s.MaxRetries = defaultMaxRetries
	switch {
	case config.MaxRetries.IsUnknown():
		s.Unknown = append(s.Unknown, attrMaxRetries)
	case !config.MaxRetries.IsNull():
		s.MaxRetries = int(config.MaxRetries.ValueInt64())
	default:
		if raw, ok := lookupEnv(envMaxRetries); ok && raw != "" {
			n, err := strconv.Atoi(raw)
			if err != nil || n < 0 || n > maxMaxRetries {
				diags.AddError("Invalid "+envMaxRetries,
					fmt.Sprintf("%s=%q must be a whole number from 0 to %d.", envMaxRetries, raw, maxMaxRetries))
			}
			s.MaxRetries = n
		}
	}
	if msg := requestRateSetting(config.MaxRequestsPerSecond, lookupEnv, &s); msg != "" {
		diags.AddError("Invalid "+envMaxRequestsPerSecond, msg)
	}
	s.AdaptiveThrottleOff = debugOff(lookupEnv, envDebugThrottle)
	s.ReadSharingOff = debugOff(lookupEnv, envDebugReadSharing)
	return s, diags
}

// LogLevelEnv are the variables with which Terraform users set the log
// level of this provider's own logs, most specific last.
var LogLevelEnv = []string{"TF_LOG", "TF_LOG_PROVIDER", "TF_LOG_PROVIDER_CARDPAY"}

// traceLogging reports whether the user asked for this provider's TRACE
// logs. The logger itself always claims TRACE: Terraform filters the
// provider's logs after they are written, so only the environment tells.
func traceLogging(lookupEnv func(string) (string, bool)) bool {
	level := ""
	for _, env := range LogLevelEnv {
		if v, ok := lookupEnv(env); ok && v != "" {
			level = v
		}
	}
	return strings.EqualFold(level, "TRACE") || strings.EqualFold(level, "JSON")
}

// providerData reaches resources, data sources and ephemeral resources
// through ProviderData. Missing settings are reported only when a type
// needs them, so a configuration that uses only partner resources needs no
// access token and the other way round.
type providerData struct {
	settings settings
	client   *client.Client
	err      error
	// The merchants' lists, each read once per operation and shared.
	paymentMethods *merchantLists[client.PaymentMethod]
	terminals      *merchantLists[client.Terminal]
	stores         *merchantLists[client.Store]
	webhooks       *sharedLists[partnerWide, client.Webhook]
	waits          waits
}

func newProviderData(s settings) *providerData {
	d := &providerData{
		settings:       s,
		paymentMethods: newPaymentMethodLists(!s.ReadSharingOff),
		terminals:      newTerminalLists(!s.ReadSharingOff),
		stores:         newStoreLists(!s.ReadSharingOff),
		webhooks:       newWebhookLists(!s.ReadSharingOff),
		waits:          defaultWaits(),
	}
	if s.BaseURL != "" {
		d.client, d.err = client.New(s.clientConfig())
	}
	return d
}

// validate reports a base URL that is set but unusable at configure time.
func (d *providerData) validate() diag.Diagnostics {
	var diags diag.Diagnostics
	for _, u := range []struct{ value, attr, env string }{
		{d.settings.BaseURL, attrBaseURL, envBaseURL},
		{d.settings.AISBaseURL, attrAISBaseURL, envAISBaseURL},
	} {
		if u.value == "" {
			continue
		}
		if err := client.ValidateBaseURL(u.value); err != nil {
			diags.AddAttributeError(path.Root(u.attr), "Invalid "+u.attr,
				fmt.Sprintf("%s (from the %s attribute or the %s environment variable). %s", err, u.attr, u.env, baseURLAdvice))
		}
	}
	return diags
}

// credentialSettings names the provider attribute and environment variable
// of each credential the client may lack.
var credentialSettings = map[client.Credential]setting{
	client.CredentialPartnerClientID:     {attrPartnerClientID, envPartnerClientID},
	client.CredentialPartnerClientSecret: {attrPartnerClientSecret, envPartnerClientSecret},
	client.CredentialAccessToken:         {attrAccessToken, envAccessToken},
}

// setting is a provider attribute and the environment variable behind it.
type setting struct{ attr, env string }

// partnerClient returns the client for the /v1/partner/ endpoints, or
// diagnostics naming what the user still has to configure.
func (d *providerData) partnerClient() (*client.Client, diag.Diagnostics) {
	return d.clientFor(client.AreaPartner)
}

// aisClient returns the client for the /v1/ais/ endpoints.
func (d *providerData) aisClient() (*client.Client, diag.Diagnostics) {
	return d.clientFor(client.AreaAIS)
}

// decodable is a configuration, plan or state.
type decodable interface {
	Get(ctx context.Context, target any) diag.Diagnostics
}

// startCall begins most operations: it decodes from into target and
// returns the client of area; ok is false once diags holds why there is
// nothing to call.
func (d *providerData) startCall(ctx context.Context, area client.Area, from decodable, target any, diags *diag.Diagnostics) (c *client.Client, ok bool) {
	diags.Append(from.Get(ctx, target)...)
	c, clientDiags := d.clientFor(area)
	diags.Append(clientDiags...)
	return c, !diags.HasError()
}

// clientFor returns the client when everything the area needs is set:
// the base URL and the area's credentials, which the client names.
func (d *providerData) clientFor(area client.Area) (*client.Client, diag.Diagnostics) {
	var diags diag.Diagnostics
	if d == nil {
		diags.AddError("Provider not configured",
			"The cardpay provider was not configured before it was used. This is a bug in the provider; please report it.")
		return nil, diags
	}
	missing := map[string]bool{attrBaseURL: d.settings.BaseURL == ""}
	for _, c := range d.settings.clientConfig().Missing(area) {
		missing[credentialSettings[c].attr] = true
	}
	for _, s := range d.neededFor(area) {
		switch {
		case slices.Contains(d.settings.Unknown, s.attr):
			diags.AddError("Provider configuration not yet known",
				fmt.Sprintf("The provider attribute %q depends on a value that is known only after apply. "+
					"Apply the resource that produces it first (for example with -target), or set %s.", s.attr, s.env))
		case missing[s.attr]:
			diags.AddError("Missing provider configuration: "+s.attr, missingDetail(area, s))
		}
	}
	if diags.HasError() {
		return nil, diags
	}
	if d.err != nil {
		diags.AddError("Invalid base URL", d.err.Error())
		return nil, diags
	}
	return d.client, diags
}

// mintsDataTokens reports whether data-API calls use tokens minted per
// merchant and user rather than the user's own access_token.
func (d *providerData) mintsDataTokens() bool { return d.settings.AccessToken == "" }

// neededFor lists the settings calls to area depend on. The data API
// needs the partner credentials to mint its tokens, unless access_token
// gives one (or may, once known).
func (d *providerData) neededFor(area client.Area) []setting {
	needed := []setting{{attrBaseURL, envBaseURL}}
	switch area {
	case client.AreaPartner:
		needed = append(needed, setting{attrPartnerAuth, envPartnerAuth})
	case client.AreaAIS:
		needed = append(needed, setting{attrAISBaseURL, envAISBaseURL})
		if d.settings.AccessToken != "" {
			return needed
		}
		if slices.Contains(d.settings.Unknown, attrAccessToken) {
			return append(needed, setting{attrAccessToken, envAccessToken})
		}
		needed = append(needed, setting{attrPartnerAuth, envPartnerAuth})
	}
	for _, c := range area.Credentials() {
		needed = append(needed, credentialSettings[c])
	}
	return needed
}

func missingDetail(area client.Area, s setting) string {
	detail := fmt.Sprintf("This operation needs %q. Set it in the provider \"cardpay\" block or through the %s "+
		"environment variable.", s.attr, s.env)
	if area == client.AreaAIS && s.attr != attrBaseURL {
		detail += fmt.Sprintf(" The account-information (AIS) data API is read with short-lived tokens that the "+
			"provider asks the service for with the partner credentials; alternatively set %q (or %s) to a token "+
			"you already hold.", attrAccessToken, envAccessToken)
	}
	return detail
}
