// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// secretsConfig uses every resource type, the payment-method data source
// and the in-app ephemeral resource.
func secretsConfig() string {
	return mixedConfig(mixedCounts{1, 1, 1, 1, 1, 1, 1}, "secrets") +
		dataBlock("cardpay_payment_methods", "m", "merchant_id = 1001") +
		ephemeralBlock("cardpay_interapp_registration", "e", "merchant_id = 1002") +
		resourceBlock("cardpay_webhook", "w", `url = "https://hooks.example/secrets"`, `events = ["payment.completed"]`)
}

// aisReadsConfig adds every account-information read, which needs an
// authorized consent first.
var aisReadsConfig = dataBlock("cardpay_ais_accounts", "a", aisReadArgs(1001, "user-1001", "")...) +
	dataBlock("cardpay_ais_account_balance", "b", aisReadArgs(1001, "user-1001", "acc-1001-dkk")...) +
	dataBlock("cardpay_ais_account_transactions", "t", aisReadArgs(1001, "user-1001", "acc-1001-dkk")...) +
	ephemeralBlock("cardpay_ais_account_transactions", "t", aisReadArgs(1001, "user-1001", "acc-1001-dkk")...)

// With TF_LOG=TRACE, neither the state, nor the plans as terraform show
// -json prints them, nor the log holds the client secret or the access
// token, and registration codes, webhook secrets and order nonces appear
// only in their resources' sensitive attributes.
func TestAccSecrets_neverWritten(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	w := newCLIWorkdir(t, env, secretsConfig())
	w.env = append(w.env, "TF_LOG=TRACE", "TF_LOG_PATH="+w.path("terraform.log"))

	var plans []string
	planAndApply := func(name string) {
		w.run("plan", "-input=false", "-no-color", "-out="+name)
		plans = append(plans, w.run("show", "-json", "-no-color", name))
		w.run("apply", "-input=false", "-no-color", name)
	}
	planAndApply("create.tfplan")
	if err := sb.AuthorizeConsent(stateString(w.stateResources()["cardpay_ais_consent.c[0]"], "request_id")); err != nil {
		t.Fatal(err)
	}
	w.write("main.tf", cliRequiredProviders+secretsConfig()+aisReadsConfig)
	planAndApply("reads.tfplan")
	// A plan on existing state shows the sensitive values in prior_state.
	w.run("plan", "-input=false", "-no-color", "-out=refresh.tfplan")
	plans = append(plans, w.run("show", "-json", "-no-color", "refresh.tfplan"))

	var codes []string
	for _, c := range sb.Snapshot().InterappCodes {
		codes = append(codes, c.RegistrationCode)
	}
	if len(codes) < 3 { // the resource's, and the ephemeral's on each plan and apply
		t.Fatalf("the sandbox issued %d registration codes, want the resource's and the ephemeral's", len(codes))
	}
	tokens := sb.IssuedTokens()
	if len(tokens) < 4 { // the consent's, and one per AIS read
		t.Fatalf("the sandbox issued %d data-API tokens, want the consent's and the reads'", len(tokens))
	}
	forbidden := append(append([]string{env.ClientSecret}, codes...), tokens...)
	// Webhook secrets and order nonces, like codes, live only in their
	// sensitive attributes.
	snap := sb.Snapshot()
	for _, w := range snap.Webhooks {
		forbidden = append(forbidden, w.Secret)
	}
	for _, o := range snap.Orders {
		forbidden = append(forbidden, o.Nonce)
	}
	if len(forbidden) < len(codes)+4 || slices.Contains(forbidden, "") {
		t.Fatalf("the sandbox lacks a webhook secret or an order nonce to look for: %q", forbidden)
	}

	// Guard against a vacuous pass: the resource's code must be in state,
	// in the attribute where the test allows it.
	if code := stateString(w.stateResources()["cardpay_interapp_registration.i[0]"], "registration_code"); !slices.Contains(codes, code) {
		t.Fatalf("registration_code in state is %q, not one of the codes the sandbox issued %v", code, codes)
	}
	stateFile, err := os.ReadFile(w.path("terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	checkAbsent(t, "the state file", withoutSensitiveCode(t, stateFile), forbidden)
	for i, plan := range plans {
		checkAbsent(t, fmt.Sprintf("plan %d (terraform show -json)", i+1), withoutSensitiveCode(t, []byte(plan)), forbidden)
	}
	log, err := os.ReadFile(w.path("terraform.log"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), "cardpay API response body") {
		t.Fatal("the log holds no TRACE body lines of the provider: the test would prove nothing")
	}
	checkAbsent(t, "the TRACE log", string(log), forbidden)
}

// withoutSensitiveCode returns a JSON document without the values of the
// sensitive attributes that carry a code, secret or nonce by design
// (registration_code, registration_link, whose URL holds the code, a
// webhook's secret and an order's nonce), so a search finds only what is
// outside them.
func withoutSensitiveCode(t *testing.T, doc []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	out, err := json.Marshal(dropKeys(v, "registration_code", "registration_link", "secret", "nonce"))
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func dropKeys(v any, keys ...string) any {
	switch t := v.(type) {
	case map[string]any:
		for _, k := range keys {
			delete(t, k)
		}
		for k, child := range t {
			t[k] = dropKeys(child, keys...)
		}
	case []any:
		for i, child := range t {
			t[i] = dropKeys(child, keys...)
		}
	}
	return v
}

func checkAbsent(t *testing.T, where, text string, forbidden []string) {
	t.Helper()
	for _, s := range forbidden {
		if i := strings.Index(text, s); i >= 0 {
			t.Errorf("%s contains %q: …%s…", where, s, text[max(i-200, 0):min(i+len(s)+50, len(text))])
		}
	}
}

// A service that echoes the request headers in its error body must not
// bring the credentials into the diagnostics or the log.
func TestAccSecrets_echoedHeaders(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	sb.InjectFault(sandbox.Fault{Route: sandbox.RouteCreateOrder, Status: 400, EchoHeaders: true})
	sb.InjectFault(sandbox.Fault{Route: sandbox.RouteCreateConsent, Status: 401, EchoHeaders: true})
	w := newCLIWorkdir(t, env, testOrder{1001, 1000, "SEK", "echo", ""}.config()+consentBase)
	w.env = append(w.env, "TF_LOG=TRACE", "TF_LOG_PATH="+w.path("terraform.log"))

	out, err := w.tryRun("apply", "-auto-approve", "-input=false", "-no-color")
	if err == nil {
		t.Fatalf("the apply succeeded despite the faults:\n%s", out)
	}
	for _, want := range []string{"HTTP 400", "HTTP 401", "request headers"} {
		if !strings.Contains(out, want) {
			t.Errorf("the diagnostics do not show %q, so the echo did not reach them:\n%s", want, out)
		}
	}
	secrets := append([]string{env.ClientSecret}, sb.IssuedTokens()...)
	if len(secrets) < 2 {
		t.Fatal("the consent's create got no data-API token to echo")
	}
	checkAbsent(t, "the diagnostics", out, secrets)
	log, err := os.ReadFile(w.path("terraform.log"))
	if err != nil {
		t.Fatal(err)
	}
	checkAbsent(t, "the TRACE log", string(log), secrets)
}
