// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// expectMerchantList checks that the merchants at addr are exactly the
// demo partner's merchants in the sandbox whose status is status (any
// when empty, compared as the data source does), in the sandbox's order.
func expectMerchantList(sb *sandbox.Server, addr, status string) statecheck.StateCheck {
	return lateChecks(func() []statecheck.StateCheck {
		want := []knownvalue.Check{}
		for _, m := range sb.Snapshot().Merchants {
			if m.PartnerClientID == sandbox.DemoPartnerClientID && (status == "" || strings.EqualFold(m.Status, status)) {
				want = append(want, knownvalue.ObjectExact(merchantValues(m)))
			}
		}
		return []statecheck.StateCheck{statecheck.ExpectKnownValue(addr, tfjsonpath.New("merchants"), knownvalue.ListExact(want))}
	})
}

// The data source lists the partner's merchants, fixtures and merchants
// made through the API alike and no other partner's, and filters them by
// status; on refresh it follows their changes.
func TestAccMerchantsDataSource(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	harbour := createPendingMerchant(t, env, "Harbour Coffee ApS", "CRM-4711")
	config := env.providerConfig(`
data "cardpay_merchants" "all" {}

data "cardpay_merchants" "pending" {
  status = "Pending"
}

data "cardpay_merchants" "inactive" {
  status = "inactive"
}
`)
	accTest(t,
		resource.TestStep{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				expectMerchantList(sb, "data.cardpay_merchants.all", ""),
				expectMerchantList(sb, "data.cardpay_merchants.pending", "pending"),
				expectMerchantList(sb, "data.cardpay_merchants.inactive", "inactive"),
				// 1001 to 1003 and the new one; 2001 and 2002 are another partner's.
				statecheck.ExpectKnownValue("data.cardpay_merchants.all", tfjsonpath.New("merchants"), knownvalue.ListSizeExact(4)),
				statecheck.ExpectKnownValue("data.cardpay_merchants.pending", tfjsonpath.New("merchants"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"merchant_id": knownvalue.Int64Exact(harbour)}),
				})),
				statecheck.ExpectKnownValue("data.cardpay_merchants.inactive", tfjsonpath.New("merchants"), knownvalue.ListSizeExact(0)),
			},
		},
		resource.TestStep{
			// The new merchant is onboarded and 1002 leaves.
			PreConfig: func() {
				if _, err := sb.ActivateMerchant(harbour); err != nil {
					t.Fatal(err)
				}
				if _, err := sb.DeactivateMerchant(1002); err != nil {
					t.Fatal(err)
				}
			},
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				expectMerchantList(sb, "data.cardpay_merchants.all", ""),
				statecheck.ExpectKnownValue("data.cardpay_merchants.pending", tfjsonpath.New("merchants"), knownvalue.ListSizeExact(0)),
				statecheck.ExpectKnownValue("data.cardpay_merchants.inactive", tfjsonpath.New("merchants"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"merchant_id": knownvalue.Int64Exact(1002)}),
				})),
			},
		},
	)
}

// The rows of data.cardpay_merchants in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_merchants blank status": {config: `
data "cardpay_merchants" "x" {
  status = " "
}
`, attr: "status", want: `status must not be empty or only whitespace`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_merchants": {config: `
data "cardpay_merchants" "m" {
  depends_on = [cardpay_merchant.m]
}
`},
	})
}
