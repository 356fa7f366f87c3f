// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// A large apply survives a service that refuses a third of the requests
// (429 with Retry-After, or 503) and answers the rest slowly: every object
// is created exactly once and the next plan is empty.
func TestAccFaults_transientUnderLoad(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	counts := mixedCounts{Terminals: 14, Orders: 12, Applications: 3, Consents: 8, Interapp: 8, PaymentMethods: 9, Stores: 6}
	for _, merchantID := range []int64{1001, 1002, 1003} {
		rejectedBefore(t, env, sb, merchantID) // so each application is started, once
	}
	if counts.total() < 60 {
		t.Fatalf("the configuration holds %d resources, want at least 60", counts.total())
	}
	w := newCLIWorkdir(t, env, mixedConfig(counts, "load"))
	w.env = append(w.env, envMaxRetries+"=10") // the most allowed: a run of 503s must not exhaust them (429s do not count)

	// Faults are tried in order; a request a fault does not hit falls
	// through to the next. About 15% get 429, 15% get 503, the rest wait.
	sb.InjectFault(sandbox.Fault{Status: 429, RetryAfter: "1", Probability: 0.15})
	sb.InjectFault(sandbox.Fault{Status: 503, Probability: 0.18})
	sb.InjectFault(sandbox.Fault{Latency: 20 * time.Millisecond})

	fixtureApplications := idsOf(sb.Snapshot().Applications, func(x sandbox.Application) string { return x.ApplicationID })
	w.run("apply", "-auto-approve", "-input=false", "-parallelism=10", "-no-color")

	state := w.stateResources()
	snap := sb.Snapshot()
	checkOnePerResource(t, "terminals", state, "cardpay_online_terminal.t", "terminal_id",
		idsOf(snap.Terminals, func(x sandbox.Terminal) string { return x.TerminalID }))
	checkOnePerResource(t, "orders", state, "cardpay_order.o", "order_id",
		idsOf(snap.Orders, func(x sandbox.Order) string { return x.OrderID }))
	checkOnePerResource(t, "applications", state, "cardpay_onboarding_application.a", "application_id",
		slices.DeleteFunc(idsOf(snap.Applications, func(x sandbox.Application) string { return x.ApplicationID }),
			func(id string) bool { return slices.Contains(fixtureApplications, id) }))
	checkOnePerResource(t, "consents", state, "cardpay_ais_consent.c", "request_id",
		idsOf(snap.Consents, func(x sandbox.ConsentRecord) string { return x.RequestID }))
	checkOnePerResource(t, "interapp codes", state, "cardpay_interapp_registration.i", "registration_code",
		idsOf(snap.InterappCodes, func(x sandbox.InterappCode) string { return x.RegistrationCode }))

	creates := requestsTo(sb, sandbox.RouteCreateOnlineTerminal, sandbox.RouteCreateOrder, sandbox.RouteStartOnboarding, sandbox.RouteCreateConsent, sandbox.RouteCreateInterappCode)
	if want := counts.Terminals + counts.Orders + counts.Applications + counts.Consents + counts.Interapp; creates <= want {
		t.Errorf("the sandbox saw %d create requests for %d creates: the faults were not hit, so the test proves nothing", creates, want)
	}

	if out, err := w.tryRun("plan", "-input=false", "-parallelism=10", "-no-color", "-detailed-exitcode"); err != nil {
		t.Errorf("the plan after the apply is not empty (or failed): %v\n%s", err, out)
	}
}

func idsOf[T any](objects []T, id func(T) string) []string {
	ids := make([]string, len(objects))
	for i, o := range objects {
		ids[i] = id(o)
	}
	return ids
}

// checkOnePerResource compares the IDs the sandbox holds with those of the
// resources prefix[0], prefix[1]... in state: one object per resource.
func checkOnePerResource(t *testing.T, kind string, state map[string]map[string]any, prefix, attr string, sandboxIDs []string) {
	t.Helper()
	var stateIDs []string
	for addr, values := range state {
		if strings.HasPrefix(addr, prefix+"[") {
			stateIDs = append(stateIDs, stateString(values, attr))
		}
	}
	slices.Sort(stateIDs)
	slices.Sort(sandboxIDs)
	if !slices.Equal(stateIDs, sandboxIDs) {
		t.Errorf("%s: the sandbox holds %d (%v), state records %d (%v); want one per resource",
			kind, len(sandboxIDs), sandboxIDs, len(stateIDs), stateIDs)
	}
}

// ambiguousCreate is a create whose answer TestAccFaults_ambiguousCreate
// loses after the service made the object (a 502 after apply): route is
// the create's, config makes the object, want is the error (or, when the
// type recovers, the warning), and held counts the objects of the kind in
// the sandbox.
type ambiguousCreate struct {
	route, config, want string
	held                func(sandbox.State) int
	// recovers says the type finds the object (by what the configuration
	// sets, or as the one its list or status read did not show before the
	// request) and records it with a warning, so the apply succeeds.
	recovers bool
	// except, when set, says why the type has no create to lose.
	except string
}

func (c ambiguousCreate) exception() string { return c.except }
func (c ambiguousCreate) hasCase() bool     { return c.config != "" }

// readsOnly is the exception of the types that create nothing.
const readsOnly = "reads only: a lost answer changes nothing at the service, and reads are retried " +
	"like any request (TestAccFaults_transientUnderLoad, TestAccFaults_rateLimitExhausted)"

// ambiguousCreates holds every resource, ephemeral resource and action, keyed
// as Terraform addresses the type (cardpay_store,
// ephemeral.cardpay_online_sdk_token, action.cardpay_test_order...) with a
// variant after a space where a type has several cases. Each type adds its
// rows from its own test file (addRows); TestCoverage fails when a type has
// none. Data sources and list resources have no create to lose (readsOnly).
var ambiguousCreates = map[string]ambiguousCreate{}

// A create that the service applies but answers with 502 is not sent again;
// the error says the object may exist and how to check; once the fault is
// gone, the next apply works. Objects are counted after that apply, before
// the test's destroy: a resource whose Delete deletes removes the second
// one then, one that forgets keeps it, and the lost one stays either way.
func TestAccFaults_ambiguousCreate(t *testing.T) {
	for name, tc := range ambiguousCreates {
		if tc.except != "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			env, sb := newSandboxTestEnv(t)
			fixtures := tc.held(sb.Snapshot())
			held := func() int { return tc.held(sb.Snapshot()) - fixtures }
			sb.InjectFault(sandbox.Fault{Route: tc.route, Status: 502, AfterApply: true, Count: 1})
			if tc.recovers {
				expectRecovered(t, env, tc, held)
				return
			}
			accTest(t,
				resource.TestStep{Config: env.providerConfig(tc.config), ExpectError: wrappedErrorPattern(tc.want)},
				resource.TestStep{
					PreConfig: func() {
						if n := sb.RequestCounts()[tc.route]; n != 1 {
							t.Errorf("the create was sent %d times, want 1: a create with an unknown outcome must not be repeated", n)
						}
						if n := held(); n != 1 {
							t.Errorf("the sandbox holds %d objects after the lost answer, want 1", n)
						}
					},
					Config: env.providerConfig(tc.config),
					Check: func(*terraform.State) error {
						if n := held(); n != 2 {
							return fmt.Errorf("the sandbox holds %d objects after the second apply, want 2: the lost one and the one of the second apply", n)
						}
						return nil
					},
				},
			)
		})
	}
}

// expectRecovered applies a recovering type's configuration through the
// CLI, whose output shows warnings: the apply succeeds with the warning,
// the create was sent once, the lost object is the one recorded, and the
// next plan is empty.
func expectRecovered(t *testing.T, env *testEnv, tc ambiguousCreate, held func() int) {
	t.Helper()
	w := newCLIWorkdir(t, env, tc.config)
	out := strings.Join(strings.Fields(w.run("apply", "-auto-approve", "-input=false", "-no-color")), " ")
	if !regexp.MustCompile(tc.want).MatchString(out) {
		t.Errorf("the apply does not match %q:\n%s", tc.want, out)
	}
	if n := env.Sandbox.RequestCounts()[tc.route]; n != 1 {
		t.Errorf("the create was sent %d times, want 1", n)
	}
	if n := held(); n != 1 {
		t.Errorf("the sandbox holds %d objects, want 1: the one the lost answer made, recorded", n)
	}
	w.expectEmptyPlan("after recovery")
}

// Refusals by the rate limit do not count against max_retries: with none
// allowed, requests refused again and again still go through once the
// service lets them.
func TestAccFaults_refusalsAreNotRetries(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	w := newCLIWorkdir(t, env, paymentMethodConfig(1001, "amex"))
	// No credentials check, so that the only requests are the resource's.
	w.env = append(w.env, envMaxRetries+"=0", envSkipCredentialsCheck+"=true")
	sb.InjectFault(sandbox.Fault{Status: 429, RetryAfter: "1", Count: 3})
	w.run("apply", "-auto-approve", "-input=false", "-no-color")
	if status := w.stateResources()[paymentMethodAddr]["status"]; status != "active" {
		t.Errorf("status in state = %v, want active", status)
	}
	// The activation, whose answer carries the method's entry, after three
	// refusals.
	if sent := total(sb.RequestCounts()); sent != 4 {
		t.Errorf("the sandbox saw %d requests, want 4: the activation that went through after three refused", sent)
	}
}

// When the service asks, with Retry-After, to wait longer than
// max_rate_limit_wait allows, the error says how often and for how long it
// refused, and what to change. A 503 is told apart from a rate limit: its
// error speaks of an unavailable service, not of quotas.
func TestAccFaults_retryAfterOutlastsWait(t *testing.T) {
	for name, tc := range map[string]struct {
		status int
		want   string
	}{
		"rate limit": {429, `rate limited by the service \(HTTP 429 .*refused \d+ times? over \ds\); ` +
			`the service asked to wait 2s more, past the time allowed.*until the time the provider waits for it ran out ` +
			`\(max_rate_limit_wait.*Allow more time with max_rate_limit_wait`},
		"unavailable": {503, `HTTP 503 .*refused \d+ times? over \ds\).*The service was unavailable ` +
			`\(HTTP 503\) and asked the provider to come back later.*Apply again later, or allow more time with ` +
			`max_rate_limit_wait`},
	} {
		t.Run(name, func(t *testing.T) {
			env, sb := newSandboxTestEnv(t)
			sb.InjectFault(sandbox.Fault{Route: sandbox.RouteListPaymentMethods, Status: tc.status, RetryAfter: "2"})
			env.ProviderArgs = `max_rate_limit_wait = "3s"`
			accTest(t, resource.TestStep{
				Config:      env.providerConfig(paymentMethodsConfig(1001)),
				ExpectError: wrappedErrorPattern(tc.want),
			})
		})
	}
}

// A service slower than request_timeout fails with an error naming the
// setting.
func TestAccFaults_requestTimeout(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	sb.InjectFault(sandbox.Fault{Route: sandbox.RouteListPaymentMethods, Latency: 5 * time.Second})
	env.ProviderArgs = "request_timeout = \"1s\"\nmax_retries = 0"
	accTest(t, resource.TestStep{
		Config: env.providerConfig(paymentMethodsConfig(1001)),
		ExpectError: wrappedErrorPattern(`request timed out after 1s.*did not answer within the provider's ` +
			`request_timeout. Raise request_timeout`),
	})
}

// An interrupted apply (Ctrl-C) stops while a request is still waiting
// for its answer, instead of waiting for the service.
func TestAccFaults_interruptedApply(t *testing.T) {
	const answerDelay = 50 * time.Second
	env, sb := newSandboxTestEnv(t)
	sb.InjectFault(sandbox.Fault{Route: sandbox.RouteCreateOrder, Latency: answerDelay})
	w := newCLIWorkdir(t, env, testOrder{1001, 1000, "SEK", "interrupted", ""}.config())

	var out bytes.Buffer
	cmd := w.provider.Command(t.Context(), w.dir, w.env, "apply", "-auto-approve", "-input=false", "-no-color")
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 60*time.Second, func() bool { return requestsTo(sb, sandbox.RouteCreateOrder) == 1 })
	interrupted := time.Now()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	stopped := time.Since(interrupted)
	if err == nil {
		t.Fatalf("the interrupted apply succeeded:\n%s", out.String())
	}
	if stopped >= answerDelay/2 {
		t.Errorf("the apply took %s to stop after the interrupt: it waited for the service (%s) instead of cancelling\n%s",
			stopped.Round(time.Second), answerDelay, out.String())
	}
	if !strings.Contains(out.String(), "context canceled") {
		t.Errorf("the output does not say the request was cancelled:\n%s", out.String())
	}

	sb.ClearFaults()
	w.run("apply", "-auto-approve", "-input=false", "-no-color")
	if n := len(sb.Snapshot().Orders); n != 1 {
		t.Errorf("the sandbox holds %d orders after the interrupted and the second apply, want 1", n)
	}
}

// waitFor polls cond until it holds or limit passes.
func waitFor(t *testing.T, limit time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("condition not met within %s", limit)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
