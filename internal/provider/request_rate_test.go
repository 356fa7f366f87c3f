// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

func TestResolveMaxRequestsPerSecond(t *testing.T) {
	withRate := func(v types.Float64) map[string]attr.Value {
		return map[string]attr.Value{attrMaxRequestsPerSecond: v}
	}
	for name, tc := range map[string]struct {
		config map[string]attr.Value
		env    map[string]string
		want   float64
	}{
		"none":                    {withRate(types.Float64Null()), nil, 0},
		"environment":             {withRate(types.Float64Null()), map[string]string{envMaxRequestsPerSecond: "0.5"}, 0.5},
		"configuration wins":      {withRate(types.Float64Value(20)), map[string]string{envMaxRequestsPerSecond: "5"}, 20},
		"empty variable is unset": {withRate(types.Float64Null()), map[string]string{envMaxRequestsPerSecond: ""}, 0},
	} {
		t.Run(name, func(t *testing.T) {
			s, diags := resolveConfig(tc.config, envFrom(tc.env))
			requireNoErrors(t, diags)
			if s.MaxRequestsPerSecond != tc.want {
				t.Errorf("got %v, want %v", s.MaxRequestsPerSecond, tc.want)
			}
		})
	}

	t.Run("unknown is remembered", func(t *testing.T) {
		s, diags := resolveConfig(withRate(types.Float64Unknown()), envFrom(nil))
		requireNoErrors(t, diags)
		if strings.Join(s.Unknown, ",") != attrMaxRequestsPerSecond {
			t.Errorf("unknown = %v", s.Unknown)
		}
	})

	for _, raw := range []string{"0", "-1", "fast", "10001", "NaN"} {
		t.Run("invalid "+raw, func(t *testing.T) {
			_, diags := resolveConfig(noConfig(), envFrom(map[string]string{envMaxRequestsPerSecond: raw}))
			text := diagText(diags)
			for _, want := range []string{envMaxRequestsPerSecond, "such as 20"} {
				if !strings.Contains(text, want) {
					t.Errorf("diagnostics %q do not mention %q", text, want)
				}
			}
		})
	}
}

// max_requests_per_second takes a number above 0 and at most 10000, and
// max_rate_limit_wait a positive Go duration; anything else is refused at
// plan time with what to write instead.
func TestAccProvider_invalidRateSettings(t *testing.T) {
	for setting, tc := range map[string]struct {
		values []string
		want   string
	}{
		"max_requests_per_second": {[]string{"0", "-3", "20000"},
			`(?s)Invalid max_requests_per_second.*above 0 and at most 10000, such as 20.*leave it unset`},
		"max_rate_limit_wait": {[]string{`"0s"`, `"-1m"`, `"soon"`},
			`(?s)Invalid (duration|Attribute Value).*max_rate_limit_wait|(?s)max_rate_limit_wait.*(positive|duration)`},
	} {
		for _, value := range tc.values {
			t.Run(setting+" = "+value, func(t *testing.T) {
				accTest(t, resource.TestStep{
					Config: fmt.Sprintf(`
provider "cardpay" {
  base_url = "http://127.0.0.1:1"
  %s = %s
}
`, setting, value) + paymentMethodConfig(1001, "amex"),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				})
			})
		}
	}
}

// Rate limit of the acceptance test, well below the pace terraform keeps
// on two cores, so that it binds. At -parallelism=20 the requests already
// sent when the first 429 arrives are refused whatever the client does (up
// to about 20 on a busy machine, however long the run), so the test applies
// enough payment methods for the share to measure the steady pace: 400
// send about 400 requests (an activation each), about 20 seconds at 20 a
// second.
const (
	rateLimitPerSecond = 20
	rateLimitMethods   = 400 // five per generated merchant
	refusedShareTarget = 0.05
)

// Many payment methods applied at -parallelism=20 through a service that
// allows 20 requests a second per credential: everything is applied, the
// next plan is empty, and at most 5% of the requests sent are refused.
// Durations are the benchmark's business (make bench), not the test's.
func TestAccRateLimit_parallelApply(t *testing.T) {
	if env := newTestEnv(t); env.Sandbox == nil {
		t.Skipf("needs a rate-limited cardpay-sandbox, and %s points at a real API", envBaseURL)
	}
	merchants := rateLimitMethods / 5
	fixtures := sandbox.DefaultFixtures()
	if err := fixtures.AddGeneratedMerchants(merchants, 100001); err != nil {
		t.Fatal(err)
	}
	started := sandboxtest.Start(t, sandboxtest.Fixtures(fixtures), sandboxtest.RateLimit(sandbox.RateLimit{PerSecond: rateLimitPerSecond}))
	sb := started.Server
	env := sandboxTestEnv(started)
	env.AccessToken, env.MerchantID = started.AccessToken, 100001

	w := newCLIWorkdir(t, env, manyPaymentMethods(merchants))
	w.run("apply", "-auto-approve", "-input=false", "-parallelism=20", "-no-color")
	applied, refused := total(sb.RequestCounts()), total(sb.RefusedCounts())
	t.Logf("apply: %d requests went through, %d refused", applied, refused)
	if share := float64(refused) / float64(applied+refused); share > refusedShareTarget {
		t.Errorf("the apply had %d of %d requests refused (%.1f%%), want at most %.0f%%",
			refused, applied+refused, 100*share, 100*refusedShareTarget)
	}
	if refused == 0 {
		t.Error("no request was refused: the rate limit did not bind, so the test proves nothing")
	}

	active := 0
	for _, pm := range sb.Snapshot().PaymentMethods {
		if pm.MerchantID >= 100001 && pm.Status == "active" && pm.Method != "visa" && pm.Method != "mastercard" {
			active++
		}
	}
	if active != rateLimitMethods {
		t.Errorf("the sandbox has %d of the %d payment methods active", active, rateLimitMethods)
	}

	sb.ResetRequestCounts()
	if out, err := w.tryRun("plan", "-input=false", "-parallelism=20", "-no-color", "-detailed-exitcode"); err != nil {
		t.Errorf("the plan after the apply is not empty (or failed): %v\n%s", err, out)
	}
	t.Logf("plan: %d requests went through, %d refused", total(sb.RequestCounts()), total(sb.RefusedCounts()))
}

// manyPaymentMethods activates the five inactive methods of each generated
// merchant.
func manyPaymentMethods(merchants int) string {
	return fmt.Sprintf(`
locals {
  merchants = range(100001, 100001 + %d)
  methods   = ["amex", "swish", "klarna", "vipps", "mobilepay"]
  payment_methods = {
    for pair in setproduct(local.merchants, local.methods) :
    "${pair[0]}/${pair[1]}" => { merchant_id = pair[0], method = pair[1] }
  }
}

resource "cardpay_payment_method" "this" {
  for_each    = local.payment_methods
  merchant_id = each.value.merchant_id
  method      = each.value.method
}
`, merchants)
}

func total(counts map[string]int) int {
	n := 0
	for _, c := range counts {
		n += c
	}
	return n
}

// Durations in descriptions and messages read as a user writes them.
func TestShortDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{10 * time.Minute: "10m", time.Hour: "1h", 90 * time.Second: "1m30s", 2*time.Hour + 30*time.Minute: "2h30m"} {
		if got := shortDuration(d); got != want {
			t.Errorf("shortDuration(%s) = %q, want %q", d, got, want)
		}
	}
}
