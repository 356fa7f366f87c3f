// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// merchantCreates are the routes that create a merchant.
var merchantCreates = []string{sandbox.RouteCreateMerchant, sandbox.RouteCreateFastTrackMerchant, sandbox.RouteCreateTestMerchant}

// merchantsWithRef counts the sandbox's merchants with a partner reference.
func merchantsWithRef(sb *sandbox.Server, ref string) int {
	n := 0
	for _, m := range sb.Snapshot().Merchants {
		if m.PartnerRefID == ref {
			n++
		}
	}
	return n
}

// createOutside creates a merchant with these details the way another
// tool (or an apply whose state was lost) would, and returns its ID.
func createOutside(t *testing.T, env *testEnv, company, ref string) string {
	t.Helper()
	m, err := partnerTestClient(t, env).CreateMerchant(t.Context(), client.MerchantRequest{
		CompanyName: company, ContactEmail: "owner@harbour-coffee.example", ContactPhone: "+4533000000", PartnerRefID: ref,
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(m.ID)
}

// A merchant is never created twice for one partner_ref_id: when the
// partner has one already, the plan names it (with its merchant_id, so
// that resources taking it are not replaced) and the apply records it with
// a warning instead of creating one.
func TestAccMerchant_existsAlready(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	id := createOutside(t, env, "Harbour Coffee ApS", "CRM-exists")
	creates := requestsTo(sb, merchantCreates...)
	w := newCLIWorkdir(t, env, merchantConfig("CRM-exists"))

	expectOutput(t, "the plan", flat(w.run("plan", "-input=false", "-no-color")), nil, true,
		`\+ merchant_id += `+id+` `,
		`Warning: Merchant `+id+` exists already: the apply records it instead of creating one`)
	expectOutput(t, "the apply", flat(w.run("apply", "-auto-approve", "-input=false", "-no-color")), nil, true,
		`Warning: Merchant `+id+` exists already: recorded instead of created.*partner reference "CRM-exists"`)
	if got := stateString(w.stateResources()[merchantAddr], "id"); got != id {
		t.Errorf("state records merchant %q, want the existing %s", got, id)
	}
	if n := requestsTo(sb, merchantCreates...) - creates; n != 0 {
		t.Errorf("the apply sent %d merchant creates, want none", n)
	}
	if n := merchantsWithRef(sb, "CRM-exists"); n != 1 {
		t.Errorf("the sandbox holds %d merchants with the reference, want 1", n)
	}
	w.expectEmptyPlan("after recording")
}

// A merchant that holds the reference but disagrees with the
// configuration, or several that hold it, fail the plan with what to do,
// and nothing is created.
func TestAccMerchant_existsOtherwise(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	id := createOutside(t, env, "Harbour Roasters ApS", "CRM-taken")
	createOutside(t, env, "Harbour Coffee ApS", "CRM-twice")
	createOutside(t, env, "Harbour Coffee ApS", "CRM-twice")
	mark := sandboxtest.MarkRequests(sb)
	accTest(t,
		resource.TestStep{
			Config: env.providerConfig(merchantConfig("CRM-taken")),
			ExpectError: wrappedErrorPattern(`Merchant ` + id + ` has partner reference "CRM-taken" and another company_name.*` +
				`whose company_name is "Harbour Roasters ApS" at the service and "Harbour Coffee ApS" here.*` +
				`set company_name = "Harbour Roasters ApS".*give this one another partner_ref_id`),
		},
		resource.TestStep{
			Config: env.providerConfig(merchantConfig("CRM-twice")),
			ExpectError: wrappedErrorPattern(`2 merchants have partner reference "CRM-twice".*cannot tell which one this ` +
				`resource manages.*terraform import`),
		},
	)
	mark.ExpectNoneReached(t, merchantCreates...)
}

// A wait_for that runs out fails the apply and leaves the merchant
// tainted. The next plain apply plans a replacement, but records the same
// merchant and waits again; once the merchant is active, an apply ends
// with it and an empty plan, and the service holds one merchant.
func TestAccMerchant_waitRunsOutThenContinues(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	w := newCLIWorkdir(t, env, merchantConfig("CRM-slow", `wait_for = "active"`, `timeouts {
    create = "2s"
  }`))
	out, err := w.tryRun("apply", "-auto-approve", "-input=false", "-no-color")
	expectOutput(t, "the first apply", flat(out), err, false, `Merchant 3001 did not become active within 2s.*Apply again `+
		`to keep waiting: the plan shows the merchant replaced, but the apply finds merchant 3001 by its partner_ref_id`)

	out, err = w.tryRun("apply", "-auto-approve", "-input=false", "-no-color")
	expectOutput(t, "the second apply", flat(out), err, false,
		`cardpay_merchant.x is tainted, so (it )?must be replaced`,
		`Merchant 3001 exists already: the apply records it instead of creating one`,
		`Merchant 3001 exists already: recorded instead of created`,
		`Merchant 3001 did not become active within 2s`)
	if n := merchantsWithRef(sb, "CRM-slow"); n != 1 {
		t.Fatalf("the sandbox holds %d merchants with the reference after the second apply, want 1", n)
	}

	activate(t, sb, 3001)
	expectOutput(t, "the third apply", flat(w.run("apply", "-auto-approve", "-input=false", "-no-color")), nil, true,
		`Merchant 3001 exists already: recorded instead of created`)
	state := w.stateResources()[merchantAddr]
	if stateString(state, "id") != "3001" || stateString(state, "status") != "active" {
		t.Errorf("state records merchant %q as %q, want 3001 active", stateString(state, "id"), stateString(state, "status"))
	}
	w.expectEmptyPlan("once the merchant is active")
	if n, creates := merchantsWithRef(sb, "CRM-slow"), requestsTo(sb, merchantCreates...); n != 1 || creates != 1 {
		t.Errorf("the sandbox holds %d merchants with the reference after %d creates, want 1 and 1", n, creates)
	}
}

// Without partner_ref_id the error says to untaint the merchant; the next
// apply then plans an update that waits again, and a wait that runs out
// again says to apply again.
func TestAccMerchant_waitRunsOutWithoutReference(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	w := newCLIWorkdir(t, env, `
resource "cardpay_merchant" "x" {
  company_name  = "Unreferenced ApS"
  contact_email = "owner@unreferenced.example"
  wait_for      = "active"
  timeouts {
    create = "2s"
    update = "2s"
  }
}
`)
	out, err := w.tryRun("apply", "-auto-approve", "-input=false", "-no-color")
	expectOutput(t, "the first apply", flat(out), err, false, `did not become active within 2s.*without partner_ref_id `+
		`the next apply would create a second merchant: run terraform untaint on this resource`)
	w.run("untaint", merchantAddr)

	out, err = w.tryRun("apply", "-auto-approve", "-input=false", "-no-color")
	expectOutput(t, "the apply after untaint", flat(out), err, false,
		`cardpay_merchant.x will be updated in-place`,
		`~ status +=.*-> \(known after apply\)`,
		`did not become active within 2s.*The merchant stays in state; apply again to keep waiting \(timeouts.update\)`)

	activate(t, sb, 3001)
	w.run("apply", "-auto-approve", "-input=false", "-no-color")
	if got := stateString(w.stateResources()[merchantAddr], "status"); got != "active" {
		t.Errorf("state records status %q after the merchant was activated, want active", got)
	}
	w.expectEmptyPlan("once the merchant is active")
	if n := requestsTo(sb, merchantCreates...); n != 1 {
		t.Errorf("the applies sent %d merchant creates, want 1", n)
	}
}

// activate plays the merchant completing its onboarding.
func activate(t *testing.T, sb *sandbox.Server, id int64) {
	t.Helper()
	if _, err := sb.ActivateMerchant(id); err != nil {
		t.Fatal(err)
	}
}
