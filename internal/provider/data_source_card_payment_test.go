// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

const cardPaymentAddr = "data.cardpay_card_payment.test"

// cardPaymentConfig reads one card payment of the merchant.
func cardPaymentConfig(merchantID int64, paymentID string) string {
	return fmt.Sprintf(`
data "cardpay_card_payment" "test" {
  merchant_id = %d
  payment_id  = %q
}
`, merchantID, paymentID)
}

// testCardPayment creates an order for the merchant outside Terraform, as a
// checkout would, and returns the card payment the sandbox holds for it.
func testCardPayment(t *testing.T, env *testEnv, sb *sandbox.Server, merchantID int64, order client.OrderRequest) sandbox.CardPayment {
	t.Helper()
	o, err := partnerTestClient(t, env).CreateOrder(t.Context(), merchantID, order)
	if err != nil {
		t.Fatal(err)
	}
	return mustFind(t, sb.Snapshot().CardPayments, func(cp sandbox.CardPayment) bool { return cp.OrderID == o.OrderID },
		"the sandbox has no card payment of order %s", o.OrderID)
}

// expectCardPayment checks the data source against the sandbox's card
// payment id when the check runs.
func expectCardPayment(sb *sandbox.Server, id string) statecheck.StateCheck {
	return lateChecks(func() []statecheck.StateCheck {
		for _, cp := range sb.Snapshot().CardPayments {
			if cp.PaymentID == id {
				return []statecheck.StateCheck{
					statecheck.ExpectKnownValue(cardPaymentAddr, tfjsonpath.New("payment_id"), knownvalue.StringExact(cp.PaymentID)),
					statecheck.ExpectKnownValue(cardPaymentAddr, tfjsonpath.New("status"), knownvalue.StringExact(cp.Status)),
					statecheck.ExpectKnownValue(cardPaymentAddr, tfjsonpath.New("amount"), knownvalue.StringExact(strconv.FormatInt(cp.Amount, 10))),
					statecheck.ExpectKnownValue(cardPaymentAddr, tfjsonpath.New("currency"), knownvalue.StringExact(cp.Currency)),
				}
			}
		}
		return []statecheck.StateCheck{failedCheck(fmt.Errorf("the sandbox has no card payment %s", id))}
	})
}

// The data source reads a card payment as the sandbox holds it and follows
// its status on refresh, from created through authorized to captured.
func TestAccCardPaymentDataSource(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	payment := testCardPayment(t, env, sb, 1001, client.OrderRequest{Amount: 14950, Currency: "DKK", Reference: "INV-4711"})
	config := env.providerConfig(cardPaymentConfig(1001, payment.PaymentID))
	moveTo := func(status string) func() {
		return func() {
			if _, err := sb.SetCardPaymentStatus(payment.PaymentID, status); err != nil {
				t.Fatal(err)
			}
		}
	}
	statusIs := func(status string) statecheck.StateCheck {
		return statecheck.ExpectKnownValue(cardPaymentAddr, tfjsonpath.New("status"), knownvalue.StringExact(status))
	}
	accTest(t,
		resource.TestStep{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				expectCardPayment(sb, payment.PaymentID), statusIs("CREATED"),
				statecheck.ExpectKnownValue(cardPaymentAddr, tfjsonpath.New("amount"), knownvalue.StringExact("14950")),
				statecheck.ExpectKnownValue(cardPaymentAddr, tfjsonpath.New("merchant_id"), knownvalue.Int64Exact(1001)),
			},
		},
		resource.TestStep{PreConfig: moveTo("AUTHORIZED"), Config: config, ConfigStateChecks: []statecheck.StateCheck{expectCardPayment(sb, payment.PaymentID), statusIs("AUTHORIZED")}},
		resource.TestStep{PreConfig: moveTo("CAPTURED"), Config: config, ConfigStateChecks: []statecheck.StateCheck{expectCardPayment(sb, payment.PaymentID), statusIs("CAPTURED")}},
	)
}

// Another merchant's payment is as unknown as a missing one, and another
// partner's merchant is refused.
func TestAccCardPaymentDataSource_notFound(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	elsewhere := testCardPayment(t, env, sb, 1002, client.OrderRequest{Amount: 2500, Currency: "EUR"})
	step := func(config, want string) resource.TestStep {
		return resource.TestStep{Config: env.providerConfig(config), ExpectError: wrappedErrorPattern(want)}
	}
	accTest(t,
		step(cardPaymentConfig(1001, elsewhere.PaymentID),
			fmt.Sprintf(`Could not read card payment "%[1]s" of merchant 1001.*HTTP 404.*card payment "%[1]s" not found for merchant 1001`,
				elsewhere.PaymentID)),
		step(cardPaymentConfig(1001, "pay_0000000000000000"),
			`Could not read card payment "pay_0000000000000000" of merchant 1001.*HTTP 404`),
		step(cardPaymentConfig(2001, "pay_0000000000000000"),
			`Could not read card payment "pay_0000000000000000" of merchant 2001.*HTTP 403.*may not act for this merchant`),
	)
}

// The rows of data.cardpay_card_payment in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_card_payment blank ID": {config: cardPaymentConfig(1001, ""),
			attr: "payment_id", want: `payment_id must not be empty or only whitespace`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_card_payment": {config: `
data "cardpay_card_payment" "p" {
  merchant_id = 1001
  payment_id  = replace(cardpay_order.o.order_id, "ord_", "pay_")
}
`},
	})
}
