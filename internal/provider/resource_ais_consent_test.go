// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	acc "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

const (
	aisConsentAddr = "cardpay_ais_consent.test"
	aisConsentType = "cardpay_ais_consent"
)

var consentTimestampPattern = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$`)

// aisConsentArgs are the arguments of one cardpay_ais_consent block.
type aisConsentArgs struct {
	merchantID      int64
	userID          string
	permissions     []string
	expiration      string
	transactionFrom string
	callbackURL     string
}

var (
	// baseConsent is a valid consent with fixed times, without callback_url.
	baseConsent = aisConsentArgs{merchantID: 1001, userID: "user-1001", permissions: []string{"ReadBalances"},
		expiration: "2099-01-01T00:00:00Z", transactionFrom: "2025-01-01T00:00:00Z"}
	// consentBase is baseConsent's configuration, for the tests that need
	// a consent but do not vary it.
	consentBase = baseConsent.config()
)

// newAISConsentArgs returns valid arguments with times relative to now, so
// the tests never go stale: expiry in 30 days, transactions from 6 months ago.
func newAISConsentArgs(merchantID int64) aisConsentArgs {
	now := time.Now().UTC().Truncate(time.Second)
	return aisConsentArgs{
		merchantID:      merchantID,
		userID:          "user-1001",
		permissions:     []string{"ReadAccountsDetail", "ReadBalances"},
		expiration:      now.AddDate(0, 0, 30).Format(time.RFC3339),
		transactionFrom: now.AddDate(0, -6, 0).Format(time.RFC3339),
		callbackURL:     "https://merchant.example/ais/callback?tenant=1001",
	}
}

// withCallback returns the arguments with callback_url set to url.
func (a aisConsentArgs) withCallback(url string) aisConsentArgs {
	a.callbackURL = url
	return a
}

func (a aisConsentArgs) config() string {
	return fmt.Sprintf(`
resource "cardpay_ais_consent" "test" {
  merchant_id                = %d
  user_id                    = %q
  permissions                = %s
  expiration_date_time       = %q
  transaction_from_date_time = %q
  callback_url               = %s
}
`, a.merchantID, a.userID, hclStrings(a.permissions), a.expiration, a.transactionFrom, hclOptional(a.callbackURL))
}

// authorizeConsent is a PreConfig that authorizes the consent of request
// *requestID at the bank, as its user would, and records the consent ID the
// service then gives it in *consentID.
func authorizeConsent(t *testing.T, sb *sandbox.Server, requestID, consentID *string) func() {
	return func() {
		if err := sb.AuthorizeConsent(*requestID); err != nil {
			t.Fatal(err)
		}
		*consentID = sb.Snapshot().Consents[0].ConsentID
	}
}

// respellConsentTime writes the instant of an RFC 3339 timestamp at another UTC offset.
func respellConsentTime(t *testing.T, ts string, offsetHours int) string {
	t.Helper()
	parsed, err := time.Parse(time.RFC3339, ts)
	if err != nil {
		t.Fatal(err)
	}
	return parsed.In(time.FixedZone("", offsetHours*3600)).Format(time.RFC3339)
}

// consentErrorRegexp matches words separated by any whitespace, because terraform
// wraps long diagnostic lines.
func consentErrorRegexp(words string) *regexp.Regexp {
	parts := strings.Fields(words)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile(`(?s)` + strings.Join(parts, `\s+`))
}

// expectSandboxConsents checks the sandbox after apply: it holds want
// consents and the newest is the one in state, created with args.
func expectSandboxConsents(sb *sandbox.Server, want int, args aisConsentArgs) statecheck.StateCheck {
	return resourceAttrs(aisConsentAddr, func(attrs map[string]any) error {
		got, err := newestOf("consents", sb.Snapshot().Consents, want)
		if err != nil {
			return err
		}
		wantPerms := slices.Sorted(slices.Values(args.permissions))
		switch {
		case attrs["id"] != got.RequestID:
			return fmt.Errorf("state id %v, newest sandbox consent %s", attrs["id"], got.RequestID)
		case got.MerchantID != args.merchantID || got.UserID != args.userID:
			return fmt.Errorf("sandbox consent for merchant %d user %q, want %d %q", got.MerchantID, got.UserID, args.merchantID, args.userID)
		case !slices.Equal(got.Permissions, wantPerms):
			return fmt.Errorf("sandbox permissions %v, want %v", got.Permissions, wantPerms)
		case got.ExpirationDateTime != args.expiration || got.TransactionFromDateTime != args.transactionFrom:
			return fmt.Errorf("sandbox times %s / %s, want them as written: %s / %s",
				got.ExpirationDateTime, got.TransactionFromDateTime, args.expiration, args.transactionFrom)
		case got.CallbackURL != args.callbackURL:
			return fmt.Errorf("sandbox callback URL %q, want %q", got.CallbackURL, args.callbackURL)
		case got.Status != "pending":
			return fmt.Errorf("sandbox consent status %q, want pending", got.Status)
		}
		return nil
	})
}

func TestAccAISConsent_basic(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	args := newAISConsentArgs(env.MerchantID)
	respelled := args
	respelled.expiration = respellConsentTime(t, args.expiration, 1)
	respelled.transactionFrom = respellConsentTime(t, args.transactionFrom, -5)

	accTest(t,
		acc.TestStep{
			Config:           env.providerConfig(args.config()),
			ConfigPlanChecks: plannedAction(aisConsentAddr, plancheck.ResourceActionCreate),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.CompareValuePairs(aisConsentAddr, tfjsonpath.New("id"),
					aisConsentAddr, tfjsonpath.New("request_id"), compare.ValuesSame()),
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`\S`))),
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("status"), knownvalue.StringExact("pending")),
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("authorization_url"), knownvalue.NotNull()),
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("consent_id"), knownvalue.Null()),
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("error_message"), knownvalue.Null()),
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("created_at"), knownvalue.StringRegexp(consentTimestampPattern)),
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("updated_at"), knownvalue.StringRegexp(consentTimestampPattern)),
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("expiration_date_time"), knownvalue.StringExact(args.expiration)),
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("permissions"), knownvalue.SetExact([]knownvalue.Check{
					knownvalue.StringExact("ReadAccountsDetail"), knownvalue.StringExact("ReadBalances"),
				})),
				expectSandboxConsents(sb, 1, args),
			},
		},
		acc.TestStep{
			// A second plan with the same configuration changes nothing.
			Config:           env.providerConfig(args.config()),
			ConfigPlanChecks: beforeApply(plancheck.ExpectEmptyPlan()),
		},
		acc.TestStep{
			// The same instants at other UTC offsets: no diff, no new consent,
			// and the state keeps the spelling that was sent to the API.
			Config:           env.providerConfig(respelled.config()),
			ConfigPlanChecks: beforeApply(plancheck.ExpectEmptyPlan()),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("expiration_date_time"), knownvalue.StringExact(args.expiration)),
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("transaction_from_date_time"), knownvalue.StringExact(args.transactionFrom)),
				expectSandboxConsents(sb, 1, args),
			},
		},
	)
}

func TestAccAISConsent_replace(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	first := newAISConsentArgs(env.MerchantID)
	first.callbackURL = ""
	morePerms := first
	morePerms.permissions = []string{"ReadBalances", "ReadTransactionsDetail", "ReadAccountsDetail"}
	otherUser := morePerms
	otherUser.userID = "user-1001-big"
	ids := statecheck.CompareValue(compare.ValuesDiffer())

	accTest(t,
		acc.TestStep{
			Config: env.providerConfig(first.config()),
			ConfigStateChecks: []statecheck.StateCheck{
				ids.AddStateValue(aisConsentAddr, tfjsonpath.New("id")),
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("callback_url"), knownvalue.Null()),
			},
		},
		acc.TestStep{
			Config: env.providerConfig(morePerms.config()),
			ConfigPlanChecks: beforeApply(
				plancheck.ExpectResourceAction(aisConsentAddr, plancheck.ResourceActionDestroyBeforeCreate),
			),
			ConfigStateChecks: []statecheck.StateCheck{
				ids.AddStateValue(aisConsentAddr, tfjsonpath.New("id")),
				expectSandboxConsents(sb, 2, morePerms),
			},
		},
		acc.TestStep{
			Config:           env.providerConfig(otherUser.config()),
			ConfigPlanChecks: beforeApply(plancheck.ExpectResourceAction(aisConsentAddr, plancheck.ResourceActionReplace)),
			ConfigStateChecks: []statecheck.StateCheck{
				ids.AddStateValue(aisConsentAddr, tfjsonpath.New("id")),
				statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("user_id"), knownvalue.StringExact("user-1001-big")),
				// The replaced consents were only forgotten: they still exist.
				expectSandboxConsents(sb, 3, otherUser),
			},
		},
	)
	for _, c := range sb.Snapshot().Consents {
		if c.Status != "pending" {
			t.Errorf("consent %s is %s; destroy must leave it untouched", c.RequestID, c.Status)
		}
	}
}

func TestAccAISConsent_validation(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	now := time.Now().UTC().Truncate(time.Second)
	with := func(change func(*aisConsentArgs)) string {
		a := newAISConsentArgs(env.MerchantID)
		change(&a)
		return env.providerConfig(a.config())
	}
	step := func(config string, want *regexp.Regexp) acc.TestStep {
		return acc.TestStep{Config: config, PlanOnly: true, ExpectError: want}
	}
	mark := sandboxtest.MarkRequests(sb)

	accTest(t,
		step(with(func(a *aisConsentArgs) { a.permissions = []string{"ReadBalances", "ReadEverything"} }),
			regexp.MustCompile(`(?s)must\s+be\s+one\s+of:.*"ReadAccountsDetail".*"ReadBalances".*"ReadTransactionsDetail".*ReadEverything`)),
		step(with(func(a *aisConsentArgs) { a.permissions = nil }),
			wrappedErrorPattern(`permissions set must contain at least 1 elements, got: 0`)),
		step(with(func(a *aisConsentArgs) { a.transactionFrom = now.AddDate(0, 0, 60).Format(time.RFC3339) }),
			consentErrorRegexp("must be later than transaction_from_date_time")),
		step(with(func(a *aisConsentArgs) { a.expiration = a.transactionFrom }),
			consentErrorRegexp("must be later than transaction_from_date_time")),
		step(with(func(a *aisConsentArgs) { a.expiration = now.AddDate(0, 0, -1).Format(time.RFC3339) }),
			consentErrorRegexp("Consent expiration is in the past")),
		step(with(func(a *aisConsentArgs) { a.expiration = "2027-01-01 00:00:00" }),
			consentErrorRegexp("Invalid RFC3339 String Value")),
		step(with(func(a *aisConsentArgs) { a.callbackURL = "ftp://x" }),
			regexp.MustCompile(`(?s)Invalid\s+callback\s+URL.*scheme\s+"ftp".*https`)),
		step(with(func(a *aisConsentArgs) { a.callbackURL = "http://example.com/cb" }),
			regexp.MustCompile(`(?s)Invalid\s+callback\s+URL.*plain\s+http.*loopback`)),
		step(with(func(a *aisConsentArgs) { a.userID = " " }),
			consentErrorRegexp("must not be empty or only whitespace")),
	)
	mark.ExpectNoneReached(t, sandbox.RouteCreateConsent)
}

func TestAccAISConsent_otherPartnersMerchant(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	accTest(t, acc.TestStep{
		Config: env.providerConfig(newAISConsentArgs(2001).config()),
		ExpectError: regexp.MustCompile(`(?s)Not\s+allowed\s+to\s+create\s+consents\s+for\s+merchant\s+2001.*` +
			`HTTP\s+403.*not\s+managed\s+by\s+this\s+partner.*request\s+ID\s+\S+.*access_token`),
	})
	if n := len(sb.Snapshot().Consents); n != 0 {
		t.Errorf("sandbox holds %d consents after a refused create, want 0", n)
	}
}

// identityCallback is the callback_url of the consent the identity test
// adopts; its configuration, baseConsent, leaves it out.
const identityCallback = "https://merchant.example/ais/callback"

// The rows of cardpay_ais_consent in the cross-type tests (crossTypeTables).
func init() {
	// badConsent is baseConsent's configuration after change.
	badConsent := func(change func(*aisConsentArgs)) string {
		a := baseConsent
		change(&a)
		return a.config()
	}
	addRows(badInputs, map[string]badInput{
		"cardpay_ais_consent permission": {config: badConsent(func(a *aisConsentArgs) { a.permissions = []string{"ReadEverything"} }),
			attr: "permissions", want: `value must be one of:.*ReadAccountsDetail`},
		"cardpay_ais_consent empty permission set": {config: badConsent(func(a *aisConsentArgs) { a.permissions = []string{} }),
			attr: "permissions", want: `permissions set must contain at least 1 elements`},
		"cardpay_ais_consent expiration": {config: badConsent(func(a *aisConsentArgs) { a.expiration = "next year" }),
			attr: "expiration_date_time", want: `not valid RFC3339 string format. Given Value: next year`},
		"cardpay_ais_consent callback URL": {config: badConsent(func(a *aisConsentArgs) { a.callbackURL = "ftp://example.com/cb" }),
			attr: "callback_url", want: `uses the scheme "ftp". Write an absolute https URL`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"cardpay_ais_consent": {config: `
resource "cardpay_ais_consent" "c" {
  merchant_id                = 1001
  user_id                    = "user-1001"
  permissions                = ["ReadAccountsDetail", "ReadBalances", "ReadTransactionsDetail"]
  expiration_date_time       = "2099-01-01T00:00:00Z"
  transaction_from_date_time = "2025-01-01T00:00:00Z"
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"cardpay_ais_consent": {route: sandbox.RouteCreateConsent, config: consentBase,
			want: `may have been created for merchant 1001 \(outcome unknown\).*HTTP 502.*before applying again`,
			held: func(s sandbox.State) int { return len(s.Consents) }},
	})
	addRows(identityTests, map[string]identityTest{
		// baseConsent leaves callback_url out: reads do not report it, so an
		// import records it on the next apply.
		"cardpay_ais_consent": {addr: aisConsentAddr, config: consentBase,
			identity: map[string]knownvalue.Check{"request_id": anyIdentityID, "merchant_id": identityMerchant,
				"user_id": knownvalue.StringExact("user-1001")},
			updated: baseConsent.withCallback(identityCallback).config(), importChanges: "callback_url",
			adopt: func(ctx context.Context, c *client.Client) (string, error) {
				a := baseConsent
				consent, err := c.CreateConsent(ctx, client.ConsentRequest{MerchantID: a.merchantID, UserID: a.userID,
					Permissions: a.permissions, ExpirationDateTime: a.expiration, TransactionFromDateTime: a.transactionFrom,
					CallbackURL: identityCallback})
				if err != nil {
					return "", err
				}
				return fmt.Sprintf("%d/%s/%s", a.merchantID, a.userID, consent.RequestID), nil
			}},
	})
	addRows(inPlaceUpdates, map[string]inPlaceUpdate{
		"cardpay_ais_consent": {except: "every argument replaces the consent, which the API cannot change; the one " +
			"update in place, recording a callback_url configured after import, is checked in TestAccAISConsent_import"},
	})
}
