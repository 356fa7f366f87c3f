// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

const aisTransactionsAddr = "data.cardpay_ais_account_transactions.test"

// aisTransactionsQuery is what a transactions read asks for beyond the
// account: dates or timestamps, and a page limit; empty dates and a zero
// limit are null, as if left out.
type aisTransactionsQuery struct {
	from, to  string
	pageLimit int64
}

// aisTransactionsConfig reads the transactions of the user's account.
func aisTransactionsConfig(merchantID int64, userID, accountID string, q aisTransactionsQuery) string {
	pageLimit := "null"
	if q.pageLimit != 0 {
		pageLimit = strconv.FormatInt(q.pageLimit, 10)
	}
	return fmt.Sprintf(`
data "cardpay_ais_account_transactions" "test" {
  merchant_id = %d
  user_id     = %q
  account_id  = %q
  from_date   = %s
  to_date     = %s
  page_limit  = %s
}
`, merchantID, userID, accountID, hclOptional(q.from), hclOptional(q.to), pageLimit)
}

// aisTestTransactions returns the fixture transactions of an account of
// aisTestUser booked between from and to, newest first as the sandbox
// documents. from and to are written as in a configuration ("" for open):
// a timestamp is that instant, a date its whole UTC day.
func aisTestTransactions(t *testing.T, accountID, from, to string) []sandbox.Transaction {
	t.Helper()
	first, last := time.Time{}, time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
	var err error
	if from != "" {
		if first, _, err = aisReadParseDate(from); err != nil {
			t.Fatal(err)
		}
	}
	if to != "" {
		if _, last, err = aisReadParseDate(to); err != nil {
			t.Fatal(err)
		}
	}
	var out []sandbox.Transaction
	for _, tx := range aisTestFixtureAccount(t, accountID).Transactions {
		if booked := aisTestBooked(t, tx); !booked.Before(first) && !booked.After(last) {
			out = append(out, tx)
		}
	}
	slices.SortStableFunc(out, func(a, b sandbox.Transaction) int { return aisTestBooked(t, b).Compare(aisTestBooked(t, a)) })
	return out
}

// aisTestBooked is a fixture transaction's booking time.
func aisTestBooked(t *testing.T, tx sandbox.Transaction) time.Time {
	t.Helper()
	booked, err := time.Parse(time.RFC3339, tx.BookingDate)
	if err != nil {
		t.Fatalf("fixture transaction %s: %v", tx.TransactionID, err)
	}
	return booked
}

func aisTestTransactionChecks(txs []sandbox.Transaction) knownvalue.Check {
	checks := make([]knownvalue.Check, len(txs))
	for i, tx := range txs {
		checks[i] = knownvalue.ObjectExact(map[string]knownvalue.Check{
			"transaction_id": knownvalue.StringExact(tx.TransactionID),
			"amount":         knownvalue.StringExact(tx.Amount),
			"currency":       knownvalue.StringExact(tx.Currency),
			"description":    knownvalue.StringExact(tx.Description),
			"booking_date":   knownvalue.StringExact(tx.BookingDate),
			"value_date":     knownvalue.StringExact(tx.ValueDate),
			"counterparty": knownvalue.ObjectExact(map[string]knownvalue.Check{
				"name": knownvalue.StringExact(tx.Counterparty.Name),
				"iban": knownvalue.StringExact(tx.Counterparty.IBAN),
			}),
			"reference": knownvalue.StringExact(tx.Reference),
			"type":      knownvalue.StringExact(tx.Type),
			"status":    knownvalue.StringExact(tx.Status),
		})
	}
	return knownvalue.ListExact(checks)
}

func aisTestPageChecks(total, pageLimit int64, txs knownvalue.Check) []statecheck.StateCheck {
	return []statecheck.StateCheck{
		statecheck.ExpectKnownValue(aisTransactionsAddr, tfjsonpath.New("total_transactions"), knownvalue.Int64Exact(total)),
		statecheck.ExpectKnownValue(aisTransactionsAddr, tfjsonpath.New("page_limit"), knownvalue.Int64Exact(pageLimit)),
		statecheck.ExpectKnownValue(aisTransactionsAddr, tfjsonpath.New("transactions"), txs),
	}
}

func TestAccAISAccountTransactionsDataSource(t *testing.T) {
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	all := aisTestTransactions(t, "acc-1001-eur", "", "")
	// Amounts keep their trailing zeros; debits and credits, both positive,
	// keep their type.
	if !slices.ContainsFunc(all, func(tx sandbox.Transaction) bool { return strings.HasSuffix(tx.Amount, "0") }) ||
		!slices.ContainsFunc(all, func(tx sandbox.Transaction) bool { return tx.Type == "DEBIT" }) ||
		!slices.ContainsFunc(all, func(tx sandbox.Transaction) bool { return tx.Type == "CREDIT" }) {
		t.Fatal("the fixture lacks a trailing zero, a debit or a credit to check")
	}
	checks := aisTestPageChecks(int64(len(all)), aisDefaultPageLimit, aisTestTransactionChecks(all))
	checks = append(checks,
		statecheck.ExpectSensitiveValue(aisTransactionsAddr, tfjsonpath.New("transactions")),
		statecheck.ExpectKnownValue(aisTransactionsAddr, tfjsonpath.New("from_date"), knownvalue.Null()),
	)
	accTest(t, resource.TestStep{
		Config:            env.providerConfig(aisTransactionsConfig(env.MerchantID, aisTestUser, "acc-1001-eur", aisTransactionsQuery{})),
		ConfigStateChecks: checks,
	})
}

func TestAccAISAccountTransactionsDataSource_dateRange(t *testing.T) {
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	inRange := aisTestTransactions(t, "acc-1001-dkk", "2025-06-01", "2025-12-31T23:59:59Z")
	all := aisTestTransactions(t, "acc-1001-dkk", "", "")
	if len(inRange) < 6 || len(inRange) == len(all) {
		t.Fatalf("the date range should select some but not all fixture transactions, selects %d of %d", len(inRange), len(all))
	}
	onlyFrom := aisTestTransactions(t, "acc-1001-dkk", "2026-01-01T00:00:00+00:00", "")
	config := func(q aisTransactionsQuery) string {
		return env.providerConfig(aisTransactionsConfig(env.MerchantID, aisTestUser, "acc-1001-dkk", q))
	}
	accTest(t,
		resource.TestStep{
			// A date and an RFC 3339 timestamp, both inclusive.
			Config:            config(aisTransactionsQuery{from: "2025-06-01", to: "2025-12-31T23:59:59Z"}),
			ConfigStateChecks: aisTestPageChecks(int64(len(inRange)), aisDefaultPageLimit, aisTestTransactionChecks(inRange)),
		},
		resource.TestStep{
			// The page limit cuts the list, not the total.
			Config:            config(aisTransactionsQuery{from: "2025-06-01", to: "2025-12-31", pageLimit: 5}),
			ConfigStateChecks: aisTestPageChecks(int64(len(inRange)), 5, aisTestTransactionChecks(inRange[:5])),
		},
		resource.TestStep{
			Config:            config(aisTransactionsQuery{from: "2026-01-01T00:00:00+00:00"}),
			ConfigStateChecks: aisTestPageChecks(int64(len(onlyFrom)), aisDefaultPageLimit, aisTestTransactionChecks(onlyFrom)),
		},
	)
}

func TestAccAISAccountTransactionsDataSource_pageLimit(t *testing.T) {
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestBigUser, aisAllPermissions...)
	const total = 5000 // the fixture's generated transactions, all after the consent's earliest date
	config := func(pageLimit int64) string {
		return env.providerConfig(aisTransactionsConfig(env.MerchantID, aisTestBigUser, "acc-1001-big", aisTransactionsQuery{pageLimit: pageLimit}))
	}
	accTest(t,
		resource.TestStep{
			Config:            config(0),
			ConfigStateChecks: aisTestPageChecks(total, aisDefaultPageLimit, knownvalue.ListSizeExact(aisDefaultPageLimit)),
		},
		resource.TestStep{
			Config:            config(1),
			ConfigStateChecks: aisTestPageChecks(total, 1, knownvalue.ListSizeExact(1)),
		},
		resource.TestStep{
			Config:            config(aisSandboxMaxPageLimit),
			ConfigStateChecks: aisTestPageChecks(total, aisSandboxMaxPageLimit, knownvalue.ListSizeExact(aisSandboxMaxPageLimit)),
		},
		resource.TestStep{
			// The provider leaves the maximum to the service: the sandbox refuses it, with its request ID.
			Config:      config(aisSandboxMaxPageLimit + 1),
			ExpectError: aisTestError("Could not read the transactions", "HTTP 400", "pageLimit", "request ID"),
		},
	)
}

func TestAccAISAccountTransactionsDataSource_validation(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	mark := sandboxtest.MarkRequests(sb)
	config := func(q aisTransactionsQuery) string {
		return env.providerConfig(aisTransactionsConfig(env.MerchantID, aisTestUser, "acc-1001-dkk", q))
	}
	accTest(t,
		resource.TestStep{
			Config:      config(aisTransactionsQuery{from: "2026-02-01", to: "2026-01-31"}),
			ExpectError: aisTestError("from_date is after to_date", `from_date "2026-02-01" is after to_date "2026-01-31"`),
		},
		resource.TestStep{
			Config:      config(aisTransactionsQuery{from: "2026-01-31T12:00:00Z", to: "2026-01-31T11:00:00Z"}),
			ExpectError: aisTestError("from_date is after to_date"),
		},
		resource.TestStep{
			Config: env.providerConfig(fmt.Sprintf(`
data "cardpay_ais_account_transactions" "test" {
  merchant_id = %d
  user_id     = %q
  account_id  = "acc-1001-dkk"
  page_limit  = 0
}
`, env.MerchantID, aisTestUser)),
			ExpectError: regexp.MustCompile(`(?s)page_limit.*at least 1`),
		},
		resource.TestStep{
			Config:      config(aisTransactionsQuery{to: "31/01/2026"}),
			ExpectError: aisTestError("Invalid date", `"31/01/2026" is not a valid date`, "2025-01-31"),
		},
		resource.TestStep{
			Config:      config(aisTransactionsQuery{from: "2026-01-31 10:00"}),
			ExpectError: aisTestError("Invalid date"),
		},
	)
	mark.ExpectNoneReached(t, sandbox.RouteListTransactions)
}

func TestAccAISAccountTransactionsDataSource_sameDayRange(t *testing.T) {
	env := newTestEnv(t)
	aisTestAuthorizedConsent(t, env, aisTestUser, aisAllPermissions...)
	newest := aisTestTransactions(t, "acc-1001-dkk", "", "")[0]
	booked := aisTestBooked(t, newest)
	day := booked.Format(time.DateOnly)
	earlier := booked.Add(-time.Second).Format(time.RFC3339)
	config := func(from, to string) string {
		return env.providerConfig(aisTransactionsConfig(env.MerchantID, aisTestUser, "acc-1001-dkk", aisTransactionsQuery{from: from, to: to}))
	}
	accTest(t,
		resource.TestStep{
			// A timestamp inside the to_date's day is not "after" it, and
			// the booking's own time is included.
			Config: config(newest.BookingDate, day),
			ConfigStateChecks: aisTestPageChecks(1, aisDefaultPageLimit,
				aisTestTransactionChecks([]sandbox.Transaction{newest})),
		},
		resource.TestStep{
			// The day before its booking time, to the second, holds none.
			Config:            config(day, earlier),
			ConfigStateChecks: aisTestPageChecks(0, aisDefaultPageLimit, knownvalue.ListSizeExact(0)),
		},
	)
}

// The direct conversion of a transactions page builds exactly the value the
// framework's reflection builds, for the data source and the ephemeral
// resource, with and without optional parts.
func TestAISTransactionsTerraformValue(t *testing.T) {
	ctx := t.Context()
	full := aisTransactionModel{
		TransactionID: types.StringValue("tx-1"), Amount: types.StringValue("0.10"), Currency: types.StringValue("DKK"),
		Description: types.StringValue("Coffee"), BookingDate: types.StringValue("2026-01-02T10:30:00Z"),
		ValueDate: types.StringValue("2026-01-03"), Reference: types.StringValue("ref"),
		Type: types.StringValue("DEBIT"), Status: types.StringValue("BOOKED"),
		Counterparty: &aisCounterpartyModel{Name: types.StringValue("Café"), IBAN: types.StringNull()},
	}
	sparse := aisTransactionModel{TransactionID: types.StringValue("tx-2"), Amount: types.StringNull()}
	models := map[string]aisAccountTransactionsModel{
		"page": {MerchantID: types.Int64Value(1001), UserID: types.StringValue("u"), AccountID: types.StringValue("a"),
			PageLimit: types.Int64Value(200), FromDate: types.StringValue("2026-01-01"), ToDate: types.StringNull(),
			TotalTransactions: types.Int64Value(2), Transactions: []aisTransactionModel{full, sparse}},
		"empty page": {MerchantID: types.Int64Value(1), UserID: types.StringValue("u"), AccountID: types.StringValue("a"),
			PageLimit: types.Int64Null(), TotalTransactions: types.Int64Value(0), Transactions: []aisTransactionModel{}},
		"no list": {MerchantID: types.Int64Value(1), UserID: types.StringValue("u"), AccountID: types.StringValue("a")},
	}
	var dsSchema datasource.SchemaResponse
	newAISAccountTransactionsDataSource().Schema(ctx, datasource.SchemaRequest{}, &dsSchema)
	var ephSchema ephemeral.SchemaResponse
	newAISAccountTransactionsEphemeral().Schema(ctx, ephemeral.SchemaRequest{}, &ephSchema)
	forms := map[string]struct {
		typ       attr.Type
		framework func(m *aisAccountTransactionsModel) (tftypes.Value, diag.Diagnostics)
	}{
		"data source": {dsSchema.Schema.Type(), func(m *aisAccountTransactionsModel) (tftypes.Value, diag.Diagnostics) {
			state := tfsdk.State{Schema: dsSchema.Schema}
			diags := state.Set(ctx, m)
			return state.Raw, diags
		}},
		"ephemeral": {ephSchema.Schema.Type(), func(m *aisAccountTransactionsModel) (tftypes.Value, diag.Diagnostics) {
			result := tfsdk.EphemeralResultData{Schema: ephSchema.Schema}
			diags := result.Set(ctx, m)
			return result.Raw, diags
		}},
	}
	for formName, form := range forms {
		for name, m := range models {
			viaFramework, diags := form.framework(&m)
			if diags.HasError() {
				t.Fatalf("%s, %s: framework: %v", formName, name, diags)
			}
			direct, diags := m.terraformValue(ctx, form.typ)
			if diags.HasError() {
				t.Fatalf("%s, %s: direct: %v", formName, name, diags)
			}
			if !direct.Equal(viaFramework) {
				diffs, _ := direct.Diff(viaFramework)
				t.Errorf("%s, %s: the direct value differs from the framework's: %v", formName, name, diffs)
			}
		}
	}
}

// The rows of data.cardpay_ais_account_transactions in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_ais_account_transactions from_date": {config: `
data "cardpay_ais_account_transactions" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
  from_date   = "01/02/2026"
}
`, attr: "from_date", want: `"01/02/2026" is not a valid date. Write an RFC 3339 timestamp such as .* or a date such as "2025-01-31"`},
		"data.cardpay_ais_account_transactions page_limit 0": {config: `
data "cardpay_ais_account_transactions" "x" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
  page_limit  = 0
}
`, attr: "page_limit", want: `page_limit value must be at least 1, got: 0`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_ais_account_transactions": {afterConsent: true, config: `
data "cardpay_ais_account_transactions" "t" {
  merchant_id = 1001
  user_id     = "user-1001"
  account_id  = "acc-1001-dkk"
}
`},
	})
}
