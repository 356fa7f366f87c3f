// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package policies holds the Rego policy pack for cardpay plans (see
// README.md). Its Go tests run the pack on plan JSON that the terraform CLI
// produces from scenario configurations against a sandbox.
package policies

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
)

// OPA runs as the pinned Go tool of tools/opa/go.mod (what make
// policy-test and the guide's commands run), not through its Go API: that
// would pull OPA's dependencies into the provider's go.mod. go tool caches
// the built binary, so only the first run compiles it.
var opaCommand = []string{"tool", "-modfile=../tools/opa/go.mod", "opa"}

// policyData is the partners' configuration the scenarios run with.
const policyData = `{
  "cardpay": {
    "config": {
      "webhook_hosts": ["hooks.partner.example"],
      "payment_methods_by_country": {
        "DK": ["visa", "mastercard", "mobilepay", "amex"]
      }
    }
  }
}`

const header = `terraform {
  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}
`

// cleanConfig creates one object per policy, each within the policies.
const cleanConfig = header + `
resource "cardpay_store" "harbour" {
  merchant_id  = 1001
  name         = "Harbour"
  country_code = "DK"
}

resource "cardpay_payment_method" "mobilepay" {
  merchant_id = 1001
  method      = "mobilepay"
}

resource "cardpay_webhook" "payments" {
  url    = "https://hooks.partner.example/cardpay"
  events = ["payment.completed"]
}

resource "cardpay_ais_consent" "bookkeeping" {
  merchant_id                = 1001
  user_id                    = "user-1001"
  permissions                = ["ReadAccountsDetail"]
  expiration_date_time       = timeadd(plantimestamp(), "720h")
  transaction_from_date_time = timeadd(plantimestamp(), "-720h")
}

output "webhook_secret" {
  value     = cardpay_webhook.payments.secret
  sensitive = true
}
`

// violatingConfig breaks every policy that looks at created objects.
const violatingConfig = header + `
resource "cardpay_store" "harbour" {
  merchant_id  = 1001
  name         = "Harbour"
  country_code = "DK"
}

resource "cardpay_payment_method" "swish" {
  merchant_id = 1001
  method      = "swish"
}

resource "cardpay_webhook" "elsewhere" {
  url    = "https://hooks.elsewhere.example/cardpay"
  events = ["payment.completed"]
}

resource "cardpay_webhook" "later" {
  url    = "https://hooks.partner.example/${cardpay_store.harbour.store_id}"
  events = ["payment.completed"]
}

resource "cardpay_ais_consent" "long" {
  merchant_id                = 1001
  user_id                    = "user-1001"
  permissions                = ["ReadAccountsDetail"]
  expiration_date_time       = timeadd(plantimestamp(), "8760h")
  transaction_from_date_time = timeadd(plantimestamp(), "-720h")
}

output "webhook_secret" {
  value = nonsensitive(cardpay_webhook.elsewhere.secret)
}

module "credential" {
  source = "./credential"
}

output "credential_secret" {
  value = module.credential.secret
}
`

// credentialModule hands out a credential's secret without its mark.
const credentialModule = header + `
resource "cardpay_partner_credential" "ci" {
  name = "policy-test"
}

output "secret" {
  value = nonsensitive(cardpay_partner_credential.ci.client_secret)
}
`

// webhookSecretOutput is the part both configurations below keep: a webhook
// and an output that carries its secret through a local value.
const webhookSecretOutput = `
resource "cardpay_webhook" "payments" {
  url    = "https://hooks.partner.example/cardpay"
  events = ["payment.completed"]
}

locals {
  secret = nonsensitive(cardpay_webhook.payments.secret)
}

output "webhook_secret" {
  value = local.secret
}
`

// appliedConfig is applied first; changedConfig then replaces the order,
// destroys the payment method (forgotten) and the store (deactivated), and
// keeps the webhook secret's output.
const appliedConfig = header + `
resource "cardpay_order" "first" {
  merchant_id = 1001
  amount      = 1000
  currency    = "DKK"
}

resource "cardpay_payment_method" "amex" {
  merchant_id = 1001
  method      = "amex"
}

resource "cardpay_store" "harbour" {
  merchant_id  = 1001
  name         = "Harbour"
  country_code = "DK"
}

` + webhookSecretOutput

const changedConfig = header + `
resource "cardpay_order" "first" {
  merchant_id = 1001
  amount      = 2000
  currency    = "DKK"
}

` + webhookSecretOutput

// result is one deny or warn result of the pack, as policy and address.
type result struct{ Policy, Address string }

func TestPlanWithinThePoliciesPasses(t *testing.T) {
	s := newScenario(t)
	plan := s.plan(t, map[string]string{"main.tf": cleanConfig})
	s.expect(t, plan, nil, nil)
}

func TestPlanCreatingWhatThePoliciesForbid(t *testing.T) {
	s := newScenario(t)
	plan := s.plan(t, map[string]string{"main.tf": violatingConfig, "credential/main.tf": credentialModule})
	s.expect(t, plan, []result{
		{"consent_validity", "cardpay_ais_consent.long"},
		{"payment_method_country", "cardpay_payment_method.swish"},
		{"secret_output", "output.credential_secret"},
		{"secret_output", "output.webhook_secret"},
		{"webhook_host", "cardpay_webhook.elsewhere"},
	}, []result{
		{"webhook_host", "cardpay_webhook.later"},
	})
}

func TestPlanReplacingAndDestroying(t *testing.T) {
	s := newScenario(t)
	s.apply(t, map[string]string{"main.tf": appliedConfig})
	plan := s.plan(t, map[string]string{"main.tf": changedConfig})
	s.expect(t, plan, []result{
		{"forgetting_destroy", "cardpay_payment_method.amex"},
		{"replacement", "cardpay_order.first"},
		{"secret_output", "output.webhook_secret"},
	}, nil)

	t.Run("approved", func(t *testing.T) {
		approved := `{"cardpay": {"config": {
			"approved_replacements": ["cardpay_order.first"],
			"approved_destroys": ["cardpay_payment_method.amex"]
		}}}`
		s.expectWith(t, approved, plan, []result{{"secret_output", "output.webhook_secret"}}, nil)
	})
}

// TestTablesFollowTheProvider compares the pack's tables with the
// provider's schema: every cardpay resource type has a destroy effect, and
// the sensitive attributes are the schema's.
func TestTablesFollowTheProvider(t *testing.T) {
	s := newScenario(t)
	s.write(t, map[string]string{"main.tf": header})
	out := s.terraform(t, "providers", "schema", "-json")
	var schema struct {
		ProviderSchemas map[string]struct {
			ResourceSchemas   map[string]schemaBlock `json:"resource_schemas"`
			DataSourceSchemas map[string]schemaBlock `json:"data_source_schemas"`
		} `json:"provider_schemas"`
	}
	if err := json.Unmarshal([]byte(out), &schema); err != nil {
		t.Fatalf("schema JSON: %v", err)
	}
	wantTypes := []string{}
	wantSensitive := map[string][]string{}
	for _, p := range schema.ProviderSchemas {
		for typ, s := range p.ResourceSchemas {
			wantTypes = append(wantTypes, typ)
			s.Block.sensitive(typ, "", wantSensitive)
		}
		for typ, s := range p.DataSourceSchemas {
			s.Block.sensitive(typ, "", wantSensitive)
		}
	}
	var got struct {
		Types     []string            `json:"types"`
		Sensitive map[string][]string `json:"sensitive"`
	}
	s.eval(t, "", `{"types": object.keys(data.cardpay.lib.destroy_effect), "sensitive": data.cardpay.lib.sensitive_attributes}`, &got)
	slices.Sort(wantTypes)
	slices.Sort(got.Types)
	if !slices.Equal(got.Types, wantTypes) {
		t.Errorf("lib.destroy_effect has types %v, the provider %v", got.Types, wantTypes)
	}
	for typ := range wantSensitive {
		slices.Sort(wantSensitive[typ])
	}
	for typ := range got.Sensitive {
		slices.Sort(got.Sensitive[typ])
	}
	if fmt.Sprint(got.Sensitive) != fmt.Sprint(wantSensitive) {
		t.Errorf("lib.sensitive_attributes is\n%v\nthe provider's schema has\n%v", got.Sensitive, wantSensitive)
	}
}

// schemaBlock is the part of a schema that says what is sensitive.
type schemaBlock struct {
	Block block `json:"block"`
}

type block struct {
	Attributes map[string]attribute `json:"attributes"`
}

type attribute struct {
	Sensitive  bool `json:"sensitive"`
	NestedType *struct {
		Attributes map[string]attribute `json:"attributes"`
	} `json:"nested_type"`
}

// sensitive records the dotted paths of the sensitive attributes of typ.
func (b block) sensitive(typ, prefix string, into map[string][]string) {
	for name, a := range b.Attributes {
		switch {
		case a.Sensitive:
			into[typ] = append(into[typ], prefix+name)
		case a.NestedType != nil:
			block{Attributes: a.NestedType.Attributes}.sensitive(typ, prefix+name+".", into)
		}
	}
}

// scenario is a working directory for terraform, with the provider built
// from this tree, a sandbox and the policy data.
type scenario struct {
	dir, data string
	provider  *tfcli.Provider
	env       []string
}

func newScenario(t *testing.T) *scenario {
	t.Helper()
	s := &scenario{dir: t.TempDir(), provider: tfcli.BuildForTest(t), env: sandboxtest.Start(t).Env()}
	s.data = filepath.Join(t.TempDir(), "cardpay-policy.json")
	if err := os.WriteFile(s.data, []byte(policyData), 0o600); err != nil {
		t.Fatal(err)
	}
	return s
}

// write replaces the configuration files of the scenario by files.
func (s *scenario) write(t *testing.T, files map[string]string) {
	t.Helper()
	old, _ := filepath.Glob(filepath.Join(s.dir, "*.tf"))
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range files {
		path := filepath.Join(s.dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

func (s *scenario) terraform(t *testing.T, args ...string) string {
	t.Helper()
	out, err := s.provider.Run(t.Context(), s.dir, s.env, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (s *scenario) apply(t *testing.T, files map[string]string) {
	t.Helper()
	s.write(t, files)
	s.terraform(t, "apply", "-input=false", "-no-color", "-auto-approve")
}

// plan saves the plan of files and returns the path of its JSON, as a
// partner's pipeline makes it.
func (s *scenario) plan(t *testing.T, files map[string]string) string {
	t.Helper()
	s.write(t, files)
	// dev_overrides need no init; get installs the local modules.
	s.terraform(t, "get", "-no-color")
	s.terraform(t, "plan", "-input=false", "-no-color", "-out=tfplan")
	planJSON := filepath.Join(t.TempDir(), "plan.json")
	if err := os.WriteFile(planJSON, []byte(s.terraform(t, "show", "-json", "tfplan")), 0o600); err != nil {
		t.Fatal(err)
	}
	return planJSON
}

// expect checks the pack's deny and warn results on the plan JSON, with the
// scenario's policy data.
func (s *scenario) expect(t *testing.T, plan string, deny, warn []result) {
	t.Helper()
	s.expectWith(t, policyData, plan, deny, warn)
}

func (s *scenario) expectWith(t *testing.T, data, plan string, deny, warn []result) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "data.json")
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	var got struct{ Deny, Warn []result }
	s.eval(t, plan, `{"deny": data.cardpay.deny, "warn": data.cardpay.warn}`, &got, "-d", path)
	for _, c := range []struct {
		kind      string
		got, want []result
	}{{"deny", got.Deny, deny}, {"warn", got.Warn, warn}} {
		sortResults(c.got)
		sortResults(c.want)
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s results:\n got %v\nwant %v", c.kind, c.got, c.want)
		}
	}
}

func sortResults(rs []result) {
	slices.SortFunc(rs, func(a, b result) int {
		return strings.Compare(a.Policy+" "+a.Address, b.Policy+" "+b.Address)
	})
}

// eval runs opa eval of query on the pack (with input when given) and
// decodes the query's value into v.
func (s *scenario) eval(t *testing.T, input, query string, v any, args ...string) {
	t.Helper()
	cmdArgs := append(slices.Clone(opaCommand), "eval", "--format", "raw", "-d", ".")
	if input != "" {
		cmdArgs = append(cmdArgs, "-i", input)
	}
	cmdArgs = append(cmdArgs, args...)
	cmd := exec.CommandContext(t.Context(), "go", append(cmdArgs, query)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("opa eval %s: %v\n%s", query, err, stderr.String())
	}
	if err := json.Unmarshal(out, v); err != nil {
		t.Fatalf("opa eval %s: %v\n%s", query, err, out)
	}
}
