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

func TestResolveSettings(t *testing.T) {
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
		s, diags := resolveSettings(noConfig(), env)
		requireNoErrors(t, diags)
		want := settings{Config: client.Config{BaseURL: "https://env.example.com", PartnerClientID: "env-id",
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
		s, diags := resolveSettings(c, env)
		requireNoErrors(t, diags)
		if s.BaseURL != "https://config.example.com" || s.PartnerClientSecret != "config-secret" ||
			s.PartnerClientID != "env-id" || s.Timeout != 5*time.Second || s.MaxRetries != 0 || s.MaxRateLimitWait != time.Hour {
			t.Errorf("got %+v", s)
		}
	})

	t.Run("defaults", func(t *testing.T) {
		s, diags := resolveSettings(noConfig(), envFrom(nil))
		requireNoErrors(t, diags)
		if s.Timeout != defaultRequestTimeout || s.MaxRetries != defaultMaxRetries {
			t.Errorf("got timeout %s, retries %d", s.Timeout, s.MaxRetries)
		}
	})

	t.Run("unknown values are remembered, not guessed", func(t *testing.T) {
		c := noConfig()
		c[attrAccessToken] = types.StringUnknown()
		c[attrMaxRetries] = types.Int64Unknown()
		s, diags := resolveSettings(c, env)
		requireNoErrors(t, diags)
		if s.AccessToken != "" || strings.Join(s.Unknown, ",") != "access_token,max_retries" {
			t.Errorf("got %+v", s)
		}
	})

	t.Run("invalid environment values name the variable", func(t *testing.T) {
		_, diags := resolveSettings(noConfig(), envFrom(map[string]string{envRequestTimeout: "soon", envMaxRetries: "-1", envMaxRateLimitWait: "0s"}))
		text := diagText(diags)
		for _, want := range []string{envRequestTimeout, envMaxRetries, "30s", envMaxRateLimitWait, `"10m"`} {
			if !strings.Contains(text, want) {
				t.Errorf("diagnostics %q do not mention %q", text, want)
			}
		}
	})
}

func TestProviderDataClients(t *testing.T) {
	cases := []struct {
		name      string
		settings  settings
		ais       bool
		wantError []string
	}{
		{"missing base URL", settings{Config: client.Config{PartnerClientID: "id", PartnerClientSecret: "s"}}, false,
			[]string{attrBaseURL, envBaseURL}},
		{"missing partner secret", settings{Config: client.Config{BaseURL: "https://api.example.com", PartnerClientID: "id"}}, false,
			[]string{attrPartnerClientSecret, envPartnerClientSecret}},
		{"data API without token or partner secret", settings{Config: client.Config{BaseURL: "https://api.example.com", PartnerClientID: "id"}}, true,
			[]string{attrPartnerClientSecret, envPartnerClientSecret, "short-lived tokens", attrAccessToken, envAccessToken}},
		{"data API with partner credentials mints tokens", settings{Config: client.Config{BaseURL: "https://api.example.com", PartnerClientID: "id", PartnerClientSecret: "s"}}, true, nil},
		{"unknown data API address", settings{Config: client.Config{BaseURL: "https://api.example.com", AccessToken: "t"}, Unknown: []string{attrAISBaseURL}}, true,
			[]string{attrAISBaseURL, "known only after apply"}},
		{"unknown partner auth", settings{Config: client.Config{BaseURL: "https://api.example.com", PartnerClientID: "id", PartnerClientSecret: "s"}, Unknown: []string{attrPartnerAuth}}, false,
			[]string{attrPartnerAuth, "known only after apply"}},
		{"unknown access token", settings{Config: client.Config{BaseURL: "https://api.example.com"}, Unknown: []string{attrAccessToken}}, true,
			[]string{attrAccessToken, "known only after apply"}},
		{"partner client needs no token", settings{Config: client.Config{BaseURL: "https://api.example.com", PartnerClientID: "id", PartnerClientSecret: "s"}}, false, nil},
		{"ais client needs no partner credentials", settings{Config: client.Config{BaseURL: "https://api.example.com", AccessToken: "t"}}, true, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := newProviderData(tc.settings, envFrom(nil))
			area := client.AreaPartner
			if tc.ais {
				area = client.AreaAIS
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

func TestProviderData_insecureBaseURL(t *testing.T) {
	data := newProviderData(settings{Config: client.Config{BaseURL: "http://api.example.com"}}, envFrom(nil))
	if text := diagText(data.validate()); !strings.Contains(text, "https") {
		t.Errorf("validate() = %q, want an error that asks for https", text)
	}
}

// A data API address with a path the service does not publish is refused
// at configure time, naming the attribute and the published forms.
func TestProviderData_aisBaseURLPath(t *testing.T) {
	data := newProviderData(settings{Config: client.Config{BaseURL: "https://api.acountpay.com/v1/partner", AISBaseURL: "https://data.example.com/api/v2"}}, envFrom(nil))
	text := diagText(data.validate())
	for _, want := range []string{"Invalid " + attrAISBaseURL, `has the path "/api/v2"`, "/v1/partner", envAISBaseURL} {
		if !strings.Contains(text, want) {
			t.Errorf("validate() = %q, want it to mention %q", text, want)
		}
	}
	if strings.Contains(text, "Invalid "+attrBaseURL+" ") {
		t.Errorf("validate() blames base_url: %q", text)
	}
}

func TestResolvePartnerAuth(t *testing.T) {
	c := noConfig()
	c[attrPartnerAuth] = types.StringValue("oauth2")
	s, diags := resolveSettings(c, envFrom(nil))
	requireNoErrors(t, diags)
	if s.PartnerAuth != client.PartnerAuthOAuth2 {
		t.Errorf("partner auth %v, want oauth2", s.PartnerAuth)
	}
	_, diags = resolveSettings(noConfig(), envFrom(map[string]string{envPartnerAuth: "basic"}))
	if text := diagText(diags); !strings.Contains(text, envPartnerAuth) || !strings.Contains(text, "headers or oauth2") {
		t.Errorf("diagnostics %q, want the variable and the accepted values", text)
	}
}

func TestUserAgent(t *testing.T) {
	got := userAgent("1.2.3", "1.11.4")
	if !strings.HasPrefix(got, "terraform-provider-cardpay/1.2.3") || !strings.Contains(got, "Terraform/1.11.4") {
		t.Errorf("userAgent = %q", got)
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

func TestAccProvider_missingBaseURL(t *testing.T) {
	t.Setenv(envBaseURL, "")
	t.Setenv(envPartnerClientID, "")
	t.Setenv(envPartnerClientSecret, "")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []resource.TestStep{{
			Config:      paymentMethodConfig(1001, "amex"),
			ExpectError: regexp.MustCompile(`(?s)base_url.*CARDPAY_BASE_URL`),
		}},
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
		ExpectError: regexp.MustCompile(`(?s)Invalid base URL.*https`),
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

func TestTraceLogging(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want bool
	}{
		{nil, false},
		{map[string]string{"TF_LOG": "DEBUG"}, false},
		{map[string]string{"TF_LOG": "trace"}, true},
		{map[string]string{"TF_LOG": "JSON"}, true},
		{map[string]string{"TF_LOG_PROVIDER": "TRACE"}, true},
		{map[string]string{"TF_LOG": "TRACE", "TF_LOG_PROVIDER": "INFO"}, false}, // the provider's own level wins
		{map[string]string{"TF_LOG_PROVIDER": "WARN", "TF_LOG_PROVIDER_CARDPAY": "TRACE"}, true},
	}
	for _, tc := range cases {
		lookup := func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok }
		if got := traceLogging(lookup); got != tc.want {
			t.Errorf("traceLogging(%v) = %v, want %v", tc.env, got, tc.want)
		}
	}
}
