// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// Every provider attribute is declared once, below: its schema, the
// environment variable behind it, and how its value, from the
// configuration or the environment, sets the client's configuration.

// Provider attribute names and the environment variables that back them.
const (
	attrBaseURL              = "base_url"
	attrAISBaseURL           = "ais_base_url"
	attrPartnerClientID      = "partner_client_id"
	attrPartnerClientSecret  = "partner_client_secret"
	attrPartnerAuth          = "partner_auth"
	attrAccessToken          = "access_token"
	attrRequestTimeout       = "request_timeout"
	attrMaxRetries           = "max_retries"
	attrMaxRequestsPerSecond = "max_requests_per_second"
	attrMaxRateLimitWait     = "max_rate_limit_wait"

	envBaseURL              = "CARDPAY_BASE_URL"
	envAISBaseURL           = "CARDPAY_AIS_BASE_URL"
	envPartnerClientID      = "CARDPAY_PARTNER_CLIENT_ID"
	envPartnerClientSecret  = "CARDPAY_PARTNER_CLIENT_SECRET"
	envPartnerAuth          = "CARDPAY_PARTNER_AUTH"
	envAccessToken          = "CARDPAY_ACCESS_TOKEN"
	envRequestTimeout       = "CARDPAY_REQUEST_TIMEOUT"
	envMaxRetries           = "CARDPAY_MAX_RETRIES"
	envMaxRequestsPerSecond = "CARDPAY_MAX_REQUESTS_PER_SECOND"
	envMaxRateLimitWait     = "CARDPAY_MAX_RATE_LIMIT_WAIT"
)

// Defaults and bounds of the optional provider attributes.
const (
	defaultRequestTimeout = 30 * time.Second
	defaultMaxRetries     = 4
	maxMaxRetries         = 10
	// maxRequestsPerSecondLimit bounds max_requests_per_second: beyond it
	// the ceiling limits nothing a Terraform run can send.
	maxRequestsPerSecondLimit = 10000
)

// providerSetting is one provider attribute: its schema, its environment
// variable and how its text sets the client's configuration (an error
// completes "<variable>=<value> ...").
type providerSetting struct {
	attr, env string
	attribute schema.Attribute
	set       func(cfg *client.Config, text string) error
}

var providerSettings = []providerSetting{
	{attrBaseURL, envBaseURL, schema.StringAttribute{
		MarkdownDescription: "Address of the partner API, as the service publishes it: with no path, or ending " +
			"in `/v1` or `/v1/partner`, for example `https://api.acountpay.com` (production) or " +
			"`https://sandbox.api.acountpay.com/v1/partner` (the service's sandbox); all three forms name the " +
			"same host. Plain `http` is accepted only for loopback addresses (such as the `cardpay-sandbox`), " +
			"because credentials travel in request headers. Environment variable: `" + envBaseURL + "`.",
		Optional:   true,
		Validators: []validator.String{baseURLValidator()},
	}, func(cfg *client.Config, text string) error { cfg.BaseURL = text; return nil }},

	{attrAISBaseURL, envAISBaseURL, schema.StringAttribute{
		MarkdownDescription: "Address of the account-information (AIS) data API, in the same forms as `base_url`, " +
			"for example `https://acount-apis-staging-a8cdb2402163.herokuapp.com/v1` (staging). The service " +
			"publishes its data API on a host of its own; when not set, the provider uses `base_url`. " +
			"Environment variable: `" + envAISBaseURL + "`.",
		Optional:   true,
		Validators: []validator.String{baseURLValidator()},
	}, func(cfg *client.Config, text string) error { cfg.AISBaseURL = text; return nil }},

	{attrPartnerAuth, envPartnerAuth, schema.StringAttribute{
		MarkdownDescription: "How partner requests authenticate: `headers` (the default) sends the client ID and " +
			"secret as `X-Partner-Client-Id` and `X-Partner-Client-Secret` on every request, as the API " +
			"reference shows; `oauth2` exchanges them for a short-lived bearer token (OAuth2 client credentials, " +
			"`POST /oauth/token`), as one of the service's guides shows, and renews it before it expires. " +
			"Environment variable: `" + envPartnerAuth + "`.",
		Optional:   true,
		Validators: []validator.String{stringvalidator.OneOf(client.PartnerAuthNames...)},
	}, func(cfg *client.Config, text string) (err error) {
		cfg.PartnerAuth, err = client.ParsePartnerAuth(text)
		return err
	}},

	{attrPartnerClientID, envPartnerClientID, schema.StringAttribute{
		MarkdownDescription: "Partner client ID, sent as `X-Partner-Client-Id` on the `/v1/partner/` " +
			"endpoints. Environment variable: `" + envPartnerClientID + "`.",
		Optional:   true,
		Validators: notBlank(),
	}, func(cfg *client.Config, text string) error { cfg.PartnerClientID = text; return nil }},

	{attrPartnerClientSecret, envPartnerClientSecret, schema.StringAttribute{
		MarkdownDescription: "Partner client secret, sent as `X-Partner-Client-Secret`. Prefer the " +
			"environment variable `" + envPartnerClientSecret + "` to keep it out of configuration files.",
		Optional:   true,
		Sensitive:  true,
		Validators: notBlank(),
	}, func(cfg *client.Config, text string) error { cfg.PartnerClientSecret = text; return nil }},

	{attrAccessToken, envAccessToken, schema.StringAttribute{
		MarkdownDescription: "A bearer token for the account-information (`/v1/ais/`) endpoints that you already " +
			"hold. Usually not needed: without it the provider asks the data API for short-lived tokens " +
			"(`POST /v1/auth/generate-token`) with the partner credentials, one per merchant, user and " +
			"permission a run reads, keeps them in memory only, and renews them before they expire. Set it to use " +
			"one token for every read instead. Environment variable: `" + envAccessToken + "`.",
		Optional:   true,
		Sensitive:  true,
		Validators: notBlank(),
	}, func(cfg *client.Config, text string) error { cfg.AccessToken = text; return nil }},

	{attrRequestTimeout, envRequestTimeout, schema.StringAttribute{
		MarkdownDescription: "Time limit for one HTTP attempt, as a Go duration such as `30s` or `1m`. " +
			"Defaults to `30s`. Environment variable: `" + envRequestTimeout + "`.",
		Optional:   true,
		CustomType: timetypes.GoDurationType{},
		Validators: []validator.String{positiveDurationValidator()},
	}, func(cfg *client.Config, text string) (err error) {
		if cfg.Timeout, err = time.ParseDuration(text); err != nil || cfg.Timeout <= 0 {
			return fmt.Errorf("is not a positive Go duration. Write a value such as \"30s\" or \"2m\"")
		}
		return nil
	}},

	{attrMaxRetries, envMaxRetries, schema.Int64Attribute{
		MarkdownDescription: "How many times a failed request is retried. Requests the service did not " +
			"process (HTTP 503 without `Retry-After`, or a connection that could not be opened) are retried for " +
			"every request; requests with an unknown outcome (HTTP 500, 502, 504, timeouts) only where repeating " +
			"cannot create a duplicate, so creating requests are never repeated after an ambiguous failure. " +
			"Refusals by the service's rate limit (HTTP 429, or 503 with `Retry-After`) do not count: the request " +
			"waits its turn and goes again, for at most `" + attrMaxRateLimitWait + "`. " +
			"Defaults to `4`; `0` disables retries. Environment variable: `" + envMaxRetries + "`.",
		Optional:   true,
		Validators: []validator.Int64{int64validator.Between(0, maxMaxRetries)},
	}, func(cfg *client.Config, text string) (err error) {
		if cfg.MaxRetries, err = strconv.Atoi(text); err != nil || cfg.MaxRetries < 0 || cfg.MaxRetries > maxMaxRetries {
			return fmt.Errorf("must be a whole number from 0 to %d", maxMaxRetries)
		}
		return nil
	}},

	{attrMaxRateLimitWait, envMaxRateLimitWait, schema.StringAttribute{
		MarkdownDescription: "How long one request may go on being refused by the service's rate limit (HTTP 429, " +
			"or 503 with `Retry-After`), as a Go duration such as `10m` or `1h`. A refused request was not " +
			"processed: it waits as long as the service asks, takes its turn under the rate the provider has " +
			"learned, and goes again, without counting against `" + attrMaxRetries + "`. Once its next try would " +
			"come later than this after the request began, the operation fails with an error that says how long " +
			"it waited and how often it was refused. Where a resource's own `timeouts` bound an operation, that " +
			"timeout bounds the wait instead. Defaults to `" + shortDuration(client.DefaultMaxRateLimitWait) + "`. " +
			"Environment variable: `" + envMaxRateLimitWait + "`.",
		Optional:   true,
		CustomType: timetypes.GoDurationType{},
		Validators: []validator.String{positiveDurationValidator()},
	}, func(cfg *client.Config, text string) (err error) {
		if cfg.MaxRateLimitWait, err = time.ParseDuration(text); err != nil || cfg.MaxRateLimitWait <= 0 {
			return fmt.Errorf("is not a positive Go duration. Write a value such as \"10m\" or \"1h\"")
		}
		return nil
	}},

	{attrMaxRequestsPerSecond, envMaxRequestsPerSecond, schema.Float64Attribute{
		MarkdownDescription: "Most requests per second the provider sends with each credential (the partner " +
			"credentials and the access token count apart), evenly spaced, for partners who know their quota: " +
			"for example `20`, or `0.5` for one request every two seconds. Without it the provider still adapts " +
			"to the service: after a `429 Too Many Requests` it slows every request down to the rate the service " +
			"accepts, speeds up again while answers are good, and paces to the quota fields the service may send " +
			"(see the guides on retries and failures and on managing many merchants). " +
			"Environment variable: `" + envMaxRequestsPerSecond + "`.",
		Optional:   true,
		Validators: []validator.Float64{requestRateValidator{}},
	}, func(cfg *client.Config, text string) (err error) {
		if cfg.MaxRequestsPerSecond, err = strconv.ParseFloat(text, 64); err != nil || !validRequestRate(cfg.MaxRequestsPerSecond) {
			return fmt.Errorf("%s", requestRateRule)
		}
		return nil
	}},
}

// shortDuration writes d as a user would, such as 10m rather than 10m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// providerAttributes is the provider's schema, from providerSettings.
func providerAttributes() map[string]schema.Attribute {
	attrs := make(map[string]schema.Attribute, len(providerSettings))
	for _, s := range providerSettings {
		attrs[s.attr] = s.attribute
	}
	return attrs
}

// settings is the provider configuration after configuration values and
// environment variables have been merged: the client's configuration and
// what is not known yet.
type settings struct {
	client.Config
	// Unknown lists attributes whose value is not known yet (for example a
	// token produced by another resource during the same apply).
	Unknown []string
}

// resolveSettings merges the configuration's values (by attribute name;
// a missing one is null) with the environment: a value in the
// configuration wins, an unknown value is remembered rather than guessed.
func resolveSettings(config map[string]attr.Value, lookupEnv func(string) (string, bool)) (settings, diag.Diagnostics) {
	s := settings{Config: client.Config{Timeout: defaultRequestTimeout, MaxRetries: defaultMaxRetries, LogBodies: traceLogging(lookupEnv)}}
	var diags diag.Diagnostics
	for _, p := range providerSettings {
		var text, source string
		switch v := config[p.attr]; {
		case v != nil && v.IsUnknown():
			s.Unknown = append(s.Unknown, p.attr)
			continue
		case v != nil && !v.IsNull():
			text, source = valueText(v), p.attr
		default:
			env, _ := lookupEnv(p.env)
			text, source = strings.TrimSpace(env), p.env
		}
		if text == "" {
			continue
		}
		if err := p.set(&s.Config, text); err != nil {
			diags.AddError("Invalid "+p.env, fmt.Sprintf("%s=%q %s.", source, text, err))
		}
	}
	return s, diags
}

// valueText is a known configuration value as the text an environment
// variable would hold.
func valueText(v attr.Value) string {
	switch t := v.(type) {
	case types.Int64:
		return strconv.FormatInt(t.ValueInt64(), 10)
	case types.Float64:
		return strconv.FormatFloat(t.ValueFloat64(), 'g', -1, 64)
	case types.String:
		return t.ValueString()
	case timetypes.GoDuration:
		return t.ValueString()
	default:
		return strings.Trim(v.String(), `"`)
	}
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
