// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

const paymentMethodAddr = "cardpay_payment_method.test"

// paymentMethodConfig activates method for the merchant.
func paymentMethodConfig(merchantID int64, method string) string {
	return fmt.Sprintf(`
resource "cardpay_payment_method" "test" {
  merchant_id = %d
  method      = %q
}
`, merchantID, method)
}

func TestAccPaymentMethod_lifecycle(t *testing.T) {
	env := newTestEnv(t)
	accTest(t,
		resource.TestStep{
			Config: env.providerConfig(paymentMethodConfig(env.MerchantID, "amex")),
			ConfigPlanChecks: plannedAction(paymentMethodAddr, plancheck.ResourceActionCreate,
				plancheck.ExpectUnknownValue(paymentMethodAddr, tfjsonpath.New("activated_at")),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(paymentMethodAddr, tfjsonpath.New("id"),
					knownvalue.StringExact(fmt.Sprintf("%d/amex", env.MerchantID))),
				statecheck.ExpectKnownValue(paymentMethodAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
				statecheck.ExpectKnownValue(paymentMethodAddr, tfjsonpath.New("activated_at"),
					knownvalue.StringRegexp(regexp.MustCompile(`^\d{4}-\d\d-\d\dT`))),
			},
		},
		resource.TestStep{
			// A second plan with the same configuration changes nothing.
			Config:           env.providerConfig(paymentMethodConfig(env.MerchantID, "amex")),
			ConfigPlanChecks: beforeApply(plancheck.ExpectEmptyPlan()),
		},
		resource.TestStep{
			ResourceName:      paymentMethodAddr,
			ImportState:       true,
			ImportStateId:     fmt.Sprintf("%d/amex", env.MerchantID),
			ImportStateVerify: true,
		},
		resource.TestStep{
			ResourceName:    paymentMethodAddr,
			Config:          env.providerConfig(paymentMethodConfig(env.MerchantID, "amex")),
			ImportState:     true,
			ImportStateKind: resource.ImportBlockWithID,
			ImportStateId:   fmt.Sprintf("%d/amex", env.MerchantID),
		},
		resource.TestStep{
			// Changing the method replaces the resource.
			Config: env.providerConfig(paymentMethodConfig(env.MerchantID, "swish")),
			ConfigPlanChecks: beforeApply(
				plancheck.ExpectResourceAction(paymentMethodAddr, plancheck.ResourceActionDestroyBeforeCreate),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(paymentMethodAddr, tfjsonpath.New("id"),
					knownvalue.StringExact(fmt.Sprintf("%d/swish", env.MerchantID))),
			},
		},
	)
}

func TestAccPaymentMethod_alreadyActive(t *testing.T) {
	env := newTestEnv(t)
	accTest(t, resource.TestStep{
		// visa is active by default; activating it again succeeds.
		Config: env.providerConfig(paymentMethodConfig(env.MerchantID, "visa")),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue(paymentMethodAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
		},
	})
}

func TestAccPaymentMethod_drift(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	config := env.providerConfig(paymentMethodConfig(env.MerchantID, "klarna"))
	accTest(t,
		resource.TestStep{Config: config},
		resource.TestStep{
			// Deactivated outside Terraform: the plan shows it is activated again.
			PreConfig: func() {
				if err := sb.DeactivatePaymentMethod(env.MerchantID, "klarna"); err != nil {
					t.Fatal(err)
				}
			},
			Config:           config,
			ConfigPlanChecks: beforeApply(plancheck.ExpectResourceAction(paymentMethodAddr, plancheck.ResourceActionCreate)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(paymentMethodAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
			},
		},
	)
}

func TestAccPaymentMethod_validation(t *testing.T) {
	env := newTestEnv(t)
	accTest(t,
		resource.TestStep{
			Config:      env.providerConfig(paymentMethodConfig(env.MerchantID, "AMEX")),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`lowercase payment-method identifier`),
		},
		resource.TestStep{
			Config:      env.providerConfig(paymentMethodConfig(0, "amex")),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)merchant_id.*at least 1`),
		},
		resource.TestStep{
			ResourceName:  paymentMethodAddr,
			Config:        env.providerConfig(paymentMethodConfig(env.MerchantID, "amex")),
			ImportState:   true,
			ImportStateId: "amex",
			ExpectError:   regexp.MustCompile(`<merchant_id>/<method>`),
		},
	)
}

func TestAccPaymentMethod_wrongSecret(t *testing.T) {
	env := newTestEnv(t)
	env.ClientSecret = "not-the-secret"
	accTest(t, resource.TestStep{
		Config:      env.providerConfig(paymentMethodConfig(env.MerchantID, "amex")),
		ExpectError: regexp.MustCompile(`(?s)401.*(?i:credential|secret|unauthori)`),
	})
}

func TestPaymentMethod_destroyWarning(t *testing.T) {
	plan, apply := destroyDiagnostics(t, "cardpay_payment_method", map[string]tftypes.Value{
		"id":          tftypes.NewValue(tftypes.String, "1001/amex"),
		"merchant_id": tftypes.NewValue(tftypes.Number, 1001),
		"method":      tftypes.NewValue(tftypes.String, "amex"),
	})
	requireWarning(t, "plan", plan, paymentMethodForgotten.Summary)
	requireWarning(t, "apply", apply, paymentMethodForgotten.Summary)
}

// paymentMethodImportConfig is the resource the import ID cases import to.
const paymentMethodImportConfig = `
resource "cardpay_payment_method" "x" {
  merchant_id = 1001
  method      = "amex"
}
`

// The rows of cardpay_payment_method in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"cardpay_payment_method merchant 0": {config: `
resource "cardpay_payment_method" "x" {
  merchant_id = 0
  method      = "amex"
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1, got: 0`},
		"cardpay_payment_method in upper case": {config: `
resource "cardpay_payment_method" "x" {
  merchant_id = 1001
  method      = "AMEX"
}
`, attr: "method", want: `method must be a lowercase payment-method identifier such as "visa"`},
		"cardpay_payment_method import without slash": {importID: "1001-amex", config: paymentMethodImportConfig,
			want: `Invalid import ID for cardpay_payment_method.*1001/amex`},
		"cardpay_payment_method import merchant 0": {importID: "0/amex", config: paymentMethodImportConfig,
			want: `Invalid import ID for cardpay_payment_method`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"cardpay_payment_method": {config: `
resource "cardpay_payment_method" "p" {
  merchant_id = 1001
  method      = "amex"
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"cardpay_payment_method": {except: "activating creates nothing, so its outcome is never unknown: the client " +
			"repeats an activation whose answer was lost (a repeatable endpoint), as activating an active method " +
			"again succeeds (TestAccPaymentMethod_alreadyActive)"},
	})
	addRows(identityTests, map[string]identityTest{
		"cardpay_payment_method": {addr: paymentMethodAddr, config: paymentMethodConfig(1001, "amex"),
			identity: map[string]knownvalue.Check{"merchant_id": identityMerchant, "method": knownvalue.StringExact("amex")},
			noUpdate: "both its arguments replace it, and it has no other"},
	})
	addRows(inPlaceUpdates, map[string]inPlaceUpdate{
		"cardpay_payment_method": {except: "its two arguments name the activation itself: another merchant_id or " +
			"method activates another method (replacement), and there is nothing else to change"},
	})
}
