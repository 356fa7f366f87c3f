// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

const webhookAddr = "cardpay_webhook.test"

// webhookConfig is an endpoint at url for events, an HCL list such as
// ["payment.completed"].
func webhookConfig(url, events string) string {
	return fmt.Sprintf(`
resource "cardpay_webhook" "test" {
  url    = %q
  events = %s
}
`, url, events)
}

// webhookID reads the endpoint ID of the test webhook from state.
func webhookID(into *int64) statecheck.StateCheck {
	return resourceAttrs(webhookAddr, func(attrs map[string]any) error {
		id, err := strconv.ParseInt(stateString(attrs, "id"), 10, 64)
		*into = id
		return err
	})
}

// The endpoint is created with its secret, updated in place, brought back
// when changed outside Terraform and created again when it disappears.
func TestAccWebhook_lifecycle(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	ids := statecheck.CompareValue(compare.ValuesSame())
	secrets := statecheck.CompareValue(compare.ValuesSame())
	var id int64
	first := env.providerConfig(webhookConfig("https://hooks.example/cardpay", `["payment.completed"]`))
	second := env.providerConfig(webhookConfig("https://hooks.example/cardpay/v2", `["payment.completed", "payment.failed"]`))
	accTest(t,
		resource.TestStep{
			Config:           first,
			ConfigPlanChecks: plannedAction(webhookAddr, plancheck.ResourceActionCreate),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^\d+$`))),
				statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("secret"), knownvalue.StringRegexp(regexp.MustCompile(`^whsec_`))),
				statecheck.ExpectSensitiveValue(webhookAddr, tfjsonpath.New("secret")),
				statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
				statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("last_triggered_at"), knownvalue.Null()),
				statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("created_at"), knownvalue.NotNull()),
				ids.AddStateValue(webhookAddr, tfjsonpath.New("id")),
				secrets.AddStateValue(webhookAddr, tfjsonpath.New("secret")),
				webhookID(&id),
				expectSandboxWebhook(sb, &id, "https://hooks.example/cardpay", "payment.completed"),
			},
		},
		resource.TestStep{
			Config:           second,
			ConfigPlanChecks: plannedAction(webhookAddr, plancheck.ResourceActionUpdate),
			ConfigStateChecks: []statecheck.StateCheck{
				ids.AddStateValue(webhookAddr, tfjsonpath.New("id")),
				secrets.AddStateValue(webhookAddr, tfjsonpath.New("secret")),
				expectSandboxWebhook(sb, &id, "https://hooks.example/cardpay/v2", "payment.completed", "payment.failed"),
			},
		},
		resource.TestStep{
			// Changed outside Terraform: the plan puts the URL back.
			PreConfig: func() {
				url := "https://elsewhere.example/hook"
				if _, err := sb.ChangeWebhook(id, sandbox.WebhookChange{URL: &url}); err != nil {
					t.Fatal(err)
				}
			},
			Config: second,
			ConfigPlanChecks: beforeApply(
				plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionUpdate),
				plancheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("url"), knownvalue.StringExact("https://hooks.example/cardpay/v2")),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				ids.AddStateValue(webhookAddr, tfjsonpath.New("id")),
				expectSandboxWebhook(sb, &id, "https://hooks.example/cardpay/v2", "payment.completed", "payment.failed"),
			},
		},
		resource.TestStep{
			// Removed by cardpay support: the plan creates a new endpoint.
			PreConfig: func() {
				if err := sb.RemoveWebhook(id); err != nil {
					t.Fatal(err)
				}
			},
			Config:           second,
			ConfigPlanChecks: beforeApply(plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionCreate)),
		},
	)
}

// expectSandboxWebhook checks the sandbox's endpoint *id against the
// configuration and the secret in state.
func expectSandboxWebhook(sb *sandbox.Server, id *int64, url string, events ...string) statecheck.StateCheck {
	return resourceAttrs(webhookAddr, func(attrs map[string]any) error {
		for _, w := range sb.Snapshot().Webhooks {
			if w.ID != *id {
				continue
			}
			if w.URL != url || strings.Join(w.Events, ",") != strings.Join(events, ",") || w.Secret != stateString(attrs, "secret") {
				return fmt.Errorf("sandbox webhook %+v, want %s %v and the secret in state", w, url, events)
			}
			return nil
		}
		return fmt.Errorf("sandbox has no webhook %d", *id)
	})
}

// A delivery the sandbox signs with the endpoint's secret verifies with
// the secret Terraform keeps, under both published header schemes.
func TestAccWebhook_signedDelivery(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	var mu sync.Mutex
	var got *http.Request
	var body []byte
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		got, body = r, nil
		body, _ = io.ReadAll(r.Body)
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(receiver.Close)
	config := env.providerConfig(webhookConfig(receiver.URL+"/events", `["payment.completed", "payment.failed"]`))
	var id int64
	var secret string
	accTest(t,
		resource.TestStep{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				webhookID(&id),
				recordAttr(webhookAddr, "secret", &secret),
			},
		},
		resource.TestStep{
			PreConfig: func() {
				if _, err := sb.DeliverWebhookEvent(id, "payment.failed"); err != nil {
					t.Fatal(err)
				}
				mu.Lock()
				defer mu.Unlock()
				if got == nil {
					t.Fatal("the receiver got no delivery")
				}
				if err := verifyDelivery(secret, body, got.Header); err != nil {
					t.Error(err)
				}
				if !strings.Contains(string(body), `"payment.failed"`) {
					t.Errorf("delivered body %s does not name the event", body)
				}
			},
			Config: config,
			ConfigPlanChecks: refreshRecords(webhookAddr, "last_triggered_at", knownvalue.NotNull(),
				plancheck.ExpectEmptyPlan()),
		},
	)
}

// verifyDelivery checks both signature schemes the service's guides
// publish, the way the webhooks guide tells receivers to.
func verifyDelivery(secret string, body []byte, h http.Header) error {
	sign := func(message []byte) string {
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write(message)
		return hex.EncodeToString(mac.Sum(nil))
	}
	if got, want := h.Get("X-Webhook-Signature"), sign(body); !hmac.Equal([]byte(got), []byte(want)) {
		return fmt.Errorf("X-Webhook-Signature %q, want HMAC-SHA256 of the body with the secret in state", got)
	}
	ts := h.Get("X-AcountPay-Timestamp")
	if got, want := h.Get("X-AcountPay-Signature"), sign(append([]byte(ts+"."), body...)); ts == "" || !hmac.Equal([]byte(got), []byte(want)) {
		return fmt.Errorf("X-AcountPay-Signature %q with timestamp %q, want HMAC-SHA256 of timestamp.body", got, ts)
	}
	return nil
}

// Import reads the endpoint; the secret, shown only at creation, is null.
func TestAccWebhook_import(t *testing.T) {
	env := newTestEnv(t)
	config := env.providerConfig(webhookConfig("https://hooks.example/imported", `["merchant.activated"]`))
	accTest(t,
		resource.TestStep{Config: config},
		resource.TestStep{
			Config:                  config,
			ResourceName:            webhookAddr,
			ImportState:             true,
			ImportStateVerify:       true,
			ImportStateVerifyIgnore: []string{"secret"},
			ImportStateCheck: func(states []*terraform.InstanceState) error {
				if len(states) != 1 || states[0].Attributes["secret"] != "" {
					return fmt.Errorf("imported %v, want one endpoint without a secret", states)
				}
				return nil
			},
		},
		resource.TestStep{
			Config:        config,
			ResourceName:  webhookAddr,
			ImportState:   true,
			ImportStateId: "424242",
			ExpectError:   regexp.MustCompile(`Cannot import non-existent remote object`),
		},
	)
}

func TestAccWebhook_validation(t *testing.T) {
	env := newTestEnv(t)
	cases := []struct{ config, pattern string }{
		{webhookConfig("http://hooks.example/events", `["payment.completed"]`),
			`Invalid webhook URL.*plain http for a host that is not loopback.*Write an absolute https URL`},
		{webhookConfig("https://hooks.example/events", `["payment.done"]`),
			`events\[Value\("payment.done"\)\] value must be one of:.*"merchant.activated".*"payment.expired"`},
		{webhookConfig("https://hooks.example/events", `[]`), `events set must contain at least 1 elements`},
		{webhookConfig("https://user:pw@hooks.example/events", `["payment.completed"]`), `contains a user name or password`},
	}
	steps := make([]resource.TestStep, 0, len(cases))
	for _, c := range cases {
		steps = append(steps, resource.TestStep{Config: env.providerConfig(c.config), PlanOnly: true, ExpectError: wrappedErrorPattern(c.pattern)})
	}
	accTest(t, steps...)
}

func TestWebhook_destroyWarning(t *testing.T) {
	plan, apply := destroyDiagnostics(t, "cardpay_webhook", map[string]tftypes.Value{
		"id":  tftypes.NewValue(tftypes.String, "9001"),
		"url": tftypes.NewValue(tftypes.String, "https://hooks.example/cardpay"),
	})
	requireWarning(t, "plan", plan, webhookForgotten.Summary)
	requireWarning(t, "apply", apply, webhookForgotten.Summary)
}

// The rows of cardpay_webhook in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"cardpay_webhook plain http": {config: webhookConfig("http://hooks.example/events", `["payment.completed"]`),
			attr: "url", want: `plain http for a host that is not loopback.*Write an absolute https URL`},
		"cardpay_webhook event name": {config: webhookConfig("https://hooks.example/events", `["payment.complete"]`),
			attr: "events", want: `value must be one of:.*"payment.completed"`},
		"cardpay_webhook import with slash": {importID: "9001/x", config: `
resource "cardpay_webhook" "x" {
  url    = "https://hooks.example/events"
  events = ["payment.completed"]
}
`, want: `Invalid import ID for cardpay_webhook.*"9001"`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"cardpay_webhook": {config: `
resource "cardpay_webhook" "w" {
  url    = "https://hooks.example/secrets"
  events = ["payment.completed"]
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"cardpay_webhook": {route: sandbox.RouteCreateWebhook, config: webhookConfig("https://hooks.example/lost", `["payment.failed"]`),
			recovers: true, want: `Warning: The endpoint's creation was answered with an error, but it exists.*HTTP 502.*` +
				`found webhook endpoint \d+ for https://hooks.example/lost.*secret is null`,
			held: func(s sandbox.State) int { return len(s.Webhooks) }},
	})
	addRows(identityTests, map[string]identityTest{
		"cardpay_webhook": {addr: webhookAddr, config: webhookConfig("https://hooks.example/identity", `["payment.completed"]`),
			identity: map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^\d+$`))},
			updated:  webhookConfig("https://hooks.example/identity-moved", `["payment.completed"]`)},
	})
	addRows(inPlaceUpdates, map[string]inPlaceUpdate{
		"cardpay_webhook": {addr: "cardpay_webhook.x", attr: "url", want: knownvalue.StringExact("https://hooks.example/v2"), config: `
resource "cardpay_webhook" "x" {
  url    = "https://hooks.example/v1"
  events = ["payment.completed"]
}
`, changed: `
resource "cardpay_webhook" "x" {
  url    = "https://hooks.example/v2"
  events = ["payment.completed"]
}
`},
	})
}
