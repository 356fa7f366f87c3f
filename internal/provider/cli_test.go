// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
)

// Some tests drive the terraform CLI directly, with the provider as its own
// process: they need CLI flags (-parallelism), TF_LOG files, plan files or
// signals, which terraform-plugin-testing does not expose.

var cliBuild struct {
	once     sync.Once
	dir      string
	provider *tfcli.Provider
	err      error
}

func TestMain(m *testing.M) {
	if hook, serve := benchHookFrom(os.LookupEnv); serve {
		os.Exit(hook.serve()) // the bench's provider (bench_hook_test.go), not a test run
	}
	// OpenTofu 1.12 prints a warning about a missing CLI configuration
	// file on stdout, where terraform-plugin-testing reads JSON.
	if _, err := tfcli.ReplaceMissingCLIConfig(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	if cliBuild.dir != "" {
		_ = os.RemoveAll(cliBuild.dir)
	}
	os.Exit(code)
}

// cliProvider builds the provider binary once per test run.
func cliProvider(t *testing.T) *tfcli.Provider {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("runs the terraform CLI; set TF_ACC=1 (make test does)")
	}
	cliBuild.once.Do(func() {
		// Shared by every test of the run, so not t.TempDir(); TestMain removes it.
		cliBuild.dir, cliBuild.err = os.MkdirTemp("", "cardpay-provider-") //nolint:usetesting
		if cliBuild.err == nil {
			cliBuild.provider, cliBuild.err = tfcli.Build(context.Background(), cliBuild.dir)
		}
	})
	if cliBuild.err != nil {
		t.Fatal(cliBuild.err)
	}
	return cliBuild.provider
}

// cliWorkdir is one terraform working directory whose provider credentials
// come from the environment, as the docs recommend.
type cliWorkdir struct {
	t        *testing.T
	provider *tfcli.Provider
	dir      string
	env      []string
}

// newCLIWorkdir writes config (without a provider block) into a fresh
// directory and points the provider at the sandbox env runs.
func newCLIWorkdir(t *testing.T, env *testEnv, config string) *cliWorkdir {
	t.Helper()
	w := &cliWorkdir{t: t, provider: cliProvider(t), dir: t.TempDir(), env: []string{
		envBaseURL + "=" + env.BaseURL,
		envPartnerClientID + "=" + env.ClientID,
		envPartnerClientSecret + "=" + env.ClientSecret,
		envAccessToken + "=" + env.AccessToken,
	}}
	w.write("main.tf", cliRequiredProviders+config)
	return w
}

const cliRequiredProviders = `terraform {
  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}

`

func (w *cliWorkdir) write(name, content string) {
	w.t.Helper()
	if err := os.WriteFile(filepath.Join(w.dir, name), []byte(content), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

func (w *cliWorkdir) path(name string) string { return filepath.Join(w.dir, name) }

// run runs terraform and fails the test if it fails.
func (w *cliWorkdir) run(args ...string) string {
	w.t.Helper()
	out, err := w.provider.Run(w.t.Context(), w.dir, w.env, args...)
	if err != nil {
		w.t.Fatal(err)
	}
	return out
}

// read returns the content of a file of the working directory.
func (w *cliWorkdir) read(name string) string {
	w.t.Helper()
	content, err := os.ReadFile(w.path(name))
	if err != nil {
		w.t.Fatal(err)
	}
	return string(content)
}

// traceLog is the file where the runs after logTrace log.
const traceLog = "terraform.log"

// logTrace has terraform and the provider log at TRACE level into traceLog
// in the runs from now on.
func (w *cliWorkdir) logTrace() {
	w.env = append(w.env, "TF_LOG=TRACE", "TF_LOG_PATH="+w.path(traceLog))
}

// providerTraceLog returns traceLog, and fails the test when it holds no
// TRACE body lines of the provider: a search of it would prove nothing.
func (w *cliWorkdir) providerTraceLog() string {
	w.t.Helper()
	log := w.read(traceLog)
	if !strings.Contains(log, "cardpay API response body") {
		w.t.Fatal("the log holds no TRACE body lines of the provider: the test would prove nothing")
	}
	return log
}

// planChanges plans and returns the plan's resource changes by address.
func (w *cliWorkdir) planChanges() map[string]tfcli.ResourceChange {
	w.t.Helper()
	w.run("plan", "-no-color", "-out=changes.tfplan")
	changes, err := tfcli.ResourceChanges(w.run("show", "-json", "-no-color", "changes.tfplan"))
	if err != nil {
		w.t.Fatal(err)
	}
	return changes
}

// tryRun runs terraform and returns its output and error.
func (w *cliWorkdir) tryRun(args ...string) (string, error) {
	return w.provider.Run(w.t.Context(), w.dir, w.env, args...)
}

// shownResource is a resource of the state as terraform show -json
// reports it.
type shownResource struct {
	Address string         `json:"address"`
	Values  map[string]any `json:"values"`
	Tainted bool           `json:"tainted"`
}

// shownState returns the resources of the state's root module.
func (w *cliWorkdir) shownState() []shownResource {
	w.t.Helper()
	var show struct {
		Values struct {
			RootModule struct {
				Resources []shownResource `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(w.run("show", "-json", "-no-color")), &show); err != nil {
		w.t.Fatalf("terraform show -json: %v", err)
	}
	return show.Values.RootModule.Resources
}

// stateResources returns the resources of the state, address to attribute
// values.
func (w *cliWorkdir) stateResources() map[string]map[string]any {
	w.t.Helper()
	resources := map[string]map[string]any{}
	for _, r := range w.shownState() {
		resources[r.Address] = r.Values
	}
	return resources
}

// tainted reports whether the state marks the resource at addr tainted;
// the test fails when addr is not in state.
func (w *cliWorkdir) tainted(addr string) bool {
	w.t.Helper()
	for _, r := range w.shownState() {
		if r.Address == addr {
			return r.Tainted
		}
	}
	w.t.Fatalf("%s is not in state", addr)
	return false
}

// requestsTo sums the sandbox's request counts of the given routes.
func requestsTo(sb *sandbox.Server, routes ...string) int {
	counts := sb.RequestCounts()
	n := 0
	for _, r := range routes {
		n += counts[r]
	}
	return n
}

// flat is CLI output on one line: the borders terraform draws around a
// diagnostic are dropped and every run of white space is one space, so a
// pattern matches text that terraform wrapped.
func flat(out string) string {
	words := slices.DeleteFunc(strings.Fields(out), func(w string) bool { return w == "│" || w == "╷" || w == "╵" })
	return strings.Join(words, " ")
}

// expectOutput checks that a CLI run succeeded or failed as wanted and
// that its output (flat) matches every pattern.
func expectOutput(t *testing.T, run, out string, err error, succeed bool, patterns ...string) {
	t.Helper()
	if succeed != (err == nil) {
		t.Errorf("%s: error %v, want success %v", run, err, succeed)
	}
	for _, p := range patterns {
		if !regexp.MustCompile(p).MatchString(out) {
			t.Errorf("%s does not match %q:\n%s", run, p, out)
		}
	}
}

// expectEmptyPlan fails the test when a plan would change anything; after
// says when, such as "after recovery".
func (w *cliWorkdir) expectEmptyPlan(after string) {
	w.t.Helper()
	if out, err := w.tryRun("plan", "-detailed-exitcode", "-input=false", "-no-color"); err != nil {
		w.t.Errorf("the plan %s is not empty: %v\n%s", after, err, out)
	}
}
