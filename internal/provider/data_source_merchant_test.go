// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// lateChecks are state checks built when they run, so they can compare the
// state with the sandbox as the step left it (after a PreConfig change).
type lateChecks func() []statecheck.StateCheck

func (f lateChecks) CheckState(ctx context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	var errs []error
	for _, check := range f() {
		var r statecheck.CheckStateResponse
		check.CheckState(ctx, req, &r)
		errs = append(errs, r.Error)
	}
	resp.Error = errors.Join(errs...)
}

// failedCheck is a state check that fails with err.
func failedCheck(err error) statecheck.StateCheck {
	return stateCheckFunc(func(*tfjson.State) error { return err })
}

// sandboxMerchantByID returns the sandbox's record of merchant id.
func sandboxMerchantByID(sb *sandbox.Server, id int64) (sandbox.MerchantRecord, error) {
	for _, m := range sb.Snapshot().Merchants {
		if m.ID == id {
			return m, nil
		}
	}
	return sandbox.MerchantRecord{}, fmt.Errorf("the sandbox has no merchant %d", id)
}

// merchantValues are the attributes the merchant data sources and the list
// resource report for m; the optional ones are null when not given.
func merchantValues(m sandbox.MerchantRecord) map[string]knownvalue.Check {
	return map[string]knownvalue.Check{
		"merchant_id":    knownvalue.Int64Exact(m.ID),
		"client_id":      knownvalue.StringExact(m.ClientID),
		"company_name":   knownvalue.StringExact(m.CompanyName),
		"contact_email":  knownvalue.StringExact(m.ContactEmail),
		"contact_phone":  orderOptionalValue(m.ContactPhone),
		"partner_ref_id": orderOptionalValue(m.PartnerRefID),
		"status":         knownvalue.StringExact(m.Status),
		"created_at":     knownvalue.StringExact(m.CreatedAt),
	}
}

// expectMerchant checks every attribute of the cardpay_merchant data
// source at addr against the sandbox's merchant id when the check runs.
func expectMerchant(sb *sandbox.Server, addr string, id int64) statecheck.StateCheck {
	return lateChecks(func() []statecheck.StateCheck {
		m, err := sandboxMerchantByID(sb, id)
		if err != nil {
			return []statecheck.StateCheck{failedCheck(err)}
		}
		var checks []statecheck.StateCheck
		for attr, want := range merchantValues(m) {
			checks = append(checks, statecheck.ExpectKnownValue(addr, tfjsonpath.New(attr), want))
		}
		return checks
	})
}

// createPendingMerchant creates a standard merchant of the demo partner
// outside Terraform, as the partner's CRM would, and returns its ID.
func createPendingMerchant(t *testing.T, env *testEnv, name, ref string) int64 {
	t.Helper()
	m, err := partnerTestClient(t, env).CreateMerchant(t.Context(), client.MerchantRequest{
		CompanyName: name, ContactEmail: "owner@example.com", PartnerRefID: ref,
	})
	if err != nil {
		t.Fatal(err)
	}
	id, err := strconv.ParseInt(string(m.ID), 10, 64)
	if err != nil {
		t.Fatalf("merchant ID %q: %v", m.ID, err)
	}
	return id
}

// The data source reads a merchant by ID or by the partner's reference, as
// the service holds it, and follows it on refresh once its onboarding
// completes.
func TestAccMerchantDataSource(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	harbour := createPendingMerchant(t, env, "Harbour Coffee ApS", "CRM-4711")
	config := env.providerConfig(`
data "cardpay_merchant" "fixture" {
  merchant_id = 1001
}

data "cardpay_merchant" "harbour" {
  partner_ref_id = "CRM-4711"
}
`)
	const harbourAddr = "data.cardpay_merchant.harbour"
	accTest(t,
		resource.TestStep{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				expectMerchant(sb, "data.cardpay_merchant.fixture", 1001),
				expectMerchant(sb, harbourAddr, harbour),
				statecheck.ExpectKnownValue(harbourAddr, tfjsonpath.New("merchant_id"), knownvalue.Int64Exact(harbour)),
				statecheck.ExpectKnownValue(harbourAddr, tfjsonpath.New("status"), knownvalue.StringExact("pending")),
				statecheck.ExpectKnownValue(harbourAddr, tfjsonpath.New("contact_phone"), knownvalue.Null()),
			},
		},
		resource.TestStep{
			// The merchant completes its onboarding form.
			PreConfig: func() {
				if _, err := sb.ActivateMerchant(harbour); err != nil {
					t.Fatal(err)
				}
			},
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				expectMerchant(sb, harbourAddr, harbour),
				statecheck.ExpectKnownValue(harbourAddr, tfjsonpath.New("status"), knownvalue.StringExact("active")),
			},
		},
	)
}

// A merchant that is not the partner's, or does not exist, and a reference
// that names no single merchant fail with what to do.
func TestAccMerchantDataSource_notFound(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t)
	createPendingMerchant(t, env, "Twin One ApS", "CRM-twice")
	createPendingMerchant(t, env, "Twin Two ApS", "CRM-twice")
	step := func(config, want string) resource.TestStep {
		return resource.TestStep{Config: env.providerConfig(config), ExpectError: wrappedErrorPattern(want)}
	}
	accTest(t,
		step(`
data "cardpay_merchant" "x" {
  merchant_id = 2001
}
`, `Could not read merchant 2001.*HTTP 403.*merchant 2001 is not managed by this partner.*may not act for this merchant`),
		step(`
data "cardpay_merchant" "x" {
  merchant_id = 9999
}
`, `Could not read merchant 9999.*HTTP 404.*merchant 9999 not found`),
		step(`
data "cardpay_merchant" "x" {
  partner_ref_id = "CRM-nobody"
}
`, `No single merchant with partner reference "CRM-nobody".*has 0 merchants with that reference.*by merchant_id instead`),
		step(`
data "cardpay_merchant" "x" {
  partner_ref_id = "CRM-twice"
}
`, `No single merchant with partner reference "CRM-twice".*has 2 merchants with that reference`),
		step(`
data "cardpay_merchant" "x" {
  merchant_id    = 1001
  partner_ref_id = "CRM-4711"
}
`, `Invalid Attribute Combination.*merchant_id,partner_ref_id`),
	)
}

// The rows of data.cardpay_merchant in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_merchant both keys": {config: `
data "cardpay_merchant" "x" {
  merchant_id    = 1001
  partner_ref_id = "CRM-1"
}
`, want: `merchant_id.*partner_ref_id`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_merchant": {config: `
data "cardpay_merchant" "m" {
  merchant_id = cardpay_merchant.m.merchant_id
}
`},
	})
}
