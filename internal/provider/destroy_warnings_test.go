// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"strings"
	"testing"
)

// How often `terraform destroy` shows each destroy warning, as the
// getting-started guide says: a warning of an object that stays at the
// service comes twice, from the plan (before the answer yes) and from the
// apply once the object is forgotten; the warning that a store is
// deactivated comes once, from the plan, as the apply then does what it
// said. An adopted store, only forgotten, warns twice like the others.
// The CLI does not repeat the plan's warnings during the apply: the
// apply of a saved plan shows only the apply's.
func TestAccDestroyWarnings_onceOrTwice(t *testing.T) {
	env, _ := newSandboxTestEnv(t)
	w := newCLIWorkdir(t, env, `
resource "cardpay_store" "created" {
  merchant_id = 1001
  name        = "Kiosk"
}

resource "cardpay_store" "adopted" {
  merchant_id = 1001
  store_id    = "1001-second"
}

resource "cardpay_webhook" "payments" {
  url    = "https://hooks.example/cardpay"
  events = ["payment.completed"]
}
`)
	w.run("apply", "-auto-approve", "-input=false", "-no-color")
	destroy := w.run("destroy", "-auto-approve", "-input=false", "-no-color")
	w.run("apply", "-auto-approve", "-input=false", "-no-color")
	w.run("plan", "-destroy", "-out=destroy.tfplan", "-input=false", "-no-color")
	saved := w.run("apply", "-input=false", "-no-color", "destroy.tfplan")
	for _, tc := range []struct {
		warning          string
		inDestroy, saved int
	}{
		{"Warning: " + storeDeactivateSummary, 1, 0},
		{"Warning: " + storeForgetSummary, 2, 1},
		{"Warning: " + webhookForgotten.Summary, 2, 1},
	} {
		if n := strings.Count(destroy, tc.warning); n != tc.inDestroy {
			t.Errorf("terraform destroy showed %q %d times, want %d:\n%s", tc.warning, n, tc.inDestroy, destroy)
		}
		if n := strings.Count(saved, tc.warning); n != tc.saved {
			t.Errorf("the apply of a saved destroy plan showed %q %d times, want %d:\n%s", tc.warning, n, tc.saved, saved)
		}
	}
}
