// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

const orderAddr = "cardpay_order.test"

// testOrder is the configuration of one cardpay_order; empty reference and
// description are null, as if left out.
type testOrder struct {
	merchantID             int64
	amount                 int64
	currency               string
	reference, description string
}

func (o testOrder) config() string {
	return fmt.Sprintf(`
resource "cardpay_order" "test" {
  merchant_id = %d
  amount      = %d
  currency    = %q
  reference   = %s
  description = %s
}
`, o.merchantID, o.amount, o.currency, hclOptional(o.reference), hclOptional(o.description))
}

// orderOptionalValue is the known value of an optional argument: null when empty.
func orderOptionalValue(s string) knownvalue.Check {
	if s == "" {
		return knownvalue.Null()
	}
	return knownvalue.StringExact(s)
}

// stateChecks checks every attribute of the order in state and the
// sandbox's record of it.
func (o testOrder) stateChecks(sb *sandbox.Server, total int) []statecheck.StateCheck {
	return []statecheck.StateCheck{
		statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("merchant_id"), knownvalue.Int64Exact(o.merchantID)),
		statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("amount"), knownvalue.Int64Exact(o.amount)),
		statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("currency"), knownvalue.StringExact(o.currency)),
		statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("reference"), orderOptionalValue(o.reference)),
		statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("description"), orderOptionalValue(o.description)),
		statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("order_id"),
			knownvalue.StringRegexp(regexp.MustCompile(`^ord_[0-9a-f]{16}$`))),
		statecheck.CompareValuePairs(orderAddr, tfjsonpath.New("id"), orderAddr, tfjsonpath.New("order_id"), compare.ValuesSame()),
		statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("status"), knownvalue.StringExact("CREATED")),
		statecheck.ExpectSensitiveValue(orderAddr, tfjsonpath.New("nonce")),
		o.expectInSandbox(sb, total),
	}
}

// expectInSandbox checks that the sandbox holds total orders and exactly one
// with the order ID in state, created with the configured fields.
func (o testOrder) expectInSandbox(sb *sandbox.Server, total int) statecheck.StateCheck {
	return resourceAttrs(orderAddr, func(attrs map[string]any) error {
		id := stateString(attrs, "order_id")
		got, err := onlyOneWithID("orders", sb.Snapshot().Orders, total, id,
			func(o sandbox.Order) string { return o.OrderID })
		if err != nil {
			return err
		}
		want := sandbox.Order{
			MerchantID: o.merchantID, OrderID: id, Status: "CREATED", Amount: o.amount, Currency: o.currency,
			Reference: o.reference, Description: o.description, CreatedAt: got.CreatedAt,
			PaymentLink: stateString(attrs, "payment_link"), Nonce: stateString(attrs, "nonce"),
		}
		if got != want {
			return fmt.Errorf("sandbox order %+v, want %+v", got, want)
		}
		return nil
	})
}

func TestAccOrder_lifecycle(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	orderIDs := statecheck.CompareValue(compare.ValuesDiffer())
	first := testOrder{env.MerchantID, 1000, "SEK", "tf-acc-1", "Ten kronor"}
	// Each change of an argument replaces the order with a new one.
	changes := []testOrder{
		{env.MerchantID, 2500, "SEK", "tf-acc-1", "Ten kronor"},
		{env.MerchantID, 2500, "EUR", "tf-acc-1", "Ten kronor"},
		{env.MerchantID, 2500, "EUR", "tf-acc-2", "Ten kronor"},
		{env.MerchantID, 2500, "EUR", "tf-acc-2", "Twenty-five euro"},
		{env.MerchantID, 2500, "EUR", "", ""},
		{1002, 2500, "EUR", "", ""},
		{1002, 2500, "DKK", "", ""},
	}
	steps := []resource.TestStep{
		{
			Config: env.providerConfig(first.config()),
			ConfigPlanChecks: plannedAction(orderAddr, plancheck.ResourceActionCreate,
				plancheck.ExpectUnknownValue(orderAddr, tfjsonpath.New("order_id")),
			),
			ConfigStateChecks: append(first.stateChecks(sb, 1), orderIDs.AddStateValue(orderAddr, tfjsonpath.New("order_id"))),
		},
		{
			// A second plan changes nothing and creates no second order.
			Config:            env.providerConfig(first.config()),
			ConfigPlanChecks:  beforeApply(plancheck.ExpectEmptyPlan()),
			ConfigStateChecks: first.stateChecks(sb, 1),
		},
	}
	for i, o := range changes {
		steps = append(steps, resource.TestStep{
			Config:            env.providerConfig(o.config()),
			ConfigPlanChecks:  plannedAction(orderAddr, plancheck.ResourceActionDestroyBeforeCreate),
			ConfigStateChecks: append(o.stateChecks(sb, i+2), orderIDs.AddStateValue(orderAddr, tfjsonpath.New("order_id"))),
		})
	}
	accTest(t, steps...)
}

// The refresh follows the order's status; the payment link and nonce of
// the create answer stay. An order the service no longer knows is created
// again.
func TestAccOrder_refresh(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	o := testOrder{env.MerchantID, 1000, "DKK", "refresh-1", "Coffee"}
	config := env.providerConfig(o.config())
	var orderID string
	setStatus := func(status string) func() {
		return func() {
			if _, err := sb.SetOrderStatus(orderID, status); err != nil {
				t.Fatal(err)
			}
		}
	}
	statusStep := func(status string) resource.TestStep {
		return resource.TestStep{
			PreConfig: setStatus(status),
			Config:    config,
			ConfigPlanChecks: refreshRecords(orderAddr, "status", knownvalue.StringExact(status),
				plancheck.ExpectEmptyPlan()),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("payment_link"),
					knownvalue.StringRegexp(regexp.MustCompile(`^https://pay\.sandbox\.cardpay\.example/orders/ord_`))),
				statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("nonce"), knownvalue.StringRegexp(regexp.MustCompile(`^nonce_`))),
			},
		}
	}
	accTest(t,
		resource.TestStep{
			Config:            config,
			ConfigStateChecks: []statecheck.StateCheck{recordAttr(orderAddr, "order_id", &orderID)},
		},
		statusStep("PAID"),
		statusStep("REFUNDED"),
		resource.TestStep{
			PreConfig:         sb.Reset,
			Config:            config,
			ConfigPlanChecks:  beforeApply(plancheck.ExpectResourceAction(orderAddr, plancheck.ResourceActionCreate)),
			ConfigStateChecks: o.stateChecks(sb, 1),
		},
	)
}

// A guide-shaped merchant's create answer has no payment link or nonce.
func TestAccOrder_withoutPaymentLink(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t)
	accTest(t, resource.TestStep{
		Config: env.providerConfig(testOrder{1003, 500, "EUR", "", ""}.config()),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("payment_link"), knownvalue.Null()),
			statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("nonce"), knownvalue.Null()),
		},
	})
}

// Import reads what the service reports; the description it does not
// report is recorded from the configuration without a new order, in a plan
// that changes nothing else, and a later change of it replaces the order
// as usual.
func TestAccOrder_import(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	o := testOrder{env.MerchantID, 4200, "SEK", "imported-1", "Made elsewhere"}
	var orderID string
	importID := func(*terraform.State) (string, error) { return fmt.Sprintf("%d/%s", env.MerchantID, orderID), nil }
	accTest(t,
		resource.TestStep{
			PreConfig: func() {
				order, err := partnerTestClient(t, env).CreateOrder(t.Context(), env.MerchantID,
					client.OrderRequest{Amount: o.amount, Currency: o.currency, Reference: o.reference, Description: o.description})
				if err != nil {
					t.Fatal(err)
				}
				orderID = order.OrderID
				if _, err := sb.SetOrderStatus(orderID, "PAID"); err != nil {
					t.Fatal(err)
				}
			},
			Config:             env.providerConfig(o.config()),
			ResourceName:       orderAddr,
			ImportState:        true,
			ImportStateIdFunc:  importID,
			ImportStatePersist: true,
		},
		resource.TestStep{
			Config: env.providerConfig(o.config()),
			ConfigPlanChecks: plannedAction(orderAddr, plancheck.ResourceActionUpdate,
				plancheck.ExpectKnownValue(orderAddr, tfjsonpath.New("description"), knownvalue.StringExact(o.description)),
				expectOnlyChanges(orderAddr, "description"),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("amount"), knownvalue.Int64Exact(o.amount)),
				statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("currency"), knownvalue.StringExact(o.currency)),
				statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("reference"), knownvalue.StringExact(o.reference)),
				statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("status"), knownvalue.StringExact("PAID")),
				statecheck.ExpectKnownValue(orderAddr, tfjsonpath.New("payment_link"), knownvalue.Null()),
			},
		},
		resource.TestStep{
			Config:           env.providerConfig(testOrder{env.MerchantID, 4200, "SEK", "imported-1", "Changed later"}.config()),
			ConfigPlanChecks: beforeApply(plancheck.ExpectResourceAction(orderAddr, plancheck.ResourceActionDestroyBeforeCreate)),
		},
	)
}

func TestAccOrder_validation(t *testing.T) {
	env := newTestEnv(t)
	m := env.MerchantID
	accTest(t,
		resource.TestStep{
			Config:      env.providerConfig(testOrder{m, 1000, "USD", "", ""}.config()),
			PlanOnly:    true,
			ExpectError: wrappedErrorPattern(`currency value must be one of: \["DKK" "EUR" "SEK"\], got: "USD"`),
		},
		resource.TestStep{
			Config:      env.providerConfig(testOrder{m, 1000, "sek", "", ""}.config()),
			PlanOnly:    true,
			ExpectError: wrappedErrorPattern(`currency value must be one of: \["DKK" "EUR" "SEK"\], got: "sek"`),
		},
		resource.TestStep{
			Config:      env.providerConfig(testOrder{m, 0, "SEK", "", ""}.config()),
			PlanOnly:    true,
			ExpectError: wrappedErrorPattern(`amount value must be at least 1, got: 0`),
		},
		resource.TestStep{
			Config:      env.providerConfig(testOrder{m, -5, "SEK", "", ""}.config()),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)amount value must be at least 1, got: -5`),
		},
		resource.TestStep{
			Config:      env.providerConfig(testOrder{0, 1000, "SEK", "", ""}.config()),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)merchant_id.*at least 1`),
		},
		resource.TestStep{
			Config:      env.providerConfig(testOrder{m, 1000, "SEK", " ", ""}.config()),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)reference.*must not be empty`),
		},
	)
}

func TestOrder_destroyWarning(t *testing.T) {
	plan, apply := destroyDiagnostics(t, "cardpay_order", map[string]tftypes.Value{
		"id":          tftypes.NewValue(tftypes.String, "ord_0123456789abcdef"),
		"merchant_id": tftypes.NewValue(tftypes.Number, 1001),
		"amount":      tftypes.NewValue(tftypes.Number, 1000),
		"currency":    tftypes.NewValue(tftypes.String, "SEK"),
		"order_id":    tftypes.NewValue(tftypes.String, "ord_0123456789abcdef"),
		"status":      tftypes.NewValue(tftypes.String, "CREATED"),
	})
	requireWarning(t, "plan", plan, orderForgotten.Summary)
	requireWarning(t, "apply", apply, orderForgotten.Summary)
}

// A service answer that differs from the request is described field by
// field; an exact echo says nothing.
func TestOrderEchoDetail(t *testing.T) {
	sent := client.OrderRequest{Amount: 1000, Currency: "SEK", Reference: "ref-1", Description: "not echoed"}
	for _, amount := range []client.Decimal{"1000", "1000.00"} {
		exact := &client.Order{OrderID: "ord_1", Amount: amount, Currency: "SEK", Reference: "ref-1"}
		if got := orderEchoDetail(1001, sent, exact); got != "" {
			t.Errorf("exact echo with amount %s: %q, want none", amount, got)
		}
	}
	changed := &client.Order{OrderID: "ord_2", Amount: "100", Currency: "EUR", Reference: "ref-1"}
	want := `Order ord_2 of merchant 1001 was created, but the service answered with amount 100 instead of 1000, ` +
		`currency "EUR" instead of "SEK".`
	if got := orderEchoDetail(1001, sent, changed); got != want {
		t.Errorf("changed echo:\n got %q\nwant %q", got, want)
	}
}

// The rows of cardpay_order in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"cardpay_order currency": {config: testOrder{1001, 1000, "USD", "r", ""}.config(),
			attr: "currency", want: `currency value must be one of: \["DKK" "EUR" "SEK"\]`},
		"cardpay_order amount 0": {config: testOrder{1001, 0, "SEK", "r", ""}.config(),
			attr: "amount", want: `amount value must be at least 1`},
		"cardpay_order import with extra segment": {importID: "1001/ord_1/2", config: `
resource "cardpay_order" "x" {
  merchant_id = 1001
  amount      = 1000
  currency    = "SEK"
}
`, want: `Invalid import ID for cardpay_order.*1001/ord_0123456789abcdef`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"cardpay_order": {config: `
resource "cardpay_order" "o" {
  merchant_id = 1001
  amount      = 1000
  currency    = "DKK"
  reference   = "secrets"
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"cardpay_order": {route: sandbox.RouteCreateOrder, config: testOrder{1001, 1000, "SEK", "tf-acc-lost", ""}.config(),
			want: `order may have been created for merchant 1001 \(outcome unknown\).*HTTP 502.*` +
				`orders for reference "tf-acc-lost" before applying again`,
			held: func(s sandbox.State) int { return len(s.Orders) }},
	})
	addRows(identityTests, map[string]identityTest{
		// An order changes in place only after an import, recording a
		// configured description, which the service does not report.
		"cardpay_order": {addr: orderAddr, config: testOrder{1001, 1000, "DKK", "identity", ""}.config(),
			identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "order_id": knownvalue.StringRegexp(regexp.MustCompile(`^ord_`))},
			updated:  testOrder{1001, 1000, "DKK", "identity", "Recorded after import"}.config(), importChanges: "description",
			adopt: func(ctx context.Context, c *client.Client) (string, error) {
				order, err := c.CreateOrder(ctx, 1001, client.OrderRequest{Amount: 1000, Currency: "DKK", Reference: "identity"})
				if err != nil {
					return "", err
				}
				return "1001/" + order.OrderID, nil
			}},
	})
	addRows(inPlaceUpdates, map[string]inPlaceUpdate{
		"cardpay_order": {except: "every argument replaces the order, which the API cannot change; the one update " +
			"in place, recording a description configured after import, is checked in TestAccOrder_import"},
	})
}
