// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

const merchantQuery = `
list "cardpay_merchant" "all" {
  provider         = cardpay
  include_resource = true
}
`

// terraform query finds every merchant of the partner, and no other
// partner's, each recorded as the sandbox holds it and as after import:
// without an onboarding link, fast_track and test_merchant null.
func TestAccMerchantList_query(t *testing.T) {
	skipWithoutQuery(t)
	env, sb := newSandboxTestEnv(t)
	c := partnerTestClient(t, env)
	harbour := createPendingMerchant(t, env, "Harbour Coffee ApS", "CRM-4711")
	if _, err := c.CreateTestMerchant(t.Context(), client.MerchantRequest{CompanyName: "Module CI ApS", ContactEmail: "ci@example.com"}); err != nil {
		t.Fatal(err)
	}
	if _, err := sb.DeactivateMerchant(1002); err != nil {
		t.Fatal(err)
	}

	checks := []querycheck.QueryResultCheck{}
	for _, m := range sb.Snapshot().Merchants {
		if m.PartnerClientID != sandbox.DemoPartnerClientID {
			continue
		}
		identity := map[string]knownvalue.Check{"merchant_id": knownvalue.Int64Exact(m.ID)}
		values := []querycheck.KnownValueCheck{
			{Path: tfjsonpath.New("id"), KnownValue: knownvalue.StringExact(strconv.FormatInt(m.ID, 10))},
			{Path: tfjsonpath.New("fast_track"), KnownValue: knownvalue.Null()},
			{Path: tfjsonpath.New("test_merchant"), KnownValue: knownvalue.Null()},
			{Path: tfjsonpath.New("onboarding_url"), KnownValue: knownvalue.Null()},
			{Path: tfjsonpath.New("onboarding_url_expires_at"), KnownValue: knownvalue.Null()},
		}
		for attr, want := range merchantValues(m) {
			values = append(values, querycheck.KnownValueCheck{Path: tfjsonpath.New(attr), KnownValue: want})
		}
		checks = append(checks,
			querycheck.ExpectIdentity("cardpay_merchant.all", identity),
			querycheck.ExpectResourceDisplayName("cardpay_merchant.all", queryfilter.ByResourceIdentity(identity),
				knownvalue.StringExact(fmt.Sprintf("%s (%d)", m.CompanyName, m.ID))),
			querycheck.ExpectResourceKnownValues("cardpay_merchant.all", queryfilter.ByResourceIdentity(identity), values),
		)
	}
	// 1001 to 1003, the new merchant and the test merchant.
	checks = append(checks, querycheck.ExpectLength("cardpay_merchant.all", 5),
		querycheck.ExpectResourceKnownValues("cardpay_merchant.all",
			queryfilter.ByResourceIdentity(map[string]knownvalue.Check{"merchant_id": knownvalue.Int64Exact(harbour)}),
			[]querycheck.KnownValueCheck{
				{Path: tfjsonpath.New("status"), KnownValue: knownvalue.StringExact("pending")},
				{Path: tfjsonpath.New("partner_ref_id"), KnownValue: knownvalue.StringExact("CRM-4711")},
			}),
		querycheck.ExpectResourceKnownValues("cardpay_merchant.all",
			queryfilter.ByResourceIdentity(map[string]knownvalue.Check{"merchant_id": knownvalue.Int64Exact(1002)}),
			[]querycheck.KnownValueCheck{{Path: tfjsonpath.New("status"), KnownValue: knownvalue.StringExact("inactive")}}),
	)
	queryAccTest(t, env, resource.TestStep{Query: true, Config: merchantQuery, QueryResultChecks: checks})
}

// Credentials the service no longer accepts fail the query with its
// message.
func TestAccMerchantList_revokedCredentials(t *testing.T) {
	skipWithoutQuery(t)
	env, sb := newSandboxTestEnv(t)
	revoked := createRevokedCredential(t, env, sb)
	env.ClientID, env.ClientSecret = revoked.ClientID, revoked.ClientSecret
	queryAccTest(t, env, resource.TestStep{
		Query:       true,
		Config:      merchantQuery,
		ExpectError: wrappedErrorPattern(`Could not list the partner's merchants.*HTTP 401.*this credential was revoked`),
	})
}

// The rows of list.cardpay_merchant in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"list.cardpay_merchant": {except: "takes no arguments: it lists every merchant of the partner"},
	})
	addRows(secretsUses, map[string]secretsUse{
		"list.cardpay_merchant": {except: listsWriteNothing},
	})
}
