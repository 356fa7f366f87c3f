// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

const paymentsAddr = "data.cardpay_payments.test"

// sandboxPayments returns the demo partner's payments in the sandbox of
// merchant (any when 0) with status (any when empty), newest first as the
// service lists them.
func sandboxPayments(sb *sandbox.Server, merchant int64, status string) ([]sandbox.Payment, map[int64]sandbox.MerchantRecord) {
	state := sb.Snapshot()
	merchants := map[int64]sandbox.MerchantRecord{}
	for _, m := range state.Merchants {
		merchants[m.ID] = m
	}
	var out []sandbox.Payment
	for _, p := range state.Payments {
		if merchants[p.MerchantID].PartnerClientID == sandbox.DemoPartnerClientID &&
			(merchant == 0 || p.MerchantID == merchant) && (status == "" || p.Status == status) {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b sandbox.Payment) int {
		return cmp.Or(strings.Compare(b.CreatedAt, a.CreatedAt), cmp.Compare(b.ID, a.ID))
	})
	return out, merchants
}

// expectPayments checks the data source against the sandbox when the check
// runs: the first maxPayments of the matching payments with every field,
// their total, and whether reading stopped before the end.
func expectPayments(sb *sandbox.Server, merchant int64, status string, maxPayments int) statecheck.StateCheck {
	return lateChecks(func() []statecheck.StateCheck {
		found, merchants := sandboxPayments(sb, merchant, status)
		entries := []knownvalue.Check{}
		for _, p := range found[:min(maxPayments, len(found))] {
			m := merchants[p.MerchantID]
			entries = append(entries, knownvalue.ObjectExact(map[string]knownvalue.Check{
				"id":                 knownvalue.StringExact(strconv.FormatInt(p.ID, 10)),
				"reference_number":   knownvalue.StringExact(p.ReferenceNumber),
				"amount":             knownvalue.StringExact(p.Amount.String()),
				"currency":           knownvalue.StringExact(p.Currency),
				"status":             knownvalue.StringExact(p.Status),
				"merchant_client_id": knownvalue.StringExact(m.ClientID),
				"merchant_name":      knownvalue.StringExact(m.CompanyName),
				"description":        knownvalue.StringExact(p.Description),
				"created_at":         knownvalue.StringExact(p.CreatedAt),
			}))
		}
		return []statecheck.StateCheck{
			statecheck.ExpectKnownValue(paymentsAddr, tfjsonpath.New("payments"), knownvalue.ListExact(entries)),
			statecheck.ExpectKnownValue(paymentsAddr, tfjsonpath.New("total"), knownvalue.Int64Exact(int64(len(found)))),
			statecheck.ExpectKnownValue(paymentsAddr, tfjsonpath.New("truncated"), knownvalue.Bool(len(found) > maxPayments)),
		}
	})
}

// expectListRequests checks that the step's read asked the sandbox for
// pages pages of payments since mark: the data source is read once, when
// the step plans, and the apply uses that plan.
func expectListRequests(mark *sandboxtest.RequestMark, pages int) statecheck.StateCheck {
	return stateCheckFunc(func(*tfjson.State) error {
		if got := mark.Since()[sandbox.RouteListPayments]; got != pages {
			return fmt.Errorf("the sandbox served %d requests for pages of payments, want %d", got, pages)
		}
		return nil
	})
}

// The data source reads page after page until the end, or until
// max_payments and then says so; filters by merchant and status; and
// follows a payment's status on refresh.
func TestAccPaymentsDataSource(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	var mark sandboxtest.RequestMark
	markRequests := func() { mark = sandboxtest.MarkRequests(sb) }
	if all, _ := sandboxPayments(sb, 1001, ""); len(all) != 45 {
		t.Fatalf("the sandbox holds %d payments of merchant 1001, want the fixtures' 45", len(all))
	}
	pending, _ := sandboxPayments(sb, 0, "pending")
	if len(pending) < 2 {
		t.Fatalf("the sandbox holds %d pending payments, want several", len(pending))
	}
	// step checks that the step read max of the payments of merchant (with
	// status) in pages requests.
	step := func(config string, merchant int64, status string, maxPayments, pages int) resource.TestStep {
		return resource.TestStep{
			PreConfig:         markRequests,
			Config:            env.providerConfig(config),
			ConfigStateChecks: []statecheck.StateCheck{expectPayments(sb, merchant, status, maxPayments), expectListRequests(&mark, pages)},
		}
	}
	// merchant1001Pages reads merchant 1001's payments in pages of pageSize,
	// at most maxPayments of them (null: the default).
	merchant1001Pages := func(pageSize int, maxPayments string) string {
		return fmt.Sprintf(`
data "cardpay_merchant" "m1001" {
  merchant_id = 1001
}

data "cardpay_payments" "test" {
  merchant_client_id = data.cardpay_merchant.m1001.client_id
  page_size          = %d
  max_payments       = %s
}
`, pageSize, maxPayments)
	}
	accTest(t,
		// Merchants 1001 and 1002: 51 payments, in pages of 50.
		step(`
data "cardpay_payments" "test" {}
`, 0, "", 1000, 2),
		// Merchant 1001's 45 payments in pages of ten.
		step(merchant1001Pages(10, "null"), 1001, "", 1000, 5),
		// Three pages of five hold the twelve: truncated, total still 45.
		step(merchant1001Pages(5, "12"), 1001, "", 12, 3),
		// Exactly max_payments: not truncated.
		step(merchant1001Pages(15, "45"), 1001, "", 45, 3),
		step(`
data "cardpay_payments" "test" {
  status = "pending"
}
`, 0, "pending", 1000, 1),
		resource.TestStep{
			// The newest pending payment is paid: the next read no longer
			// lists it.
			PreConfig: func() {
				markRequests()
				if _, err := sb.SetPaymentStatus(pending[0].ID, "paid"); err != nil {
					t.Fatal(err)
				}
			},
			Config: env.providerConfig(`
data "cardpay_payments" "test" {
  status = "pending"
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				expectPayments(sb, 0, "pending", 1000),
				expectListRequests(&mark, 1),
				statecheck.ExpectKnownValue(paymentsAddr, tfjsonpath.New("total"), knownvalue.Int64Exact(int64(len(pending)-1))),
			},
		},
	)
}

// Another partner's merchant is refused, an unknown one is not found, and a
// page size the service does not serve is refused before any request.
func TestAccPaymentsDataSource_otherMerchants(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	other, err := sandboxMerchantByID(sb, otherPartnersMerchant)
	if err != nil {
		t.Fatal(err)
	}
	accTest(t,
		resource.TestStep{
			Config: env.providerConfig(fmt.Sprintf(`
data "cardpay_payments" "test" {
  merchant_client_id = %q
}
`, other.ClientID)),
			ExpectError: wrappedErrorPattern(fmt.Sprintf(`Could not list the partner's payments.*HTTP 403.*merchant %d is not managed by this partner`,
				otherPartnersMerchant)),
		},
		resource.TestStep{
			Config: env.providerConfig(`
data "cardpay_payments" "test" {
  merchant_client_id = "00000000-0000-4000-8000-000000000000"
}
`),
			ExpectError: wrappedErrorPattern(`Could not list the partner's payments.*HTTP 404.*no merchant has client ID`),
		},
		resource.TestStep{
			Config: env.providerConfig(`
data "cardpay_payments" "test" {
  page_size = 101
}
`),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)page_size.*must be between 1 and 100, got: 101`),
		},
	)
}

// The rows of data.cardpay_payments in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_payments page size": {config: `
data "cardpay_payments" "x" {
  page_size = 500
}
`, attr: "page_size", want: `page_size value must be between 1 and 100, got: 500`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_payments": {config: `
data "cardpay_payments" "p" {
  max_payments = 10
}
`},
	})
}
