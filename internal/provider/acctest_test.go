// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/go-version"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/echoprovider"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/contract"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
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
	w := waits{
		onboardingPoll: 50 * time.Millisecond, onboardingPollMax: 200 * time.Millisecond,
		pairingPoll: 50 * time.Millisecond, pairingProgress: 200 * time.Millisecond, codeValidity: codeValidity,
	}
	return map[string]func() (tfprotov6.ProviderServer, error){
		"cardpay": providerserver.NewProtocol6WithError(newWithWaits("test", w)()),
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
	// Sandbox is nil when the tests target a real API.
	Sandbox *sandbox.Server
}

// newTestEnv starts a fresh sandbox, or describes the real API named by
// CARDPAY_BASE_URL.
func newTestEnv(t *testing.T) *testEnv {
	t.Helper()
	if baseURL := os.Getenv(envBaseURL); baseURL != "" {
		return realTestEnv(t, baseURL)
	}
	srv := sandbox.New(sandbox.Config{})
	// Every exchange between provider and sandbox is checked against the
	// contract; the server closes before the check reports (Cleanup order).
	checked := contract.NewHandler(t, srv)
	ts := httptest.NewServer(checked)
	t.Cleanup(ts.Close)
	return &testEnv{
		BaseURL:      ts.URL,
		ClientID:     sandbox.DemoPartnerClientID,
		ClientSecret: sandbox.DemoPartnerClientSecret,
		MerchantID:   1001,
		Sandbox:      srv,
	}
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

// providerConfig renders the provider block followed by the given
// configuration. Retries are kept short so failure tests stay fast.
func (e *testEnv) providerConfig(config ...string) string {
	return e.providerConfigWith(e.ClientSecret, shortRetries, config...)
}

const shortRetries = "max_retries = 1"

// providerConfigWith renders the provider block with the given client
// secret and extra argument lines (retries, timeouts).
func (e *testEnv) providerConfigWith(secret, extra string, config ...string) string {
	block := providerBlock("cardpay",
		hclArg("base_url", e.BaseURL),
		optionalArg("ais_base_url", e.AISBaseURL),
		optionalArg("partner_auth", e.PartnerAuth),
		hclArg("partner_client_id", e.ClientID),
		hclArg("partner_client_secret", secret),
		optionalArg("access_token", e.AccessToken),
		extra)
	return block + strings.Join(config, "\n")
}

// partnerTestClient is a client with the test's partner credentials, for
// tests that change the service behind Terraform's back the way another
// tool would.
func partnerTestClient(t *testing.T, e *testEnv) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{BaseURL: e.BaseURL, PartnerClientID: e.ClientID, PartnerClientSecret: e.ClientSecret, AccessToken: e.AccessToken})
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

// openTofuWithoutEphemeralOpen is the first OpenTofu release that leaves
// ephemeral resources out of the plan (opentofu/opentofu#3897).
var openTofuWithoutEphemeralOpen = version.Must(version.NewVersion("1.12.0"))

// skipIfPlanOpensEphemeral skips a test whose applied configuration holds an
// ephemeral resource when the CLI is OpenTofu before 1.12. Such an OpenTofu
// lists every ephemeral resource in the plan JSON's resource_changes with
// the action "open", even when it prints "No changes", and
// terraform-plugin-testing's post-apply empty-plan check counts every
// action but "no-op" as a change. The provider cannot avoid it.
func skipIfPlanOpensEphemeral(t *testing.T) {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		return // resource.Test skips the test without running any CLI
	}
	cli, err := testCLI()
	if err != nil {
		t.Fatal(err)
	}
	v, err := version.NewVersion(cli.Version)
	if err != nil {
		t.Fatalf("%s: %v", cli, err)
	}
	if cli.OpenTofu() && v.LessThan(openTofuWithoutEphemeralOpen) {
		t.Skipf("%s lists each ephemeral resource in the plan JSON's resource_changes with the action \"open\" "+
			"(fixed in OpenTofu 1.12), and terraform-plugin-testing's empty-plan check after apply "+
			"(planIsEmpty) takes every action but \"no-op\" for a change, so it fails this test although "+
			"OpenTofu plans no changes", cli)
	}
}

// actionVersionChecks gate the tests of actions the way the framework's
// testing guide does: actions need Terraform 1.14 or later.
var actionVersionChecks = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)}

// skipWithoutActions skips a test of an action when the CLI has none. The
// version check alone would let an OpenTofu numbered 1.14 or later through,
// and it does not cover the tests that run the CLI themselves.
func skipWithoutActions(t *testing.T) {
	t.Helper()
	skipUnlessCLI(t, tfcli.CLI.Actions, "has no provider actions (action blocks, action_trigger, apply -invoke): "+
		"they need Terraform 1.14 or later, and OpenTofu has none")
}

// skipWithoutQuery skips a test of list resources when the CLI cannot run
// them, for the same reasons.
func skipWithoutQuery(t *testing.T) {
	t.Helper()
	skipUnlessCLI(t, tfcli.CLI.Queries, "has no list resources (terraform query): they need Terraform 1.14 "+
		"or later, and OpenTofu has none")
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

// actionTrigger is a terraform_data resource that invokes the actions once,
// after it is created: the framework's recommended way to test an action.
func actionTrigger(actions ...string) string {
	return resourceBlock("terraform_data", "trigger", `input = "once"`,
		hclBlock("lifecycle", hclBlock("action_trigger",
			"events = [after_create]",
			"actions = ["+strings.Join(actions, ", ")+"]")))
}

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

// stateCheckFunc adapts a function of the state to statecheck.StateCheck:
// the one adapter the tests' own state checks are built on. Checks of the
// sandbox alone ignore the state.
type stateCheckFunc func(state *tfjson.State) error

func (f stateCheckFunc) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	resp.Error = f(req.State)
}

// stateResources returns the resources of the state's root module.
func stateResources(state *tfjson.State) ([]*tfjson.StateResource, error) {
	if state == nil || state.Values == nil || state.Values.RootModule == nil {
		return nil, errors.New("state is empty")
	}
	return state.Values.RootModule.Resources, nil
}

// stateAttrs returns the attribute values of the resource at addr.
func stateAttrs(state *tfjson.State, addr string) (map[string]any, error) {
	resources, err := stateResources(state)
	if err != nil {
		return nil, err
	}
	for _, r := range resources {
		if r.Address == addr {
			return r.AttributeValues, nil
		}
	}
	return nil, fmt.Errorf("%s is not in state", addr)
}

// resourceAttrs hands the state attributes of the resource at addr to
// check, so tests can compare them with the sandbox's own records.
func resourceAttrs(addr string, check func(attrs map[string]any) error) statecheck.StateCheck {
	return stateCheckFunc(func(state *tfjson.State) error {
		attrs, err := stateAttrs(state, addr)
		if err != nil {
			return err
		}
		return check(attrs)
	})
}

// stateHoldsOnly checks that the state holds exactly the resources at
// addrs, in any order: an action or an ephemeral resource leaves nothing of
// its own in it.
func stateHoldsOnly(addrs ...string) statecheck.StateCheck {
	want := slices.Sorted(slices.Values(addrs))
	return stateCheckFunc(func(state *tfjson.State) error {
		resources, err := stateResources(state)
		if err != nil {
			return fmt.Errorf("%w, want %q", err, want)
		}
		got := make([]string, 0, len(resources))
		for _, r := range resources {
			got = append(got, r.Address)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			return fmt.Errorf("state holds %q, want exactly %q", got, want)
		}
		return nil
	})
}

// stateString returns a string attribute of state, "" when null.
func stateString(attrs map[string]any, name string) string {
	s, _ := attrs[name].(string)
	return s
}

// wrappedErrorPattern matches an error text across the line breaks that
// terraform inserts when it wraps diagnostic details: every space of pattern
// matches any run of white space.
func wrappedErrorPattern(pattern string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)` + strings.ReplaceAll(pattern, " ", `\s+`))
}

// newestOf checks that the sandbox holds total objects of a kind and
// returns the newest, the last one.
func newestOf[T any](kind string, objects []T, total int) (T, error) {
	if len(objects) != total || total == 0 {
		var zero T
		return zero, fmt.Errorf("sandbox holds %d %s, want %d", len(objects), kind, total)
	}
	return objects[total-1], nil
}

// onlyOneWithID checks that the sandbox holds total objects of a kind and
// exactly one whose ID is id, and returns that one.
func onlyOneWithID[T any](kind string, objects []T, total int, id string, idOf func(T) string) (T, error) {
	var zero T
	if len(objects) != total {
		return zero, fmt.Errorf("sandbox holds %d %s, want %d", len(objects), kind, total)
	}
	var found []T
	for _, o := range objects {
		if idOf(o) == id {
			found = append(found, o)
		}
	}
	if len(found) != 1 {
		return zero, fmt.Errorf("sandbox holds %d %s with ID %q, want 1", len(found), kind, id)
	}
	return found[0], nil
}

// Test configurations share one small HCL vocabulary. A block's body is a
// list of lines: arguments, rendered by hclArg from Go values or written
// out as HCL (`name = "Pop-up"`, `merchant_id = cardpay_store.test.merchant_id`),
// and nested blocks rendered by hclBlock. Empty lines are left out, so a
// helper can pass optionalArg's "" for an argument it leaves unset.

// hclExpr is an HCL expression that hclArg writes out as it is: a
// reference, a function call or an object.
type hclExpr string

// hclLiteral is what hclArg renders: strings quoted, whole numbers and
// bools as they are, string lists as tuples of quoted strings, and hclExpr
// verbatim.
type hclLiteral interface {
	string | hclExpr | int | int64 | bool | []string
}

// hclArg renders the argument line key = value.
func hclArg[T hclLiteral](key string, value T) string {
	switch v := any(value).(type) {
	case string:
		return key + " = " + strconv.Quote(v)
	case []string:
		quoted := make([]string, len(v))
		for i, s := range v {
			quoted[i] = strconv.Quote(s)
		}
		return key + " = [" + strings.Join(quoted, ", ") + "]"
	default:
		return fmt.Sprintf("%s = %v", key, v)
	}
}

// optionalArg renders key = value, or nothing when value is empty.
func optionalArg(key, value string) string {
	if value == "" {
		return ""
	}
	return hclArg(key, value)
}

// merchantArgs renders merchant_id followed by the other argument lines,
// the body of most of the provider's blocks.
func merchantArgs[T int | int64](merchantID T, args ...string) []string {
	return append([]string{hclArg("merchant_id", int64(merchantID))}, args...)
}

// hclBlock renders a block: its header (the block type and any quoted
// labels), then every non-empty body line indented by two spaces. A body
// line may span several lines, such as a nested block.
func hclBlock(header string, body ...string) string {
	var b strings.Builder
	for _, item := range body {
		if item = strings.Trim(item, "\n"); item != "" {
			b.WriteString("  " + strings.ReplaceAll(item, "\n", "\n  ") + "\n")
		}
	}
	if b.Len() == 0 {
		return header + " {}"
	}
	return header + " {\n" + b.String() + "}"
}

// topBlock renders a top-level block of kind with a type and a name, on
// lines of its own so that blocks concatenate.
func topBlock(kind, typ, name string, body []string) string {
	return "\n" + hclBlock(fmt.Sprintf("%s %q %q", kind, typ, name), body...) + "\n"
}

func resourceBlock(typ, name string, body ...string) string {
	return topBlock("resource", typ, name, body)
}
func dataBlock(typ, name string, body ...string) string { return topBlock("data", typ, name, body) }
func ephemeralBlock(typ, name string, body ...string) string {
	return topBlock("ephemeral", typ, name, body)
}

// actionBlock renders an action whose config block holds the arguments.
func actionBlock(typ, name string, config ...string) string {
	return topBlock("action", typ, name, []string{hclBlock("config", config...)})
}

// listBlock renders a list block of terraform query, served by this
// provider.
func listBlock(typ, name string, body ...string) string {
	return topBlock("list", typ, name, append([]string{"provider = cardpay"}, body...))
}

// providerBlock renders the configuration block of provider name.
func providerBlock(name string, body ...string) string {
	return "\n" + hclBlock(fmt.Sprintf("provider %q", name), body...) + "\n"
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
	return providerBlock("echo", hclArg("data", hclExpr(addr))) + resourceBlock("echo", "test")
}

// The HCL vocabulary quotes what it must and nests blocks with terraform
// fmt's indentation.
func TestHCLVocabulary(t *testing.T) {
	got := resourceBlock("cardpay_store", "test",
		hclArg("merchant_id", int64(1001)),
		hclArg("name", `Harbour "Nord" ${x}`),
		optionalArg("store_id", ""),
		hclArg("events", []string{"a", "b"}),
		hclArg("enabled", true),
		hclArg("data", hclExpr("ephemeral.x.test")),
		hclBlock("timeouts", `create = "1m"`)) + resourceBlock("echo", "test")
	want := `
resource "cardpay_store" "test" {
  merchant_id = 1001
  name = "Harbour \"Nord\" ${x}"
  events = ["a", "b"]
  enabled = true
  data = ephemeral.x.test
  timeouts {
    create = "1m"
  }
}

resource "echo" "test" {}
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
