// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// existingMerchant is what a partner built at merchant 1001 before using
// Terraform, beyond the fixtures (visa and mastercard active; stores
// 1001-main and 1001-second): amex activated, a store opened and one
// closed, a payment page and a deactivated terminal, a paired tap-to-pay
// device and a webhook. The list resources must find exactly the active
// ones of the kinds they list.
type existingMerchant struct {
	store, terminal, webhook string
}

func newExistingMerchant(t *testing.T, env *testEnv) existingMerchant {
	t.Helper()
	sb := env.requireSandbox(t)
	c := partnerTestClient(t, env)
	ctx := t.Context()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	_, err := c.ActivatePaymentMethod(ctx, 1001, "amex")
	must(err)
	store, err := c.CreateStore(ctx, 1001, client.StoreCreate{Name: "Harbour kiosk", City: "Aarhus", CountryCode: "DK"})
	must(err)
	closed, err := c.CreateStore(ctx, 1001, client.StoreCreate{Name: "Closed pop-up"})
	must(err)
	must(c.DeactivateStore(ctx, 1001, closed.ID))
	terminal, err := c.CreateOnlineTerminal(ctx, 1001, client.OnlineTerminalRequest{OnlineTerminalMode: "PaymentPage", StoreID: store.ID})
	must(err)
	retired, err := c.CreateOnlineTerminal(ctx, 1001, client.OnlineTerminalRequest{OnlineTerminalMode: "SelfHostedPage"})
	must(err)
	_, err = sb.DeactivateTerminal(retired.TerminalID)
	must(err)
	pairDevice(t, env, sb, 1001)
	hook, err := c.CreateWebhook(ctx, client.WebhookRequest{URL: "https://hooks.example/adopted", Events: []string{"payment.completed", "payment.failed"}})
	must(err)
	return existingMerchant{store: store.ID, terminal: terminal.TerminalID, webhook: string(hook.ID)}
}

// adoptionQuery is the query of the guide "Adopting an existing merchant":
// it lists everything the provider can list at merchant 1001. The tests
// below run the guide's own file, so the guide shows what they check.
func adoptionQuery(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "guides", "adopting-an-existing-merchant", "adopt.tfquery.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestAccListResources_query(t *testing.T) {
	skipWithoutQuery(t)
	env := newTestEnv(t)
	existing := newExistingMerchant(t, env)
	merchant := knownvalue.Int64Exact(1001)
	method := func(name string) map[string]knownvalue.Check {
		return map[string]knownvalue.Check{"merchant_id": merchant, "method": knownvalue.StringExact(name)}
	}
	store := map[string]knownvalue.Check{"merchant_id": merchant, "store_id": knownvalue.StringExact(existing.store)}
	terminal := map[string]knownvalue.Check{"merchant_id": merchant, "terminal_id": knownvalue.StringExact(existing.terminal)}
	value := func(attr string, check knownvalue.Check) querycheck.KnownValueCheck {
		return querycheck.KnownValueCheck{Path: tfjsonpath.New(attr), KnownValue: check}
	}
	queryAccTest(t, env, resource.TestStep{
		Query:  true,
		Config: adoptionQuery(t),
		QueryResultChecks: []querycheck.QueryResultCheck{
			querycheck.ExpectLength("cardpay_payment_method.all", 3),
			querycheck.ExpectIdentity("cardpay_payment_method.all", method("visa")),
			querycheck.ExpectIdentity("cardpay_payment_method.all", method("mastercard")),
			querycheck.ExpectIdentity("cardpay_payment_method.all", method("amex")),
			querycheck.ExpectResourceKnownValues("cardpay_payment_method.all", queryfilter.ByResourceIdentity(method("amex")),
				[]querycheck.KnownValueCheck{value("status", knownvalue.StringExact("active"))}),

			querycheck.ExpectLength("cardpay_store.all", 3),
			querycheck.ExpectIdentity("cardpay_store.all", map[string]knownvalue.Check{"merchant_id": merchant, "store_id": knownvalue.StringExact("1001-main")}),
			querycheck.ExpectResourceDisplayName("cardpay_store.all", queryfilter.ByResourceIdentity(store),
				knownvalue.StringExact("Harbour kiosk ("+existing.store+")")),
			querycheck.ExpectResourceKnownValues("cardpay_store.all", queryfilter.ByResourceIdentity(store), []querycheck.KnownValueCheck{
				value("name", knownvalue.StringExact("Harbour kiosk")),
				value("city", knownvalue.StringExact("Aarhus")),
				value("adopted", knownvalue.Bool(true)),
				value("deactivate_on_destroy", knownvalue.Bool(false)),
			}),

			querycheck.ExpectLength("cardpay_online_terminal.all", 1),
			querycheck.ExpectResourceKnownValues("cardpay_online_terminal.all", queryfilter.ByResourceIdentity(terminal), []querycheck.KnownValueCheck{
				value("online_terminal_mode", knownvalue.StringExact("PaymentPage")),
				value("terminal_status", knownvalue.StringExact("ACTIVE")),
				value("store_id", knownvalue.Null()),
			}),

			querycheck.ExpectLength("cardpay_webhook.all", 1),
			querycheck.ExpectResourceKnownValues("cardpay_webhook.all",
				queryfilter.ByResourceIdentity(map[string]knownvalue.Check{"id": knownvalue.StringExact(existing.webhook)}),
				[]querycheck.KnownValueCheck{
					value("url", knownvalue.StringExact("https://hooks.example/adopted")),
					value("events", knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact("payment.completed"), knownvalue.StringExact("payment.failed"),
					})),
					value("secret", knownvalue.Null()),
				}),
		},
	})
}

// The adoption the guide describes, end to end: terraform query writes
// import blocks and configuration, the plan imports everything and changes
// nothing, and after the apply the plan is empty.
func TestAccListResources_generateConfig(t *testing.T) {
	skipWithoutQuery(t)
	env := newTestEnv(t)
	existing := newExistingMerchant(t, env)
	sb := env.requireSandbox(t)
	w := newCLIWorkdir(t, env, `provider "cardpay" {}`+"\n")
	w.write("adopt.tfquery.hcl", adoptionQuery(t))
	w.run("init", "-no-color")
	w.run("query", "-no-color", "-generate-config-out=generated.tf")

	generated := w.read("generated.tf")
	t.Logf("generated.tf:\n%s", generated)
	for _, id := range []string{existing.store, existing.terminal, existing.webhook, `"amex"`} {
		if !strings.Contains(generated, id) {
			t.Errorf("generated.tf does not mention %s:\n%s", id, generated)
		}
	}

	before := sb.Snapshot()
	changes := w.planChanges()
	if len(changes) != 3+3+1+1 {
		t.Errorf("the plan has %d resource changes, want 8 imports:\n%v", len(changes), changes)
	}
	for address, c := range changes {
		if !c.Importing || c.Actions != "no-op" {
			t.Errorf("the plan for %s is %+v, want an import and no change", address, c)
		}
	}
	w.run("apply", "-no-color", "-auto-approve")
	if out, err := w.tryRun("plan", "-no-color", "-detailed-exitcode"); err != nil {
		t.Errorf("the plan after adopting is not empty: %v\n%s", err, out)
	}
	if after := sb.Snapshot(); !reflect.DeepEqual(before, after) {
		t.Errorf("adopting changed the service:\nbefore %+v\nafter  %+v", before, after)
	}
}

// A list at another partner's merchant fails with the service's 403 and its
// request ID. (A merchant ID that cannot exist is refused before any
// request: see the list resources' entries of badInputs.)
func TestAccListResources_otherPartnersMerchant(t *testing.T) {
	skipWithoutQuery(t)
	for kind, what := range map[string]string{
		"cardpay_payment_method":  "payment methods",
		"cardpay_store":           "the stores",
		"cardpay_online_terminal": "the terminals",
	} {
		t.Run(kind, func(t *testing.T) {
			env := newTestEnv(t)
			env.requireSandbox(t)
			queryAccTest(t, env, resource.TestStep{
				Query: true,
				Config: fmt.Sprintf(`
list %q "x" {
  provider = cardpay
  config {
    merchant_id = %d
  }
}
`, kind, otherPartnersMerchant),
				ExpectError: wrappedErrorPattern(fmt.Sprintf(`Could not list %s of merchant %d.*HTTP 403.*request ID \S+`,
					what, otherPartnersMerchant)),
			})
		})
	}
}

// Every type with a list resource imports, by identity, into the
// configuration that the provider generates for it (the GenerateResourceConfig
// RPC of Terraform 1.14+, which terraform query -generate-config-out also
// uses; older CLIs generate it themselves): terraform-plugin-testing's
// GenerateConfig mode plans the import with -generate-config-out and checks
// that it changes nothing. The generated text holds no secret: neither a
// sensitive value of the object nor the provider's credentials.
func TestAccListResources_generatedConfig(t *testing.T) {
	skipWithoutIdentities(t)
	for _, typ := range registeredTypes(t) {
		if typ.kind != kindList {
			continue
		}
		cases := 0
		for key, tc := range identityTests {
			if tableKeyType(key) != typ.name || tc.config == "" {
				continue
			}
			cases++
			t.Run(key, func(t *testing.T) {
				env := newTestEnv(t)
				env.requireSandbox(t)
				secrets := []string{env.ClientSecret}
				resource.ParallelTest(t, resource.TestCase{
					TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)},
					ProtoV6ProviderFactories: testProviderFactories,
					Steps: []resource.TestStep{
						{
							Config:            env.providerConfig(tc.config),
							ConfigStateChecks: []statecheck.StateCheck{sensitiveStrings(tc.addr, &secrets)},
						},
						{
							ResourceName:     tc.addr,
							ImportState:      true,
							ImportStateKind:  resource.ImportBlockWithResourceIdentity,
							GenerateConfig:   true,
							ImportPlanChecks: resource.ImportPlanChecks{PreApply: []plancheck.PlanCheck{generatedConfigLacks(typ.name+".generated", &secrets)}},
						},
					},
				})
			})
		}
		if cases == 0 {
			t.Errorf("identityTests has no case for %s, whose list resource the generated configuration is for", typ.name)
		}
	}
}

// sensitiveStrings adds the string values of the sensitive attributes of
// the resource at addr to *secrets.
func sensitiveStrings(addr string, secrets *[]string) statecheck.StateCheck {
	return stateCheckFunc(func(state *tfjson.State) error {
		resources, err := stateResources(state)
		if err != nil {
			return err
		}
		for _, r := range resources {
			if r.Address != addr {
				continue
			}
			var sensitive map[string]any
			if err := json.Unmarshal(r.SensitiveValues, &sensitive); err != nil {
				return fmt.Errorf("sensitive_values of %s: %w", addr, err)
			}
			for name, marked := range sensitive {
				if value, ok := r.AttributeValues[name].(string); ok && marked == true && value != "" {
					*secrets = append(*secrets, value)
				}
			}
			return nil
		}
		return fmt.Errorf("%s is not in state", addr)
	})
}

// generatedConfigLacks checks that the plan generated configuration for the
// resource at addr, and that it holds none of *secrets.
func generatedConfigLacks(addr string, secrets *[]string) plancheck.PlanCheck {
	return planCheckFunc(func(plan *tfjson.Plan) error {
		for _, rc := range plan.ResourceChanges {
			if rc.Address != addr {
				continue
			}
			if rc.Change == nil || rc.Change.GeneratedConfig == "" {
				return fmt.Errorf("the plan generated no configuration for %s", addr)
			}
			for _, s := range *secrets {
				if strings.Contains(rc.Change.GeneratedConfig, s) {
					return fmt.Errorf("the configuration generated for %s holds a secret:\n%s", addr, rc.Change.GeneratedConfig)
				}
			}
			return nil
		}
		return fmt.Errorf("the plan has no change for %s", addr)
	})
}
