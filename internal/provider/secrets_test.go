// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// secretsUse is how TestAccSecrets_neverWritten uses a type: a block named
// after it, applied in the first run, or in the second (afterConsent) once
// the consent of the first is authorized, as the account reads need.
type secretsUse struct {
	config       string
	afterConsent bool
	// except, when set, says why the test cannot use the type.
	except string
}

func (c secretsUse) exception() string { return c.except }
func (c secretsUse) hasCase() bool     { return c.config != "" }

// secretsUses holds every type's use, keyed as Terraform addresses the type
// (cardpay_store, data.cardpay_stores, action.cardpay_test_order...). Each
// type adds its row from its own test file (addRows); TestCoverage fails
// when a type has none.
var secretsUses = map[string]secretsUse{}

// The exceptions of the kinds this test cannot run.
const (
	listsWriteNothing = "terraform query writes neither state nor plan, which this test reads, and needs " +
		"Terraform 1.14, while this test runs on every CLI"
	actionsNeedTerraform114 = "actions need Terraform 1.14, while this test runs on every CLI, and write " +
		"nothing to state or plan (stateHoldsOnly in their tests)"
)

// secretsConfig is the configuration of every type of secretsUses for one
// run: the first, or the second, which adds the account reads.
func secretsConfig(afterConsent bool) string {
	var config strings.Builder
	for _, key := range slices.Sorted(maps.Keys(secretsUses)) {
		if use := secretsUses[key]; use.config != "" && (!use.afterConsent || afterConsent) {
			config.WriteString(use.config)
		}
	}
	return config.String()
}

// With TF_LOG=TRACE, neither the state, nor the plans as terraform show
// -json prints them, nor the log holds the client secret or the access
// token, and registration codes, webhook secrets and order nonces appear
// only in their resources' sensitive attributes.
func TestAccSecrets_neverWritten(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	w := newCLIWorkdir(t, env, secretsConfig(false))
	w.logTrace()

	var plans []string
	planAndApply := func(name string) {
		w.run("plan", "-input=false", "-no-color", "-out="+name)
		plans = append(plans, w.run("show", "-json", "-no-color", name))
		w.run("apply", "-input=false", "-no-color", name)
	}
	planAndApply("create.tfplan")
	if err := sb.AuthorizeConsent(stateString(w.stateResources()["cardpay_ais_consent.c"], "request_id")); err != nil {
		t.Fatal(err)
	}
	w.write("main.tf", cliRequiredProviders+secretsConfig(true))
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
	for _, m := range snap.Merchants {
		if m.OnboardingToken != "" {
			forbidden = append(forbidden, m.OnboardingToken)
		}
	}
	for _, c := range snap.Credentials {
		forbidden = append(forbidden, c.ClientSecret)
	}
	if len(forbidden) < len(codes)+len(tokens)+6 || slices.Contains(forbidden, "") {
		t.Fatalf("the sandbox lacks a webhook secret, order nonce, onboarding token or credential secret to look for: %q", forbidden)
	}

	// Guard against a vacuous pass: the resource's code and the
	// credential's secret must be in state, in the attributes where the test
	// allows them.
	if code := stateString(w.stateResources()["cardpay_interapp_registration.i"], "registration_code"); !slices.Contains(codes, code) {
		t.Fatalf("registration_code in state is %q, not one of the codes the sandbox issued %v", code, codes)
	}
	if secret := stateString(w.stateResources()["cardpay_partner_credential.k"], "client_secret"); !slices.Contains(forbidden, secret) {
		t.Fatalf("client_secret in state is %q, not a secret the sandbox issued", secret)
	}
	stateFile, err := os.ReadFile(w.path("terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	checkAbsent(t, "the state file", withoutSensitiveCode(t, stateFile), forbidden)
	for i, plan := range plans {
		checkAbsent(t, fmt.Sprintf("plan %d (terraform show -json)", i+1), withoutSensitiveCode(t, []byte(plan)), forbidden)
	}
	checkAbsent(t, "the TRACE log", w.providerTraceLog(), forbidden)
}

// withoutSensitiveCode returns a JSON document without the values of the
// sensitive attributes that carry a code, secret or nonce by design
// (registration_code, registration_link, whose URL holds the code, a
// webhook's secret, an order's nonce, a merchant's onboarding_url, whose
// URL holds its token, and a credential's client_secret), so a search
// finds only what is outside them.
func withoutSensitiveCode(t *testing.T, doc []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	out, err := json.Marshal(dropKeys(v, "registration_code", "registration_link", "secret", "nonce", "onboarding_url", "client_secret"))
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
	env, sb := newSandboxTestEnv(t)
	sb.InjectFault(sandbox.Fault{Route: sandbox.RouteCreateOrder, Status: 400, EchoHeaders: true})
	sb.InjectFault(sandbox.Fault{Route: sandbox.RouteCreateConsent, Status: 401, EchoHeaders: true})
	w := newCLIWorkdir(t, env, testOrder{1001, 1000, "SEK", "echo", ""}.config()+consentBase)
	w.logTrace()

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
	checkAbsent(t, "the TRACE log", w.read(traceLog), secrets)
}
