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
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// The provider block, top to bottom: each providerAttribute is declared
// once in providerAttributes (its schema, the environment variable behind
// it, and how its value sets the client's configuration); resolveConfig
// merges the block with the environment into a resolvedConfig; and
// credentialAttributes names the attribute of each credential the client
// may lack, for the operations that need it (providerData.clientFor).

// Provider attribute names and the environment variables that back them.
const (
	attrBaseURL              = "base_url"
	attrAISBaseURL           = "ais_base_url"
	attrCACertFile           = "ca_cert_file"
	attrPartnerClientID      = "partner_client_id"
	attrPartnerClientSecret  = "partner_client_secret"
	attrPartnerAuth          = "partner_auth"
	attrAccessToken          = "access_token"
	attrSkipCredentialsCheck = "skip_credentials_check"
	attrRequestTimeout       = "request_timeout"
	attrMaxRetries           = "max_retries"
	attrMaxRequestsPerSecond = "max_requests_per_second"
	attrMaxRateLimitWait     = "max_rate_limit_wait"

	envBaseURL              = "CARDPAY_BASE_URL"
	envAISBaseURL           = "CARDPAY_AIS_BASE_URL"
	envCACertFile           = "CARDPAY_CA_CERT_FILE"
	envPartnerClientID      = "CARDPAY_PARTNER_CLIENT_ID"
	envPartnerClientSecret  = "CARDPAY_PARTNER_CLIENT_SECRET"
	envPartnerAuth          = "CARDPAY_PARTNER_AUTH"
	envAccessToken          = "CARDPAY_ACCESS_TOKEN"
	envSkipCredentialsCheck = "CARDPAY_SKIP_CREDENTIALS_CHECK"
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

// providerAttribute is one attribute of the provider block: its schema,
// the environment variable that sets it when the block does not, and how
// its value, as text, sets the client's configuration (an error completes
// "<variable>=<value> ...").
type providerAttribute struct {
	name, env string
	schema    schema.Attribute
	apply     func(cfg *client.Config, text string) error
}

// providerAttributes are the attributes of the provider block.
var providerAttributes = []providerAttribute{
	{attrBaseURL, envBaseURL, schema.StringAttribute{
		MarkdownDescription: "Address of the partner API, as the service publishes it: with no path, or ending " +
			"in `/v1` or `/v1/partner`, for example `https://api.acountpay.com` (production) or " +
			"`https://sandbox.api.acountpay.com/v1/partner` (the service's sandbox); all three forms name the " +
			"same host. Plain `http` is accepted only for loopback addresses (such as the `cardpay-sandbox`), " +
			"because credentials travel in request headers. Environment variable: `" + envBaseURL + "`.",
		Optional:   true,
		Validators: []validator.String{baseURLValidator(attrBaseURL)},
	}, func(cfg *client.Config, text string) error { cfg.BaseURL = text; return nil }},

	{attrAISBaseURL, envAISBaseURL, schema.StringAttribute{
		MarkdownDescription: "Address of the account-information (AIS) data API, in the same forms as `base_url`, " +
			"for example `https://acount-apis-staging-a8cdb2402163.herokuapp.com/v1` (staging). The service " +
			"publishes its data API on a host of its own; when not set, the provider uses `base_url`. " +
			"Environment variable: `" + envAISBaseURL + "`.",
		Optional:   true,
		Validators: []validator.String{baseURLValidator(attrAISBaseURL)},
	}, func(cfg *client.Config, text string) error { cfg.AISBaseURL = text; return nil }},

	{attrCACertFile, envCACertFile, schema.StringAttribute{
		MarkdownDescription: "Path of a PEM file with the certificate of a CA to trust, besides the system's, for " +
			"`base_url` and `ais_base_url`: the CA of a `cardpay-sandbox` started with `-tls` (reached by a service name " +
			"in CI), or your own CA in front of the service. Not needed for the service's own addresses. " +
			"Environment variable: `" + envCACertFile + "`.",
		Optional:   true,
		Validators: notBlank(),
	}, func(cfg *client.Config, text string) error {
		if _, err := client.LoadCACertFile(text); err != nil {
			return err
		}
		cfg.CACertFile = text
		return nil
	}},

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

	{attrSkipCredentialsCheck, envSkipCredentialsCheck, schema.BoolAttribute{
		MarkdownDescription: "Set to `true` to plan without checking the partner credentials. By default, a plan " +
			"that creates, changes or destroys an object, and has not used the partner credentials yet (as a plan " +
			"of new resources alone), reads the partner's profile once (`GET /v1/partner/profile`), so that a " +
			"wrong secret fails `terraform plan` rather than the apply. Only a refusal of the credentials (HTTP 401 " +
			"or 403), or an address where no connection opens, fails the plan; any other failure of that read (such " +
			"as a 404, or a 5xx after the retries) is a warning. A plan that refreshes or reads a data source " +
			"has used them and sends no extra request. Environment variable: `" + envSkipCredentialsCheck + "`.",
		Optional: true,
	}, func(cfg *client.Config, text string) (err error) {
		if cfg.SkipCredentialsCheck, err = strconv.ParseBool(text); err != nil {
			return fmt.Errorf("is not a boolean. Write true or false")
		}
		return nil
	}},

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

// providerSchema is the provider block's schema, from providerAttributes.
func providerSchema() map[string]schema.Attribute {
	attrs := make(map[string]schema.Attribute, len(providerAttributes))
	for _, a := range providerAttributes {
		attrs[a.name] = a.schema
	}
	return attrs
}

// envOf is the environment variable behind the provider attribute name.
func envOf(name string) string {
	for _, a := range providerAttributes {
		if a.name == name {
			return a.env
		}
	}
	panic("no provider attribute " + name)
}

// resolvedConfig is the provider block merged with the environment: the
// client's configuration and what is not known yet.
type resolvedConfig struct {
	client.Config
	// Unknown lists attributes whose value is not known yet (for example a
	// token produced by another resource during the same apply).
	Unknown []string
}

// resolveConfig merges the provider block's values (by attribute name; a
// missing one is null) with the environment: a value in the block wins,
// an unknown value is remembered rather than guessed.
func resolveConfig(block map[string]attr.Value, lookupEnv func(string) (string, bool)) (resolvedConfig, diag.Diagnostics) {
	cfg := resolvedConfig{Config: client.Config{Timeout: defaultRequestTimeout, MaxRetries: defaultMaxRetries, LogBodies: traceLogging(lookupEnv)}}
	var diags diag.Diagnostics
	for _, a := range providerAttributes {
		var text, source string
		switch v := block[a.name]; {
		case v != nil && v.IsUnknown():
			cfg.Unknown = append(cfg.Unknown, a.name)
			continue
		case v != nil && !v.IsNull():
			text, source = valueText(v), a.name
		default:
			env, _ := lookupEnv(a.env)
			text, source = strings.TrimSpace(env), a.env
		}
		if text == "" {
			continue
		}
		if err := a.apply(&cfg.Config, text); err != nil {
			diags.AddError("Invalid "+a.env, fmt.Sprintf("%s=%q %s.", source, text, err))
		}
	}
	return cfg, diags
}

// validate reports a base URL that is set but unusable at configure time
// (the attributes' validators see only values written in the block).
func (cfg resolvedConfig) validate() diag.Diagnostics {
	var diags diag.Diagnostics
	for _, u := range []struct{ value, attr string }{
		{cfg.BaseURL, attrBaseURL},
		{cfg.AISBaseURL, attrAISBaseURL},
	} {
		if u.value == "" {
			continue
		}
		if err := client.ValidateBaseURL(u.value); err != nil {
			summary, detail := invalidBaseURL(u.attr, fmt.Sprintf("from the %s environment variable, or the %s "+
				"attribute when its value is known only at apply", envOf(u.attr), u.attr), err)
			diags.AddAttributeError(path.Root(u.attr), summary, detail)
		}
	}
	return diags
}

// valueText is a known configuration value as the text an environment
// variable would hold.
func valueText(v attr.Value) string {
	switch t := v.(type) {
	case types.Int64:
		return strconv.FormatInt(t.ValueInt64(), 10)
	case types.Float64:
		return strconv.FormatFloat(t.ValueFloat64(), 'g', -1, 64)
	case types.Bool:
		return strconv.FormatBool(t.ValueBool())
	case types.String:
		return t.ValueString()
	case timetypes.GoDuration:
		return t.ValueString()
	default:
		return strings.Trim(v.String(), `"`)
	}
}
