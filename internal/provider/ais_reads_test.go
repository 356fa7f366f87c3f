// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	ephschema "github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
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

// TestAISReadSchemas checks the AIS reads' schemas: every attribute is
// described, every input validated, and each ephemeral resource declares
// exactly the attributes of its data source, validators included.
func TestAISReadSchemas(t *testing.T) {
	ctx := t.Context()
	reads := []struct {
		dataSource datasource.DataSource
		ephemeral  ephemeral.EphemeralResource
	}{
		{newAISAccountsDataSource(), newAISAccountsEphemeral()},
		{newAISAccountBalanceDataSource(), newAISAccountBalanceEphemeral()},
		{newAISAccountTransactionsDataSource(), newAISAccountTransactionsEphemeral()},
	}
	resp, err := protocolServer(t).GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, read := range reads {
		var meta datasource.MetadataResponse
		read.dataSource.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "cardpay"}, &meta)
		typeName := meta.TypeName
		var dsSchema datasource.SchemaResponse
		read.dataSource.Schema(ctx, datasource.SchemaRequest{}, &dsSchema)
		var ephSchema ephemeral.SchemaResponse
		read.ephemeral.Schema(ctx, ephemeral.SchemaRequest{}, &ephSchema)
		dsInputs := aisReadInputs(t, "data."+typeName, dsSchema.Schema.Attributes)
		ephInputs := aisReadInputs(t, "ephemeral."+typeName, ephSchema.Schema.Attributes)
		if !maps.Equal(dsInputs, ephInputs) {
			t.Errorf("%s: the validators of the inputs differ: data source %v, ephemeral resource %v", typeName, dsInputs, ephInputs)
		}
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

// aisReadInputs checks that every attribute of attrs (of a data source or
// an ephemeral resource) is described and every input validated, and
// returns the descriptions of each input's validators by name.
func aisReadInputs[A any](t *testing.T, where string, attrs map[string]A) map[string]string {
	t.Helper()
	inputs := map[string]string{}
	for name, a := range attrs {
		attribute, ok := any(a).(interface {
			GetMarkdownDescription() string
			IsRequired() bool
			IsOptional() bool
		})
		if !ok {
			t.Fatalf("%s.%s is a %T", where, name, a)
		}
		if strings.TrimSpace(attribute.GetMarkdownDescription()) == "" {
			t.Errorf("%s.%s has no description", where, name)
		}
		if attribute.IsRequired() || attribute.IsOptional() {
			inputs[name] = validatorDescriptions(t.Context(), attribute)
			if inputs[name] == "" {
				t.Errorf("input %s.%s has no validators", where, name)
			}
		}
		switch a := any(a).(type) {
		case dsschema.SingleNestedAttribute:
			maps.Copy(inputs, aisReadInputs(t, where+"."+name, a.Attributes))
		case dsschema.ListNestedAttribute:
			maps.Copy(inputs, aisReadInputs(t, where+"."+name, a.NestedObject.Attributes))
		case ephschema.SingleNestedAttribute:
			maps.Copy(inputs, aisReadInputs(t, where+"."+name, a.Attributes))
		case ephschema.ListNestedAttribute:
			maps.Copy(inputs, aisReadInputs(t, where+"."+name, a.NestedObject.Attributes))
		}
	}
	return inputs
}

// validatorDescriptions describes the validators of a string or number
// attribute, of any kind of schema.
func validatorDescriptions(ctx context.Context, a any) string {
	var descriptions []string
	switch a := a.(type) {
	case interface{ StringValidators() []validator.String }:
		for _, v := range a.StringValidators() {
			descriptions = append(descriptions, v.MarkdownDescription(ctx))
		}
	case interface{ Int64Validators() []validator.Int64 }:
		for _, v := range a.Int64Validators() {
			descriptions = append(descriptions, v.MarkdownDescription(ctx))
		}
	}
	return strings.Join(descriptions, "; ")
}
