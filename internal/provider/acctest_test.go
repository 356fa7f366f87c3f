// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/echoprovider"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
)

// Acceptance tests run the real terraform binary against a sandbox started
// per test on 127.0.0.1, so tests can run in parallel. Setting
// CARDPAY_BASE_URL (with the credentials and CARDPAY_TEST_MERCHANT_ID)
// points the same tests at a real API instead; tests that need the
// sandbox's admin surface are then skipped.

// testProviderFactories serves the provider in-process over protocol 6.
var testProviderFactories = map[string]func() (tfprotov6.ProviderServer, error){
	"cardpay": providerserver.NewProtocol6WithError(New("test")()),
}

// fastWaitFactories serve a provider that polls every few milliseconds,
// so tests of waits take seconds, and whose in-app codes are valid for
// codeValidity.
func fastWaitFactories(codeValidity time.Duration) map[string]func() (tfprotov6.ProviderServer, error) {
	p := pollIntervals{
		onboarding: 50 * time.Millisecond, onboardingMax: 200 * time.Millisecond,
		pairing: 50 * time.Millisecond, pairingProgress: 200 * time.Millisecond, codeValidity: codeValidity,
	}
	return map[string]func() (tfprotov6.ProviderServer, error){
		"cardpay": providerserver.NewProtocol6WithError(newWithPollIntervals("test", p)()),
	}
}

// whenSandbox plays the world outside Terraform while an apply waits: once
// the sandbox's state satisfies ready, it runs act once. It gives up
// quietly when the test ends first.
func whenSandbox(t *testing.T, sb *sandbox.Server, ready func(sandbox.State) bool, act func() error) {
	t.Helper()
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			if ready(sb.Snapshot()) {
				if err := act(); err != nil {
					t.Errorf("acting on the sandbox: %v", err)
				}
				return
			}
		}
	}()
	t.Cleanup(func() { close(stop); <-done })
}

// testEnv is the API one test runs against.
type testEnv struct {
	BaseURL string
	// AISBaseURL and PartnerAuth are set only against a real API whose
	// environment sets them.
	AISBaseURL   string
	PartnerAuth  string
	ClientID     string
	ClientSecret string
	// AccessToken is empty unless a test sets it: the provider then asks
	// the data API for tokens with the partner credentials, as a user of
	// the service does.
	AccessToken string
	// MerchantID is a merchant the partner credentials may manage.
	MerchantID int64
	// CACertFile is the CA of a sandbox serving TLS (sandboxtest.TLS).
	CACertFile string
	// Sandbox is nil when the tests target a real API.
	Sandbox *sandbox.Server
	// ProviderArgs are further lines of the provider block, such as
	// request_timeout; shortRetries unless a test changes them.
	ProviderArgs string
}

// newTestEnv starts a fresh sandbox, or describes the real API named by
// CARDPAY_BASE_URL.
func newTestEnv(t *testing.T) *testEnv {
	t.Helper()
	if baseURL := os.Getenv(envBaseURL); baseURL != "" {
		return realTestEnv(t, baseURL)
	}
	return sandboxTestEnv(sandboxtest.Start(t))
}

// sandboxTestEnv points a test at sb as the demo partner, acting for
// merchant 1001.
func sandboxTestEnv(sb *sandboxtest.Sandbox) *testEnv {
	env := &testEnv{
		BaseURL:      sb.URL,
		ClientID:     sb.ClientID,
		ClientSecret: sb.ClientSecret,
		MerchantID:   1001,
		CACertFile:   sb.CACertFile,
		Sandbox:      sb.Server,
		ProviderArgs: shortRetries,
	}
	if sb.DataURL != sb.URL {
		env.AISBaseURL = sb.DataURL
	}
	return env
}

func realTestEnv(t *testing.T, baseURL string) *testEnv {
	t.Helper()
	merchant, err := strconv.ParseInt(os.Getenv("CARDPAY_TEST_MERCHANT_ID"), 10, 64)
	if err != nil {
		t.Fatalf("%s is set, so the tests target a real API; also set CARDPAY_TEST_MERCHANT_ID to a merchant "+
			"these credentials may manage: %v", envBaseURL, err)
	}
	return &testEnv{
		BaseURL:      baseURL,
		AISBaseURL:   os.Getenv(envAISBaseURL),
		PartnerAuth:  os.Getenv(envPartnerAuth),
		ClientID:     os.Getenv(envPartnerClientID),
		ClientSecret: os.Getenv(envPartnerClientSecret),
		AccessToken:  os.Getenv(envAccessToken),
		MerchantID:   merchant,
		ProviderArgs: shortRetries,
	}
}

// requireSandbox returns the sandbox or skips a test that needs its admin
// surface when the tests target a real API.
func (e *testEnv) requireSandbox(t *testing.T) *sandbox.Server {
	t.Helper()
	if e.Sandbox == nil {
		t.Skipf("needs the cardpay-sandbox admin surface, and %s points at a real API", envBaseURL)
	}
	return e.Sandbox
}

// newSandboxTestEnv is newTestEnv for a test that changes or inspects the
// service through the sandbox's admin surface; it skips where
// CARDPAY_BASE_URL points at a real API.
func newSandboxTestEnv(t *testing.T) (*testEnv, *sandbox.Server) {
	t.Helper()
	env := newTestEnv(t)
	return env, env.requireSandbox(t)
}

// shortRetries keeps tests of failures fast.
const shortRetries = "max_retries = 1"

// providerConfig is the provider block of the environment followed by the
// configuration: the one helper for the provider block, whose settings
// depend on where the test runs. An empty optional setting is null, as if
// left out.
func (e *testEnv) providerConfig(config ...string) string {
	return fmt.Sprintf(`
provider "cardpay" {
  base_url              = %q
  ais_base_url          = %s
  partner_auth          = %s
  partner_client_id     = %s
  partner_client_secret = %s
  access_token          = %s
  ca_cert_file          = %s
  %s
}
`, e.BaseURL, hclOptional(e.AISBaseURL), hclOptional(e.PartnerAuth), hclOptional(e.ClientID), hclOptional(e.ClientSecret), hclOptional(e.AccessToken),
		hclOptional(e.CACertFile),
		strings.ReplaceAll(e.ProviderArgs, "\n", "\n  ")) + strings.Join(config, "\n")
}

// hclOptional writes an optional string argument's value: quoted, or null
// (as if left out) when empty.
func hclOptional(s string) string {
	if s == "" {
		return "null"
	}
	return strconv.Quote(s)
}

// hclStrings writes a list of strings, ["a", "b"].
func hclStrings(values []string) string {
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = strconv.Quote(v)
	}
	return "[" + strings.Join(quoted, ", ") + "]"
}

// partnerTestClient is a client with the test's partner credentials, for
// tests that change the service behind Terraform's back the way another
// tool would. It reaches the service as the provider under test does: the
// same hosts and, against a real API, the same partner authentication
// (CARDPAY_PARTNER_AUTH).
func partnerTestClient(t *testing.T, e *testEnv) *client.Client {
	t.Helper()
	auth := client.PartnerAuthHeaders
	if e.PartnerAuth != "" {
		var err error
		if auth, err = client.ParsePartnerAuth(e.PartnerAuth); err != nil {
			t.Fatal(err)
		}
	}
	c, err := client.New(client.Config{BaseURL: e.BaseURL, AISBaseURL: e.AISBaseURL, PartnerAuth: auth,
		PartnerClientID: e.ClientID, PartnerClientSecret: e.ClientSecret, AccessToken: e.AccessToken, CACertFile: e.CACertFile})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// testAccPreCheck is the conventional pre-check hook of acceptance tests.
func testAccPreCheck(t *testing.T) {
	t.Helper()
	if _, err := testProviderFactories["cardpay"](); err != nil {
		t.Fatalf("provider server: %v", err)
	}
}

// testCLI is the CLI the acceptance tests run (TF_ACC_TERRAFORM_PATH),
// identified once per test binary.
var testCLI = sync.OnceValues(func() (tfcli.CLI, error) {
	return tfcli.Identify(context.Background())
})

// skipIfPlanOpensEphemeral skips a test whose applied configuration holds an
// ephemeral resource when the CLI is OpenTofu before 1.12. Such an OpenTofu
// lists every ephemeral resource in the plan JSON's resource_changes with
// the action "open", even when it prints "No changes", and
// terraform-plugin-testing's post-apply empty-plan check counts every
// action but "no-op" as a change. The provider cannot avoid it.
func skipIfPlanOpensEphemeral(t *testing.T) {
	t.Helper()
	skipUnlessCLI(t, func(cli tfcli.CLI) bool { return !cli.PlanOpensEphemeral() },
		"lists each ephemeral resource in the plan JSON's resource_changes with the action \"open\" "+
			"(fixed in OpenTofu 1.12), and terraform-plugin-testing's empty-plan check after apply "+
			"(planIsEmpty) takes every action but \"no-op\" for a change, so it fails this test although "+
			"OpenTofu plans no changes")
}

// skipWithoutIdentities skips a test of resource identity (import blocks
// with identity, identities in state) when the CLI has none. Unlike the
// version check tfversion.SkipBelow(tfversion.Version1_12_0), which compares
// the number only, it names the product and covers the tests that run the
// CLI themselves.
func skipWithoutIdentities(t *testing.T) {
	t.Helper()
	skipUnlessCLI(t, tfcli.CLI.Identities, "has no resource identity (import blocks with identity): "+
		"it needs Terraform or OpenTofu 1.12 or later")
}

// actionVersionChecks gate the tests of actions the way the framework's
// testing guide does: actions need Terraform 1.14 or later.
var actionVersionChecks = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)}

// queryVersionChecks gate the tests of list resources likewise: terraform
// query needs Terraform 1.14 or later.
var queryVersionChecks = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)}

// ephemeralVersionChecks gate the tests of ephemeral resources: they need
// Terraform 1.10 or later.
var ephemeralVersionChecks = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_10_0)}

// accTest runs steps, in parallel with other tests, against the provider
// served in-process.
func accTest(t *testing.T, steps ...resource.TestStep) {
	t.Helper()
	destroyCheckedAccTest(t, nil, steps...)
}

// destroyCheckedAccTest is accTest that, after the destroy of the last
// step, runs checkDestroy (when not nil), which looks at what the destroy
// left at the service.
func destroyCheckedAccTest(t *testing.T, checkDestroy resource.TestCheckFunc, steps ...resource.TestStep) {
	t.Helper()
	resource.ParallelTest(t, resource.TestCase{
		PreCheck:                 func() { testAccPreCheck(t) },
		ProtoV6ProviderFactories: testProviderFactories,
		CheckDestroy:             checkDestroy,
		Steps:                    steps,
	})
}

// fastWaitAccTest runs steps, in parallel, against the provider of
// fastWaitFactories(codeValidity), which polls every few milliseconds.
func fastWaitAccTest(t *testing.T, codeValidity time.Duration, steps ...resource.TestStep) {
	t.Helper()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: fastWaitFactories(codeValidity),
		Steps:                    steps,
	})
}

// actionAccTest runs steps that trigger actions, in parallel, against the
// provider that factories serve, on the CLIs actionVersionChecks allow.
func actionAccTest(t *testing.T, factories map[string]func() (tfprotov6.ProviderServer, error), steps ...resource.TestStep) {
	t.Helper()
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   actionVersionChecks,
		ProtoV6ProviderFactories: factories,
		Steps:                    steps,
	})
}

// queryAccTest runs terraform query steps, in parallel, on the CLIs
// queryVersionChecks allow, after a first step that applies env's provider
// configuration alone, which the query steps run in.
func queryAccTest(t *testing.T, env *testEnv, queries ...resource.TestStep) {
	t.Helper()
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testProviderFactories,
		Steps:                    append([]resource.TestStep{{Config: env.providerConfig()}}, queries...),
	})
}

// ephemeralEchoTest runs steps, in parallel, against the provider beside
// the echo provider (echoFactories, echoConfig), on the CLIs that have
// ephemeral resources.
func ephemeralEchoTest(t *testing.T, steps ...resource.TestStep) {
	t.Helper()
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   ephemeralVersionChecks,
		ProtoV6ProviderFactories: echoFactories(),
		Steps:                    steps,
	})
}

// skipWithoutActions skips a test of an action when the CLI has none. The
// version check alone would let an OpenTofu numbered 1.14 or later through,
// and it does not cover the tests that run the CLI themselves.
func skipWithoutActions(t *testing.T) {
	t.Helper()
	skipUnlessCLI(t, tfcli.CLI.Actions, "has no provider actions (action blocks, action_trigger, apply -invoke): "+
		"they need Terraform 1.14 or later, and OpenTofu has none (1.12 included)")
}

// skipWithoutTriggerModes skips a test of an action_trigger's on_failure
// when the CLI has none.
func skipWithoutTriggerModes(t *testing.T) {
	t.Helper()
	skipUnlessCLI(t, tfcli.CLI.ActionTriggerModes, "has no on_failure (halt, taint, continue) in action_trigger: "+
		"it needs Terraform 1.16 or later, and OpenTofu has no actions")
}

// skipWithoutQuery skips a test of list resources when the CLI cannot run
// them, for the same reasons.
func skipWithoutQuery(t *testing.T) {
	t.Helper()
	skipUnlessCLI(t, tfcli.CLI.Queries, "has no list resources (terraform query): they need Terraform 1.14 "+
		"or later, and OpenTofu has none (1.12 included)")
}

// skipUnlessCLI skips the test, saying why, unless the CLI under test has
// the feature.
func skipUnlessCLI(t *testing.T, has func(tfcli.CLI) bool, lacks string) {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		return // resource.Test and cliProvider skip the test without running any CLI
	}
	cli, err := testCLI()
	if err != nil {
		t.Fatal(err)
	}
	if !has(cli) {
		t.Skipf("%s %s", cli, lacks)
	}
}

// actionTrigger is a terraform_data resource that invokes the action at
// addr once, after it is created: the framework's recommended way to test
// an action. args are further arguments of its action_trigger, such as
// Terraform 1.16's on_failure.
func actionTrigger(addr string, args ...string) string {
	return fmt.Sprintf(`
resource "terraform_data" "trigger" {
  input = "once"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [%s]
      %s
    }
  }
}
`, addr, strings.Join(args, "\n      "))
}

// triggerAddr is the address of the resource of actionTrigger.
const triggerAddr = "terraform_data.trigger"

// protocolServer returns an in-process provider server for tests that talk
// to it over the plugin protocol directly (plan-time diagnostics).
func protocolServer(t *testing.T) tfprotov6.ProviderServer {
	t.Helper()
	srv, err := testProviderFactories["cardpay"]()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{}); err != nil {
		t.Fatal(err)
	}
	return srv
}

// echoFactories serve the provider beside the echo provider, which copies
// an ephemeral result into the state of echo.test for inspection.
func echoFactories() map[string]func() (tfprotov6.ProviderServer, error) {
	return map[string]func() (tfprotov6.ProviderServer, error){
		"cardpay": testProviderFactories["cardpay"],
		"echo":    echoprovider.NewProviderServer(),
	}
}

// echoConfig has the echo provider copy the ephemeral resource at addr
// into echo.test.
func echoConfig(addr string) string {
	return fmt.Sprintf(`
provider "echo" {
  data = %s
}

resource "echo" "test" {}
`, addr)
}

// The tests' own client authenticates as the provider under test does:
// with partner_auth = "oauth2" it trades the credentials for a token first.
func TestPartnerTestClientAuthenticatesAsTheProvider(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	env.PartnerAuth = "oauth2"
	if _, err := partnerTestClient(t, env).GetProfile(t.Context()); err != nil {
		t.Fatal(err)
	}
	if n := sb.RequestCounts()[sandbox.RouteOAuthToken]; n != 1 {
		t.Errorf("the client asked for %d OAuth2 tokens, want 1", n)
	}
}
