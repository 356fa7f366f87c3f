// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// Helpers shared by the tests of the AIS reads (data sources and
// ephemeral resources). The consent is made straight through the API and
// authorized through the sandbox admin surface, so these tests do not depend
// on the cardpay_ais_consent resource.

const (
	aisTestUser    = "user-1001"
	aisTestBigUser = "user-1001-big"
)

var aisAllPermissions = []string{aisReadPermAccounts, aisReadPermBalances, aisReadPermTransactions}

// aisTestConsent creates a pending consent for userID of the test merchant
// and returns its request ID. Its earliest transaction date lies before all
// fixture transactions, so it hides none of them.
func aisTestConsent(t *testing.T, env *testEnv, userID string, permissions ...string) string {
	t.Helper()
	consent, err := partnerTestClient(t, env).CreateConsent(t.Context(), client.ConsentRequest{
		MerchantID:              env.MerchantID,
		UserID:                  userID,
		Permissions:             permissions,
		ExpirationDateTime:      time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339),
		TransactionFromDateTime: "2024-01-01T00:00:00Z",
	})
	if err != nil {
		t.Fatalf("create consent: %v", err)
	}
	return consent.RequestID
}

// aisTestAuthorizedConsent creates a consent and has the "bank" authorize it.
func aisTestAuthorizedConsent(t *testing.T, env *testEnv, userID string, permissions ...string) string {
	t.Helper()
	sb := env.requireSandbox(t)
	id := aisTestConsent(t, env, userID, permissions...)
	if err := sb.AuthorizeConsent(id); err != nil {
		t.Fatalf("authorize consent %s: %v", id, err)
	}
	return id
}

// aisTestFixtureUser returns the default fixture data of a user of 1001.
func aisTestFixtureUser(t *testing.T, userID string) sandbox.AISUser {
	t.Helper()
	return mustFind(t, sandbox.DefaultFixtures().AISUsers, func(u sandbox.AISUser) bool { return u.MerchantID == 1001 && u.UserID == userID },
		"no fixture user %s", userID)
}

// aisTestFixtureAccount returns a fixture account of aisTestUser.
func aisTestFixtureAccount(t *testing.T, accountID string) sandbox.AccountFixture {
	t.Helper()
	return mustFind(t, aisTestFixtureUser(t, aisTestUser).Accounts, func(a sandbox.AccountFixture) bool { return a.AccountID == accountID },
		"no fixture account %s of %s", accountID, aisTestUser)
}

// aisTestDetails is what account_details must hold for a flat fixture
// object: strings as they are, other values as their JSON text. It decodes
// differently from the provider (into any), so it checks it independently.
func aisTestDetails(t *testing.T, raw json.RawMessage) knownvalue.Check {
	t.Helper()
	var fields map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&fields); err != nil {
		t.Fatal(err)
	}
	checks := make(map[string]knownvalue.Check, len(fields))
	for name, v := range fields {
		switch v := v.(type) {
		case string:
			checks[name] = knownvalue.StringExact(v)
		case json.Number:
			checks[name] = knownvalue.StringExact(v.String())
		case bool:
			checks[name] = knownvalue.StringExact(strconv.FormatBool(v))
		default:
			t.Fatalf("aisTestDetails handles flat objects only; field %s is %T", name, v)
		}
	}
	return knownvalue.MapExact(checks)
}

func aisTestAccountCheck(a sandbox.AccountFixture, details knownvalue.Check) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"account_id":          knownvalue.StringExact(a.AccountID),
		"bank_id":             knownvalue.StringExact(a.BankID),
		"account_holder_name": knownvalue.StringExact(a.AccountHolderName),
		"iban":                knownvalue.StringExact(a.IBAN),
		"currency":            knownvalue.StringExact(a.Currency),
		"balance":             knownvalue.StringExact(a.Balance),
		"account_type":        knownvalue.StringExact(a.AccountType),
		"account_details":     details,
	})
}

// aisTestError matches an error holding each literal fragment in order;
// terraform wraps long diagnostics, so any whitespace matches a space.
func aisTestError(fragments ...string) *regexp.Regexp {
	quoted := make([]string, len(fragments))
	for i, f := range fragments {
		quoted[i] = strings.ReplaceAll(regexp.QuoteMeta(f), " ", `\s+`)
	}
	return regexp.MustCompile(`(?s)` + strings.Join(quoted, ".*"))
}

// TestAISReadSchemas checks the shared attribute tables: every attribute is
// described, every input validated, and each ephemeral resource has exactly
// the attributes of its data source.
func TestAISReadSchemas(t *testing.T) {
	tables := map[string]map[string]dsschema.Attribute{
		"cardpay_" + aisAccountsRead.name:            aisAccountsRead.attrs,
		"cardpay_" + aisAccountBalanceRead.name:      aisAccountBalanceRead.attrs,
		"cardpay_" + aisAccountTransactionsRead.name: aisAccountTransactionsRead.attrs,
	}
	var walk func(where string, attrs map[string]dsschema.Attribute)
	walk = func(where string, attrs map[string]dsschema.Attribute) {
		for name, a := range attrs {
			if strings.TrimSpace(a.GetMarkdownDescription()) == "" {
				t.Errorf("%s.%s has no description", where, name)
			}
			if (a.IsRequired() || a.IsOptional()) && !hasValidators(a) {
				t.Errorf("input %s.%s has no validators", where, name)
			}
			switch a := a.(type) {
			case dsschema.SingleNestedAttribute:
				walk(where+"."+name, a.Attributes)
			case dsschema.ListNestedAttribute:
				walk(where+"."+name, a.NestedObject.Attributes)
			}
		}
	}
	srv := protocolServer(t)
	resp, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for typeName, attrs := range tables {
		walk(typeName, attrs)
		ds, eph := resp.DataSourceSchemas[typeName], resp.EphemeralResourceSchemas[typeName]
		if ds == nil || eph == nil {
			t.Errorf("%s: data source registered %t, ephemeral resource registered %t", typeName, ds != nil, eph != nil)
			continue
		}
		if !reflect.DeepEqual(ds.Block.Attributes, eph.Block.Attributes) {
			t.Errorf("%s: the ephemeral resource's attributes differ from the data source's", typeName)
		}
	}
}

// hasValidators reports whether a string or number attribute has validators.
func hasValidators(a dsschema.Attribute) bool {
	switch a := a.(type) {
	case dsschema.StringAttribute:
		return len(a.Validators) > 0
	case dsschema.Int64Attribute:
		return len(a.Validators) > 0
	}
	return false
}
