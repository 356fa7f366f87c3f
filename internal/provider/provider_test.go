// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

func envFrom(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// noConfig is a provider block that sets nothing: every value is null.
func noConfig() map[string]attr.Value { return map[string]attr.Value{} }

func TestResolveConfig(t *testing.T) {
	env := envFrom(map[string]string{
		envBaseURL:             "https://env.example.com",
		envPartnerClientID:     "env-id",
		envPartnerClientSecret: "env-secret",
		envAccessToken:         "env-token",
		envRequestTimeout:      "45s",
		envMaxRetries:          "2",
		envMaxRateLimitWait:    "20m",
	})

	t.Run("environment fills what the configuration leaves out", func(t *testing.T) {
		s, diags := resolveConfig(noConfig(), env)
		requireNoErrors(t, diags)
		want := resolvedConfig{Config: client.Config{BaseURL: "https://env.example.com", PartnerClientID: "env-id",
			PartnerClientSecret: "env-secret", AccessToken: "env-token", Timeout: 45 * time.Second, MaxRetries: 2,
			MaxRateLimitWait: 20 * time.Minute}}
		if fmt.Sprint(s) != fmt.Sprint(want) {
			t.Errorf("got %+v, want %+v", s, want)
		}
	})

	t.Run("configuration wins over the environment", func(t *testing.T) {
		c := noConfig()
		c[attrBaseURL] = types.StringValue("https://config.example.com")
		c[attrPartnerClientSecret] = types.StringValue("config-secret")
		c[attrRequestTimeout] = timetypes.NewGoDurationValue(5 * time.Second)
		c[attrMaxRetries] = types.Int64Value(0)
		c[attrMaxRateLimitWait] = timetypes.NewGoDurationValue(time.Hour)
		s, diags := resolveConfig(c, env)
		requireNoErrors(t, diags)
		if s.BaseURL != "https://config.example.com" || s.PartnerClientSecret != "config-secret" ||
			s.PartnerClientID != "env-id" || s.Timeout != 5*time.Second || s.MaxRetries != 0 || s.MaxRateLimitWait != time.Hour {
			t.Errorf("got %+v", s)
		}
	})

	t.Run("defaults", func(t *testing.T) {
		s, diags := resolveConfig(noConfig(), envFrom(nil))
		requireNoErrors(t, diags)
		if s.Timeout != defaultRequestTimeout || s.MaxRetries != defaultMaxRetries {
			t.Errorf("got timeout %s, retries %d", s.Timeout, s.MaxRetries)
		}
	})

	t.Run("skip_credentials_check from the environment or the configuration", func(t *testing.T) {
		skip := envFrom(map[string]string{envSkipCredentialsCheck: "true"})
		if s, diags := resolveConfig(noConfig(), skip); diags.HasError() || !s.SkipCredentialsCheck {
			t.Errorf("%s=true: got %v, %v", envSkipCredentialsCheck, s.SkipCredentialsCheck, diagText(diags))
		}
		c := noConfig()
		c[attrSkipCredentialsCheck] = types.BoolValue(false)
		if s, diags := resolveConfig(c, skip); diags.HasError() || s.SkipCredentialsCheck {
			t.Errorf("%s = false in the configuration: got %v, %v", attrSkipCredentialsCheck, s.SkipCredentialsCheck, diagText(diags))
		}
	})

	t.Run("unknown values are remembered, not guessed", func(t *testing.T) {
		c := noConfig()
		c[attrAccessToken] = types.StringUnknown()
		c[attrMaxRetries] = types.Int64Unknown()
		s, diags := resolveConfig(c, env)
		requireNoErrors(t, diags)
		if s.AccessToken != "" || strings.Join(s.Unknown, ",") != "access_token,max_retries" {
			t.Errorf("got %+v", s)
		}
	})

	t.Run("invalid environment values name the variable", func(t *testing.T) {
		_, diags := resolveConfig(noConfig(), envFrom(map[string]string{envRequestTimeout: "soon", envMaxRetries: "-1",
			envSkipCredentialsCheck: "maybe", envMaxRateLimitWait: "0s"}))
		text := diagText(diags)
		for _, want := range []string{envRequestTimeout, envMaxRetries, "30s", envSkipCredentialsCheck, "Write true or false",
			envMaxRateLimitWait, `"10m"`} {
			if !strings.Contains(text, want) {
				t.Errorf("diagnostics %q do not mention %q", text, want)
			}
		}
	})
}

func TestProviderDataClients(t *testing.T) {
	cases := []struct {
		name      string
		config    resolvedConfig
		ais       bool
		wantError []string
	}{
		{"missing base URL", resolvedConfig{Config: client.Config{PartnerClientID: "id", PartnerClientSecret: "s"}}, false,
			[]string{attrBaseURL, envBaseURL}},
		{"missing partner secret", resolvedConfig{Config: client.Config{BaseURL: "https://api.example.com", PartnerClientID: "id"}}, false,
			[]string{attrPartnerClientSecret, envPartnerClientSecret}},
		{"data API without token or partner secret", resolvedConfig{Config: client.Config{BaseURL: "https://api.example.com", PartnerClientID: "id"}}, true,
			[]string{attrPartnerClientSecret, envPartnerClientSecret, "short-lived tokens", attrAccessToken, envAccessToken}},
		{"data API with partner credentials mints tokens", resolvedConfig{Config: client.Config{BaseURL: "https://api.example.com", PartnerClientID: "id", PartnerClientSecret: "s"}}, true, nil},
		{"unknown data API address", resolvedConfig{Config: client.Config{BaseURL: "https://api.example.com", AccessToken: "t"}, Unknown: []string{attrAISBaseURL}}, true,
			[]string{attrAISBaseURL, "known only after apply"}},
		{"unknown partner auth", resolvedConfig{Config: client.Config{BaseURL: "https://api.example.com", PartnerClientID: "id", PartnerClientSecret: "s"}, Unknown: []string{attrPartnerAuth}}, false,
			[]string{attrPartnerAuth, "known only after apply"}},
		{"unknown access token", resolvedConfig{Config: client.Config{BaseURL: "https://api.example.com"}, Unknown: []string{attrAccessToken}}, true,
			[]string{attrAccessToken, "known only after apply"}},
		{"partner client needs no token", resolvedConfig{Config: client.Config{BaseURL: "https://api.example.com", PartnerClientID: "id", PartnerClientSecret: "s"}}, false, nil},
		{"ais client needs no partner credentials", resolvedConfig{Config: client.Config{BaseURL: "https://api.example.com", AccessToken: "t"}}, true, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := newProviderData(tc.config)
			area := client.PartnerAPI
			if tc.ais {
				area = client.DataAPI
			}
			c, diags := data.clientFor(area)
			text := diagText(diags)
			if tc.wantError == nil {
				requireNoErrors(t, diags)
				if c == nil {
					t.Fatal("no client")
				}
				return
			}
			for _, want := range tc.wantError {
				if !strings.Contains(text, want) {
					t.Errorf("diagnostics %q do not mention %q", text, want)
				}
			}
		})
	}
}

func TestResolvedConfig_insecureBaseURL(t *testing.T) {
	cfg := resolvedConfig{Config: client.Config{BaseURL: "http://api.example.com"}}
	if text := diagText(cfg.validate()); !strings.Contains(text, "https") {
		t.Errorf("validate() = %q, want an error that asks for https", text)
	}
}

// A data API address with a path the service does not publish is refused
// at configure time, naming the attribute and the published forms.
func TestResolvedConfig_aisBaseURLPath(t *testing.T) {
	cfg := resolvedConfig{Config: client.Config{BaseURL: "https://api.acountpay.com/v1/partner", AISBaseURL: "https://data.example.com/api/v2"}}
	text := diagText(cfg.validate())
	for _, want := range []string{"Invalid " + attrAISBaseURL, `has the path "/api/v2"`, "/v1/partner", envAISBaseURL} {
		if !strings.Contains(text, want) {
			t.Errorf("validate() = %q, want it to mention %q", text, want)
		}
	}
	if strings.Contains(text, "Invalid "+attrBaseURL+" ") {
		t.Errorf("validate() blames base_url: %q", text)
	}
}

// An unusable base URL gets one error, titled after its attribute, whether
// the attribute's validator or Configure (for a value from the
// environment) finds it; it names the published addresses once.
func TestInvalidBaseURLDiagnostic(t *testing.T) {
	const bad = "https://api.example.com/api"
	for _, tc := range []struct {
		attr, env string
		config    client.Config
	}{
		{attrBaseURL, envBaseURL, client.Config{BaseURL: bad}},
		{attrAISBaseURL, envAISBaseURL, client.Config{BaseURL: "https://api.acountpay.com", AISBaseURL: bad}},
	} {
		resp := &validator.StringResponse{}
		attribute, ok := providerSchema()[tc.attr].(schema.StringAttribute)
		if !ok {
			t.Fatalf("%s is not a string attribute", tc.attr)
		}
		for _, v := range attribute.Validators {
			v.ValidateString(context.Background(), validator.StringRequest{Path: path.Root(tc.attr), ConfigValue: types.StringValue(bad)}, resp)
		}
		fromEnv := resolvedConfig{Config: tc.config}.validate()
		if len(resp.Diagnostics) != 1 || len(fromEnv) != 1 {
			t.Fatalf("%s: validator %v, configure %v; want one error each", tc.attr, resp.Diagnostics, fromEnv)
		}
		attrDiag, envDiag := resp.Diagnostics[0], fromEnv[0]
		wantDetail := `base URL "` + bad + `" has the path "/api"; the service's addresses have no path or end in ` +
			`/v1 or /v1/partner. Write the service's address as its pages publish it, such as "https://api.acountpay.com", ` +
			`"https://sandbox.api.acountpay.com/v1/partner" or, for the data API, ` +
			`"https://acount-apis-staging-a8cdb2402163.herokuapp.com/v1"; or "http://127.0.0.1:8080" for a local cardpay-sandbox.`
		if attrDiag.Summary() != "Invalid "+tc.attr || attrDiag.Detail() != wantDetail {
			t.Errorf("validator of %s: %q: %q\nwant %q: %q", tc.attr, attrDiag.Summary(), attrDiag.Detail(), "Invalid "+tc.attr, wantDetail)
		}
		source := " (from the " + tc.env + " environment variable, or the " + tc.attr + " attribute when its value is known only at apply)."
		if want := strings.Replace(wantDetail, "/v1/partner.", "/v1/partner"+source, 1); envDiag.Summary() != attrDiag.Summary() || envDiag.Detail() != want {
			t.Errorf("configure of %s: %q: %q\nwant %q: %q", tc.attr, envDiag.Summary(), envDiag.Detail(), attrDiag.Summary(), want)
		}
	}
}

func TestResolvePartnerAuth(t *testing.T) {
	c := noConfig()
	c[attrPartnerAuth] = types.StringValue("oauth2")
	s, diags := resolveConfig(c, envFrom(nil))
	requireNoErrors(t, diags)
	if s.PartnerAuth != client.PartnerAuthOAuth2 {
		t.Errorf("partner auth %v, want oauth2", s.PartnerAuth)
	}
	_, diags = resolveConfig(noConfig(), envFrom(map[string]string{envPartnerAuth: "basic"}))
	if text := diagText(diags); !strings.Contains(text, envPartnerAuth) || !strings.Contains(text, "headers or oauth2") {
		t.Errorf("diagnostics %q, want the variable and the accepted values", text)
	}
}

func TestProviderSchemaDescriptions(t *testing.T) {
	srv := protocolServer(t)
	resp, err := srv.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	check := func(kind, name string, s *tfprotov6.Schema) {
		if s.Block.Description == "" {
			t.Errorf("%s %s has no description", kind, name)
		}
		checkBlockDescriptions(t, kind+" "+name, s.Block)
	}
	check("provider", "cardpay", resp.Provider)
	for name, s := range resp.ResourceSchemas {
		check("resource", name, s)
	}
	for name, s := range resp.DataSourceSchemas {
		check("data source", name, s)
	}
	for name, s := range resp.EphemeralResourceSchemas {
		check("ephemeral resource", name, s)
	}
	if len(resp.ActionSchemas) == 0 {
		t.Error("the provider reports no action schemas")
	}
	for name, s := range resp.ActionSchemas {
		check("action", name, s.Schema)
	}
	if len(resp.ListResourceSchemas) != 5 {
		t.Errorf("the provider reports %d list resource schemas, want 5", len(resp.ListResourceSchemas))
	}
	for name, s := range resp.ListResourceSchemas {
		check("list resource", name, s)
	}
}

// checkBlockDescriptions requires a description on every attribute of a
// block, of its nested attributes and of its nested blocks (timeouts).
func checkBlockDescriptions(t *testing.T, where string, b *tfprotov6.SchemaBlock) {
	t.Helper()
	for _, a := range b.Attributes {
		if a.Description == "" {
			t.Errorf("%s: attribute %s has no description", where, a.Name)
		}
		if a.NestedType != nil {
			checkBlockDescriptions(t, where+"."+a.Name, &tfprotov6.SchemaBlock{Attributes: a.NestedType.Attributes})
		}
	}
	for _, nb := range b.BlockTypes {
		checkBlockDescriptions(t, where+"."+nb.TypeName, nb.Block)
	}
}

// The provider block may depend on values known only after apply; resources
// that do not need such a value still plan and apply.
func TestAccProvider_unknownConfigValue(t *testing.T) {
	env := newTestEnv(t)
	accTest(t, resource.TestStep{
		Config: fmt.Sprintf(`
resource "terraform_data" "token" {
  input = %q
}

provider "cardpay" {
  base_url              = %q
  partner_client_id     = %q
  partner_client_secret = %q
  access_token          = terraform_data.token.output
}
`, sandbox.DemoAccessToken, env.BaseURL, env.ClientID, env.ClientSecret) + paymentMethodConfig(env.MerchantID, "visa"),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(paymentMethodAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
		},
	})
}

// With neither base_url nor CARDPAY_BASE_URL, a plan that creates
// something fails, with the error and the fix the apply would give.
func TestAccProvider_missingBaseURL(t *testing.T) {
	t.Setenv(envBaseURL, "")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{{
			Config: `
provider "cardpay" {
  partner_client_id     = "demo-partner"
  partner_client_secret = "demo-partner-secret"
}

resource "cardpay_payment_method" "amex" {
  merchant_id = 1001
  method      = "amex"
}
`,
			PlanOnly: true,
			ExpectError: wrappedErrorPattern(`Missing provider configuration: base_url.*This operation needs "base_url". ` +
				`Set it in the provider "cardpay" block or through the CARDPAY_BASE_URL environment variable.`),
		}},
	})
}

// A base_url known only at apply (here from another resource) is not
// missing: the plan goes on, and the apply uses it once it is known.
func TestAccProvider_baseURLKnownAtApply(t *testing.T) {
	env := newTestEnv(t)
	accTest(t, resource.TestStep{
		Config: fmt.Sprintf(`
resource "terraform_data" "address" {
  input = %q
}

provider "cardpay" {
  base_url              = terraform_data.address.output
  partner_client_id     = %q
  partner_client_secret = %q
}
`, env.BaseURL, env.ClientID, env.ClientSecret) + paymentMethodConfig(env.MerchantID, "visa"),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(paymentMethodAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
		},
	})
}

// A read at an address where no connection opens says so, with the
// network error, and what to check.
func TestAccProvider_unreachableBaseURL(t *testing.T) {
	addr := closedLoopbackAddress(t)
	accTest(t, resource.TestStep{
		Config: fmt.Sprintf(`
provider "cardpay" {
  base_url              = "http://%s"
  partner_client_id     = "demo-partner"
  partner_client_secret = "demo-partner-secret"
  max_retries           = 0
}

data "cardpay_stores" "all" {
  merchant_id = 1001
}
`, addr),
		ExpectError: wrappedErrorPattern(`dial tcp ` + regexp.QuoteMeta(addr) + `: connect: connection refused.*` +
			`No connection to the service could be opened. Check that base_url \(or CARDPAY_BASE_URL\)`),
	})
}

func TestAccProvider_invalidBaseURL(t *testing.T) {
	accTest(t, resource.TestStep{
		Config: `
provider "cardpay" {
  base_url = "http://api.example.com"
}
` + paymentMethodConfig(1001, "amex"),
		PlanOnly:    true,
		ExpectError: regexp.MustCompile(`(?s)Invalid base_url.*must use https`),
	})
}

func requireNoErrors(t *testing.T, diags diag.Diagnostics) {
	t.Helper()
	if diags.HasError() {
		t.Fatalf("unexpected errors: %s", diagText(diags))
	}
}

func diagText(diags diag.Diagnostics) string {
	var b strings.Builder
	for _, d := range diags {
		b.WriteString(d.Summary() + ": " + d.Detail() + "\n")
	}
	return b.String()
}
