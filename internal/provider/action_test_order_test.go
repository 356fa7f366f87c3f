// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

const testOrderActionAddr = "action.cardpay_test_order.x"

// actionConfig is a cardpay_test_order action named x, the name the
// cross-type tests trigger.
func (o testOrder) actionConfig() string {
	return fmt.Sprintf(`
action "cardpay_test_order" "x" {
  config {
    merchant_id = %d
    amount      = %d
    currency    = %q
    reference   = %s
    description = %s
  }
}
`, o.merchantID, o.amount, o.currency, hclOptional(o.reference), hclOptional(o.description))
}

// triggeredConfig is env's provider block with actionConfig and a trigger
// that invokes the action once.
func (o testOrder) triggeredConfig(env *testEnv) string {
	return env.providerConfig(o.actionConfig(), actionTrigger(testOrderActionAddr))
}

// expectOnlyOrder checks that the sandbox holds exactly one order and that
// it was created as o describes; it returns that order.
func (o testOrder) expectOnlyOrder(sb *sandbox.Server) (sandbox.Order, error) {
	orders := sb.Snapshot().Orders
	if len(orders) != 1 {
		return sandbox.Order{}, fmt.Errorf("sandbox holds %d orders, want 1: %+v", len(orders), orders)
	}
	got := orders[0]
	want := sandbox.Order{
		MerchantID: o.merchantID, OrderID: got.OrderID, Status: "CREATED", Amount: o.amount, Currency: o.currency,
		Reference: o.reference, Description: o.description, CreatedAt: got.CreatedAt,
		PaymentLink: got.PaymentLink, Nonce: got.Nonce,
	}
	if got != want {
		return got, fmt.Errorf("sandbox order %+v, want %+v", got, want)
	}
	return got, nil
}

// The action, triggered after terraform_data is created, creates one order
// with the configured fields and puts nothing into state; applying the same
// configuration again triggers nothing.
func TestAccTestOrderAction_trigger(t *testing.T) {
	skipWithoutActions(t)
	env, sb := newSandboxTestEnv(t)
	o := testOrder{env.MerchantID, 1000, "SEK", "smoke-1", "Smoke test after registration"}
	config := o.triggeredConfig(env)
	expectOrder := func() {
		if _, err := o.expectOnlyOrder(sb); err != nil {
			t.Error(err)
		}
	}
	actionAccTest(t, testProviderFactories,
		resource.TestStep{
			Config:            config,
			ConfigStateChecks: []statecheck.StateCheck{stateHoldsOnly("terraform_data.trigger")},
			PostApplyFunc:     expectOrder,
		},
		resource.TestStep{
			Config:           config,
			ConfigPlanChecks: beforeApply(plancheck.ExpectEmptyPlan()),
			PostApplyFunc:    expectOrder,
		},
	)
}

// The CLI shows the order ID, status and payment link as the action's
// progress, and never the nonce.
func TestAccTestOrderAction_progress(t *testing.T) {
	skipWithoutActions(t)
	env, sb := newSandboxTestEnv(t)
	o := testOrder{env.MerchantID, 2500, "EUR", "smoke-cli", ""}
	w := newCLIWorkdir(t, env, o.actionConfig())
	w.run("init", "-input=false", "-no-color")
	out := w.run("apply", "-auto-approve", "-input=false", "-no-color", "-invoke="+testOrderActionAddr)

	order, err := o.expectOnlyOrder(sb)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Created order %s for merchant %d: status CREATED, payment link %s",
		order.OrderID, env.MerchantID, order.PaymentLink)
	if order.PaymentLink == "" || !strings.Contains(out, want) {
		t.Errorf("terraform apply -invoke output lacks %q:\n%s", want, out)
	}
	if order.Nonce == "" || strings.Contains(out, order.Nonce) {
		t.Errorf("the output shows the order's nonce %q (or the sandbox gave none):\n%s", order.Nonce, out)
	}
}

// The service's refusal fails the apply with its status, message and
// request ID.
func TestAccTestOrderAction_refused(t *testing.T) {
	skipWithoutActions(t)
	env, sb := newSandboxTestEnv(t)
	actionAccTest(t, testProviderFactories, resource.TestStep{
		Config: testOrder{2001, 1000, "SEK", "", ""}.triggeredConfig(env),
		ExpectError: wrappedErrorPattern(`Could not create order for merchant 2001.*HTTP 403.*request ID ` +
			`\S+.*These partner credentials may not act for this merchant`),
	})
	if n := len(sb.Snapshot().Orders); n != 0 {
		t.Errorf("sandbox holds %d orders, want none", n)
	}
}

// An answer lost after the service made the order fails the apply saying
// the order may exist and how to find it; the request is not repeated.
func TestAccTestOrderAction_outcomeUnknown(t *testing.T) {
	skipWithoutActions(t)
	env, sb := newSandboxTestEnv(t)
	sb.InjectFault(sandbox.Fault{Route: sandbox.RouteCreateOrder, Status: 502, AfterApply: true, Count: 1})
	o := testOrder{env.MerchantID, 1000, "SEK", "smoke-lost", ""}
	actionAccTest(t, testProviderFactories, resource.TestStep{
		Config: o.triggeredConfig(env),
		ExpectError: wrappedErrorPattern(`The order may have been created for merchant 1001 \(outcome ` +
			`unknown\).*HTTP 502.*orders for reference "smoke-lost" before applying again`),
	})
	if _, err := o.expectOnlyOrder(sb); err != nil {
		t.Errorf("want the order whose answer was lost: %v", err)
	}
	if n := sb.RequestCounts()[sandbox.RouteCreateOrder]; n != 1 {
		t.Errorf("the create was sent %d times, want 1", n)
	}
}

// A refusal creates nothing, so taint is safe there: the next apply
// replaces the trigger and creates the one order.
func TestAccTestOrderAction_taintAfterRefusal(t *testing.T) {
	skipWithoutTriggerModes(t)
	env, sb := newSandboxTestEnv(t)
	sb.InjectFault(sandbox.Fault{Route: sandbox.RouteCreateOrder, Status: 400, Count: 1})
	o := testOrder{env.MerchantID, 1000, "SEK", "smoke-refused", ""}
	config := env.providerConfig(o.actionConfig(), actionTrigger(testOrderActionAddr, "on_failure = taint"))
	actionAccTest(t, testProviderFactories,
		resource.TestStep{
			Config:      config,
			ExpectError: wrappedErrorPattern(`Could not create order for merchant 1001.*HTTP 400`),
		},
		resource.TestStep{
			Config:           config,
			ConfigPlanChecks: beforeApply(plancheck.ExpectResourceAction(triggerAddr, plancheck.ResourceActionDestroyBeforeCreate)),
			PostApplyFunc: func() {
				if _, err := o.expectOnlyOrder(sb); err != nil {
					t.Error(err)
				}
			},
		},
	)
}

// The rows of action.cardpay_test_order in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"action.cardpay_test_order merchant 0": {config: testOrder{0, 1000, "SEK", "", ""}.actionConfig(),
			want: `merchant_id value must be at least 1, got: 0`},
		"action.cardpay_test_order amount 0": {config: testOrder{1001, 0, "SEK", "", ""}.actionConfig(),
			want: `amount value must be at least 1, got: 0`},
		"action.cardpay_test_order currency": {config: testOrder{1001, 1000, "usd", "", ""}.actionConfig(),
			want: `currency value must be one of: \["DKK" "EUR" "SEK"\], got: "usd"`},
		"action.cardpay_test_order blank reference": {config: testOrder{1001, 1000, "SEK", " ", ""}.actionConfig(),
			want: `reference must not be empty or only whitespace`},
		"action.cardpay_test_order blank description": {config: testOrder{1001, 1000, "SEK", "", " "}.actionConfig(),
			want: `description must not be empty or only whitespace`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"action.cardpay_test_order": {except: actionsNeedTerraform114 + "; TestAccTestOrderAction_progress checks that " +
			"its output never shows the order's nonce"},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"action.cardpay_test_order": {except: "tested beside the action, by TestAccTestOrderAction_outcomeUnknown: " +
			"an action runs once per trigger, so this test's second apply would not run it again"},
	})
}
