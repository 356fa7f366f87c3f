// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	acc "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
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

func (a aisConsentArgs) config() string {
	return resourceBlock("cardpay_ais_consent", "test",
		hclArg("merchant_id", a.merchantID),
		hclArg("user_id", a.userID),
		hclArg("permissions", a.permissions),
		hclArg("expiration_date_time", a.expiration),
		hclArg("transaction_from_date_time", a.transactionFrom),
		optionalArg("callback_url", a.callbackURL))
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
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	args := newAISConsentArgs(env.MerchantID)
	respelled := args
	respelled.expiration = respellConsentTime(t, args.expiration, 1)
	respelled.transactionFrom = respellConsentTime(t, args.transactionFrom, -5)

	acc.ParallelTest(t, acc.TestCase{
		PreCheck:                 func() { testAccPreCheck(t) },
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []acc.TestStep{
			{
				Config: env.providerConfig(args.config()),
				ConfigPlanChecks: acc.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(aisConsentAddr, plancheck.ResourceActionCreate),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
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
			{
				// A second plan with the same configuration changes nothing.
				Config: env.providerConfig(args.config()),
				ConfigPlanChecks: acc.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				// The same instants at other UTC offsets: no diff, no new consent,
				// and the state keeps the spelling that was sent to the API.
				Config: env.providerConfig(respelled.config()),
				ConfigPlanChecks: acc.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("expiration_date_time"), knownvalue.StringExact(args.expiration)),
					statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("transaction_from_date_time"), knownvalue.StringExact(args.transactionFrom)),
					expectSandboxConsents(sb, 1, args),
				},
			},
		},
	})
}

// The refresh follows the consent through its statuses: authorization
// fills consent_id without a change to plan; a consent that ended is
// planned for replacement. Each ending is tried on a consent of its own.
func TestAccAISConsent_refresh(t *testing.T) {
	type ending struct {
		authorizedFirst bool // the user authorized before it ended
		end             func(sb *sandbox.Server, requestID string) error
	}
	endings := map[string]ending{
		"revoked": {true, func(sb *sandbox.Server, id string) error { return sb.RevokeConsent(id) }},
		"expired": {false, func(sb *sandbox.Server, id string) error { return sb.ExpireConsent(id) }},
		"failed":  {false, func(sb *sandbox.Server, id string) error { return sb.FailConsent(id, "the user cancelled at the bank") }},
	}
	for status, e := range endings {
		t.Run(status, func(t *testing.T) {
			env := newTestEnv(t)
			sb := env.requireSandbox(t)
			config := env.providerConfig(newAISConsentArgs(env.MerchantID).config())
			requestIDs := statecheck.CompareValue(compare.ValuesDiffer())
			var requestID string
			acc.ParallelTest(t, acc.TestCase{
				ProtoV6ProviderFactories: testProviderFactories,
				Steps: []acc.TestStep{
					{
						Config: config,
						ConfigStateChecks: []statecheck.StateCheck{
							requestIDs.AddStateValue(aisConsentAddr, tfjsonpath.New("request_id")),
							resourceAttrs(aisConsentAddr, func(attrs map[string]any) error {
								requestID = stateString(attrs, "request_id")
								return nil
							}),
						},
					},
					{
						PreConfig: func() {
							if e.authorizedFirst {
								if err := sb.AuthorizeConsent(requestID); err != nil {
									t.Fatal(err)
								}
							}
						},
						Config: config,
						ConfigPlanChecks: acc.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
							plancheck.ExpectEmptyPlan(),
							plancheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("status"),
								knownvalue.StringExact(map[bool]string{true: "authorized", false: "pending"}[e.authorizedFirst])),
						}},
					},
					{
						PreConfig: func() {
							if err := e.end(sb, requestID); err != nil {
								t.Fatal(err)
							}
						},
						Config: config,
						ConfigPlanChecks: acc.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{
								plancheck.ExpectResourceAction(aisConsentAddr, plancheck.ResourceActionDestroyBeforeCreate),
								plancheck.ExpectUnknownValue(aisConsentAddr, tfjsonpath.New("status")),
							},
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						ConfigStateChecks: []statecheck.StateCheck{
							requestIDs.AddStateValue(aisConsentAddr, tfjsonpath.New("request_id")),
							statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("status"), knownvalue.StringExact("pending")),
							statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("consent_id"), knownvalue.Null()),
						},
					},
				},
			})
			if consents := sb.Snapshot().Consents; len(consents) != 2 || consents[0].Status != status {
				t.Errorf("sandbox consents %+v, want the %s one and its replacement", consents, status)
			}
		})
	}
}

// Authorization shows in the refresh: status, consent_id and updated_at
// follow the service, and later refreshes read by consent ID.
func TestAccAISConsent_authorizedAtBank(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	config := env.providerConfig(newAISConsentArgs(env.MerchantID).config())
	var requestID, consentID string
	acc.ParallelTest(t, acc.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []acc.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{resourceAttrs(aisConsentAddr, func(attrs map[string]any) error {
					requestID = stateString(attrs, "request_id")
					return nil
				})},
			},
			{
				PreConfig: func() {
					if err := sb.AuthorizeConsent(requestID); err != nil {
						t.Fatal(err)
					}
					consentID = sb.Snapshot().Consents[0].ConsentID
				},
				Config: config,
				ConfigPlanChecks: acc.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
					plancheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("status"), knownvalue.StringExact("authorized")),
					plancheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("consent_id"), knownvalue.NotNull()),
				}},
				ConfigStateChecks: []statecheck.StateCheck{resourceAttrs(aisConsentAddr, func(attrs map[string]any) error {
					if got := stateString(attrs, "consent_id"); got != consentID {
						return fmt.Errorf("consent_id %q, want the sandbox's %q", got, consentID)
					}
					return nil
				})},
			},
			{
				// Now read by consent ID: a 404 there means the service no
				// longer knows the consent, so the plan creates a new one.
				PreConfig:          func() { sb.InjectFault(sandbox.Fault{Route: sandbox.RouteGetConsent, Status: 404}) },
				Config:             config,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks: acc.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(aisConsentAddr, plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

// A service that does not answer reads by request ID (404) leaves a
// pending consent's state as it is, rather than dropping the consent.
func TestAccAISConsent_requestIDNotReadable(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	config := env.providerConfig(newAISConsentArgs(env.MerchantID).config())
	acc.ParallelTest(t, acc.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []acc.TestStep{
			{Config: config},
			{
				PreConfig: func() {
					if err := sb.ExpireConsent(sb.Snapshot().Consents[0].RequestID); err != nil {
						t.Fatal(err)
					}
					sb.InjectFault(sandbox.Fault{Route: sandbox.RouteGetConsent, Status: 404})
				},
				Config: config,
				ConfigPlanChecks: acc.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
					plancheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("status"), knownvalue.StringExact("pending")),
				}},
			},
		},
	})
	if n := len(sb.Snapshot().Consents); n != 1 {
		t.Errorf("sandbox holds %d consents, want 1: an unreadable consent must not be replaced", n)
	}
}

// The state kept for a consent the service cannot find by request ID is
// not kept silently: the plan warns, says why and what to do.
func TestAccAISConsent_requestIDNotReadableWarns(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	w := newCLIWorkdir(t, env, newAISConsentArgs(env.MerchantID).config())
	w.run("apply", "-auto-approve", "-input=false", "-no-color")
	sb.InjectFault(sandbox.Fault{Route: sandbox.RouteGetConsent, Status: 404})
	out := w.run("plan", "-input=false", "-no-color")
	for _, want := range []string{
		"Warning: " + consentUnreadableSummary,
		"only once the user returns from the bank",
		"import the consent with its consent ID",
		"MERCHANT_ID/USER_ID/CONSENT_ID",
		"No changes.",
	} {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
}

// A provider with an access token of the user's own imports by the bare
// request ID, as before minted tokens.
func TestAccAISConsent_importWithAccessToken(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t)
	env.AccessToken = sandbox.DemoAccessToken
	args := newAISConsentArgs(env.MerchantID)
	var requestID string
	acc.ParallelTest(t, acc.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []acc.TestStep{{
			PreConfig: func() {
				consent, err := partnerTestClient(t, env).CreateConsent(t.Context(), client.ConsentRequest{
					MerchantID: args.merchantID, UserID: args.userID, Permissions: []string{"ReadBalances"},
					ExpirationDateTime: args.expiration, TransactionFromDateTime: args.transactionFrom,
				})
				if err != nil {
					t.Fatal(err)
				}
				requestID = consent.RequestID
			},
			Config:            env.providerConfig(args.config()),
			ResourceName:      aisConsentAddr,
			ImportState:       true,
			ImportStateIdFunc: func(*terraform.State) (string, error) { return requestID, nil },
			ImportStateCheck: func(states []*terraform.InstanceState) error {
				if len(states) != 1 || states[0].Attributes["user_id"] != args.userID {
					return fmt.Errorf("imported %v, want the consent of %s", states, args.userID)
				}
				return nil
			},
		}},
	})
}

// Import takes the request ID or the consent ID and reads the whole
// consent; the callback URL, which reads do not report, is recorded from
// the configuration without a new consent.
func TestAccAISConsent_import(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	args := newAISConsentArgs(env.MerchantID)
	config := env.providerConfig(args.config())
	var requestID, consentID string
	create := func() {
		consent, err := partnerTestClient(t, env).CreateConsent(t.Context(), client.ConsentRequest{
			MerchantID: args.merchantID, UserID: args.userID, Permissions: slices.Sorted(slices.Values(args.permissions)),
			ExpirationDateTime: args.expiration, TransactionFromDateTime: args.transactionFrom, CallbackURL: args.callbackURL,
		})
		if err != nil {
			t.Fatal(err)
		}
		requestID = consent.RequestID
	}
	imported := []statecheck.StateCheck{
		statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("merchant_id"), knownvalue.Int64Exact(args.merchantID)),
		statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("user_id"), knownvalue.StringExact(args.userID)),
		statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("callback_url"), knownvalue.StringExact(args.callbackURL)),
	}
	acc.ParallelTest(t, acc.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []acc.TestStep{
			{
				PreConfig:    create,
				Config:       config,
				ResourceName: aisConsentAddr,
				ImportState:  true,
				ImportStateIdFunc: func(*terraform.State) (string, error) {
					return fmt.Sprintf("%d/%s/%s", args.merchantID, args.userID, requestID), nil
				},
				ImportStatePersist: true,
			},
			{
				Config: config,
				ConfigPlanChecks: acc.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(aisConsentAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("callback_url"), knownvalue.StringExact(args.callbackURL)),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: imported,
			},
			{
				// By consent ID, once authorized, into a fresh state.
				PreConfig: func() {
					if err := sb.AuthorizeConsent(requestID); err != nil {
						t.Fatal(err)
					}
					consentID = sb.Snapshot().Consents[0].ConsentID
				},
				Config:       config,
				ResourceName: aisConsentAddr,
				ImportState:  true,
				ImportStateIdFunc: func(*terraform.State) (string, error) {
					return fmt.Sprintf("%d/%s/%s", args.merchantID, args.userID, consentID), nil
				},
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"callback_url", "status", "consent_id", "updated_at"},
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if len(states) != 1 || states[0].Attributes["request_id"] != requestID || states[0].Attributes["status"] != "authorized" {
						return fmt.Errorf("imported %v, want consent %s, authorized", states, requestID)
					}
					return nil
				},
			},
			{
				Config:        config,
				ResourceName:  aisConsentAddr,
				ImportState:   true,
				ImportStateId: fmt.Sprintf("%d/%s/req_unknown", args.merchantID, args.userID),
				ExpectError: wrappedErrorPattern(`Cannot import AIS consent "req_unknown".*HTTP 404.*knows no consent with this ID.*` +
					`consent ID that the authorization callback carried`),
			},
			{
				// Without an access token, a bare ID names no user to ask a
				// token for: the error says what to write.
				Config:        config,
				ResourceName:  aisConsentAddr,
				ImportState:   true,
				ImportStateId: requestID,
				ExpectError:   wrappedErrorPattern(`needs the merchant and the user.*Import with MERCHANT_ID/USER_ID/req_`),
			},
		},
	})
}

func TestAccAISConsent_replace(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	first := newAISConsentArgs(env.MerchantID)
	first.callbackURL = ""
	morePerms := first
	morePerms.permissions = []string{"ReadBalances", "ReadTransactionsDetail", "ReadAccountsDetail"}
	otherUser := morePerms
	otherUser.userID = "user-1001-big"
	ids := statecheck.CompareValue(compare.ValuesDiffer())

	acc.ParallelTest(t, acc.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []acc.TestStep{
			{
				Config: env.providerConfig(first.config()),
				ConfigStateChecks: []statecheck.StateCheck{
					ids.AddStateValue(aisConsentAddr, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("callback_url"), knownvalue.Null()),
				},
			},
			{
				Config: env.providerConfig(morePerms.config()),
				ConfigPlanChecks: acc.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(aisConsentAddr, plancheck.ResourceActionDestroyBeforeCreate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					ids.AddStateValue(aisConsentAddr, tfjsonpath.New("id")),
					expectSandboxConsents(sb, 2, morePerms),
				},
			},
			{
				Config: env.providerConfig(otherUser.config()),
				ConfigPlanChecks: acc.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(aisConsentAddr, plancheck.ResourceActionReplace),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					ids.AddStateValue(aisConsentAddr, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("user_id"), knownvalue.StringExact("user-1001-big")),
					// The replaced consents were only forgotten: they still exist.
					expectSandboxConsents(sb, 3, otherUser),
				},
			},
		},
	})
	for _, c := range sb.Snapshot().Consents {
		if c.Status != "pending" {
			t.Errorf("consent %s is %s; destroy must leave it untouched", c.RequestID, c.Status)
		}
	}
}

func TestAccAISConsent_validation(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	now := time.Now().UTC().Truncate(time.Second)
	with := func(change func(*aisConsentArgs)) string {
		a := newAISConsentArgs(env.MerchantID)
		change(&a)
		return env.providerConfig(a.config())
	}
	step := func(config string, want *regexp.Regexp) acc.TestStep {
		return acc.TestStep{Config: config, PlanOnly: true, ExpectError: want}
	}

	acc.ParallelTest(t, acc.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []acc.TestStep{
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
		},
	})
	if n := sb.RequestCounts()[sandbox.RouteCreateConsent]; n != 0 {
		t.Errorf("invalid configurations sent %d consent requests, want none", n)
	}
}

func TestAccAISConsent_otherPartnersMerchant(t *testing.T) {
	env := newTestEnv(t)
	sb := env.requireSandbox(t)
	acc.ParallelTest(t, acc.TestCase{
		ProtoV6ProviderFactories: testProviderFactories,
		Steps: []acc.TestStep{{
			Config: env.providerConfig(newAISConsentArgs(2001).config()),
			ExpectError: regexp.MustCompile(`(?s)Not\s+allowed\s+to\s+create\s+consents\s+for\s+merchant\s+2001.*` +
				`HTTP\s+403.*not\s+managed\s+by\s+this\s+partner.*request\s+ID\s+\S+.*access_token`),
		}},
	})
	if n := len(sb.Snapshot().Consents); n != 0 {
		t.Errorf("sandbox holds %d consents after a refused create, want 0", n)
	}
}

// consentStateAttrs are the attributes of a created consent in state.
func consentStateAttrs(expiration string, permissions ...string) map[string]tftypes.Value {
	perms := make([]tftypes.Value, len(permissions))
	for i, p := range permissions {
		perms[i] = tftypes.NewValue(tftypes.String, p)
	}
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	return map[string]tftypes.Value{
		"id":                         str("req_0123456789abcdef"),
		"request_id":                 str("req_0123456789abcdef"),
		"merchant_id":                tftypes.NewValue(tftypes.Number, 1001),
		"user_id":                    str("user-1001"),
		"permissions":                tftypes.NewValue(tftypes.Set{ElementType: tftypes.String}, perms),
		"expiration_date_time":       str(expiration),
		"transaction_from_date_time": str("2019-01-01T00:00:00Z"),
		"status":                     str("pending"),
		"authorization_url":          str("https://bank.sandbox.cardpay.example/authorize?requestId=req_0123456789abcdef"),
		"created_at":                 str("2019-06-01T00:00:00Z"),
		"updated_at":                 str("2019-06-01T00:00:00Z"),
	}
}

// consentConfigAttrs keeps only the arguments of attrs.
func consentConfigAttrs(attrs map[string]tftypes.Value) map[string]tftypes.Value {
	config := maps.Clone(attrs)
	for _, computed := range []string{"id", "request_id", "status", "authorization_url", "created_at", "updated_at"} {
		delete(config, computed)
	}
	return config
}

func TestAISConsent_destroyWarning(t *testing.T) {
	plan, apply := destroyDiagnostics(t, aisConsentType, consentStateAttrs("2030-01-01T00:00:00Z", "ReadBalances"))
	requireWarning(t, "plan", plan, aisConsentNoRevokeSummary)
	requireWarning(t, "apply", apply, aisConsentNoRevokeSummary)
}

// TestAISConsent_replaceWarning plans a permission change over the plugin
// protocol: it must require replacement and warn that the old consent stays.
func TestAISConsent_replaceWarning(t *testing.T) {
	ctx := context.Background()
	srv := protocolServer(t)
	prior := consentStateAttrs("2030-01-01T00:00:00Z", "ReadBalances")
	config := consentConfigAttrs(prior)
	config["permissions"] = tftypes.NewValue(tftypes.Set{ElementType: tftypes.String},
		[]tftypes.Value{tftypes.NewValue(tftypes.String, "ReadTransactionsDetail")})
	proposed := maps.Clone(prior)
	maps.Copy(proposed, config)

	priorDV, _, _ := stateValue(t, srv, aisConsentType, prior)
	configDV, _, _ := stateValue(t, srv, aisConsentType, config)
	proposedDV, _, _ := stateValue(t, srv, aisConsentType, proposed)
	resp, err := srv.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
		TypeName: aisConsentType, PriorState: priorDV, ProposedNewState: proposedDV, Config: configDV,
	})
	if err != nil {
		t.Fatal(err)
	}
	requireWarning(t, "plan", resp.Diagnostics, aisConsentNoRevokeSummary)
	if !slices.ContainsFunc(resp.RequiresReplace, func(p *tftypes.AttributePath) bool {
		return p.Equal(tftypes.NewAttributePath().WithAttributeName("permissions"))
	}) {
		t.Errorf("RequiresReplace = %v, want permissions", resp.RequiresReplace)
	}
}

// aisConsentTestSchema returns the resource with a fixed clock and its schema.
func aisConsentTestSchema(t *testing.T, now time.Time) (*aisConsentResource, tfsdk.State) {
	t.Helper()
	fixed := defaultWaits()
	fixed.now = testclock.New(now).Now
	r := newAISConsent()
	r.data = &providerData{waits: fixed}
	var resp resource.SchemaResponse
	r.Schema(context.Background(), resource.SchemaRequest{}, &resp)
	if resp.Diagnostics.HasError() {
		t.Fatal(resp.Diagnostics)
	}
	return r, tfsdk.State{Schema: resp.Schema}
}

// aisConsentRaw encodes attrs (others null) as an object of the schema; nil
// attrs give a null object.
func aisConsentRaw(t *testing.T, s tfsdk.State, attrs map[string]tftypes.Value) tftypes.Value {
	t.Helper()
	typ, ok := s.Schema.Type().TerraformType(context.Background()).(tftypes.Object)
	if !ok {
		t.Fatal("schema type is not an object")
	}
	if attrs == nil {
		return tftypes.NewValue(typ, nil)
	}
	values := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		values[name] = tftypes.NewValue(at, nil)
		if v, ok := attrs[name]; ok {
			values[name] = v
		}
	}
	return tftypes.NewValue(typ, values)
}

// TestAISConsent_modifyPlanFixedNow proves with a fixed clock that a past
// expiration fails only when a consent is about to be created.
func TestAISConsent_modifyPlanFixedNow(t *testing.T) {
	now := time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		name       string
		expiration string
		existing   bool
		wantError  bool
	}{
		{"create, expiration in the future", "2030-06-01T12:00:01Z", false, false},
		{"create, expiration in the future at another offset", "2030-06-01T14:00:01+02:00", false, false},
		{"create, expiration exactly now", "2030-06-01T12:00:00Z", false, true},
		{"create, expiration in the past", "2030-05-01T00:00:00Z", false, true},
		{"create, same past instant at another offset", "2030-06-01T13:59:59+02:00", false, true},
		{"existing consent whose expiration has passed", "2030-05-01T00:00:00Z", true, false},
		{"existing consent still valid", "2031-01-01T00:00:00Z", true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, s := aisConsentTestSchema(t, now)
			attrs := consentStateAttrs(tc.expiration, "ReadBalances")
			config := aisConsentRaw(t, s, consentConfigAttrs(attrs))
			state := aisConsentRaw(t, s, nil)
			plan := config
			if tc.existing {
				state = aisConsentRaw(t, s, attrs)
				plan = state
			}
			req := resource.ModifyPlanRequest{
				Config: tfsdk.Config{Schema: s.Schema, Raw: config},
				Plan:   tfsdk.Plan{Schema: s.Schema, Raw: plan},
				State:  tfsdk.State{Schema: s.Schema, Raw: state},
			}
			resp := &resource.ModifyPlanResponse{Plan: req.Plan}
			r.ModifyPlan(context.Background(), req, resp)

			if got := consentHasAttributeError(resp.Diagnostics, attrConsentExpiration); got != tc.wantError {
				t.Errorf("expiration error = %v, want %v; diagnostics: %v", got, tc.wantError, resp.Diagnostics)
			}
			if tc.existing && len(resp.Diagnostics) != 0 {
				t.Errorf("unchanged existing consent got diagnostics: %v", resp.Diagnostics)
			}
		})
	}
}

// TestAISConsent_createRejectsPastExpiry covers a saved plan applied after
// its expiration passed: Create stops before any request (the resource has
// no provider data, so reaching the client would report something else).
func TestAISConsent_createRejectsPastExpiry(t *testing.T) {
	now := time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)
	r, s := aisConsentTestSchema(t, now)
	attrs := consentConfigAttrs(consentStateAttrs("2030-06-01T11:59:59Z", "ReadBalances"))
	req := resource.CreateRequest{Plan: tfsdk.Plan{Schema: s.Schema, Raw: aisConsentRaw(t, s, attrs)}}
	resp := &resource.CreateResponse{State: tfsdk.State{Schema: s.Schema, Raw: aisConsentRaw(t, s, nil)}}
	r.Create(context.Background(), req, resp)
	if !consentHasAttributeError(resp.Diagnostics, attrConsentExpiration) || resp.Diagnostics.ErrorsCount() != 1 {
		t.Fatalf("want only the expiration error, got %v", resp.Diagnostics)
	}
	if !resp.State.Raw.IsNull() {
		t.Errorf("state was set: %v", resp.State.Raw)
	}
}

func consentHasAttributeError(diags diag.Diagnostics, attr string) bool {
	for _, d := range diags.Errors() {
		if withPath, ok := d.(diag.DiagnosticWithPath); ok && withPath.Path().Equal(path.Root(attr)) {
			return true
		}
	}
	return false
}

// TestAISConsent_timetypesSemanticEquality records what timetypes.RFC3339
// treats as equal, which is why the resource compares instants itself.
func TestAISConsent_timetypesSemanticEquality(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{"2027-01-01T00:00:00Z", "2027-01-01T00:00:00+00:00", true},
		{"2027-01-01T00:00:00Z", "2027-01-01T01:00:00+01:00", false}, // same instant, not equal
		{"2027-01-01T00:00:00Z", "2027-01-01T00:00:00.5Z", true},     // different instants, equal
	}
	for _, tc := range cases {
		got, diags := timetypes.NewRFC3339ValueMust(tc.a).StringSemanticEquals(context.Background(), timetypes.NewRFC3339ValueMust(tc.b))
		if diags.HasError() || got != tc.want {
			t.Errorf("StringSemanticEquals(%s, %s) = %v (%v), want %v", tc.a, tc.b, got, diags, tc.want)
		}
	}
}

func TestAISConsent_sameInstantKeepsState(t *testing.T) {
	const current = "2027-01-01T00:00:00Z"
	cases := []struct {
		planned, want string
	}{
		{"2027-01-01T01:00:00+01:00", current},
		{"2026-12-31T19:00:00-05:00", current},
		{"2027-01-01T00:00:00.000+00:00", current},
		{"2027-01-01T00:00:00.5Z", "2027-01-01T00:00:00.5Z"},
		{"2027-01-01T01:00:00Z", "2027-01-01T01:00:00Z"},
	}
	for _, tc := range cases {
		req := planmodifier.StringRequest{PlanValue: types.StringValue(tc.planned), StateValue: types.StringValue(current)}
		resp := &planmodifier.StringResponse{PlanValue: req.PlanValue}
		sameInstantKeepsStateModifier{}.PlanModifyString(context.Background(), req, resp)
		if got := resp.PlanValue.ValueString(); got != tc.want {
			t.Errorf("planned %s over state %s: got %s, want %s", tc.planned, current, got, tc.want)
		}
	}
}

func TestSecureURLProblem(t *testing.T) {
	cases := []struct {
		url  string
		want string // substring of the problem; "" means accepted
	}{
		{"https://merchant.example/ais/callback", ""},
		{"https://merchant.example/cb?token=abc", ""},
		{"http://127.0.0.1:8080/cb", ""},
		{"http://localhost/cb", ""},
		{"http://[::1]:9000/cb", ""},
		{"ftp://x", `scheme "ftp"`},
		{"http://example.com/cb", "plain http"},
		{"http://127.0.0.1.example.com/cb", "plain http"},
		{"/relative/cb", "not an absolute URL"},
		{"https://", "not an absolute URL"},
		{"https://user:hunter2@merchant.example/cb", "user name or password"},
		{"https://merchant.example/cb#done", "fragment"},
		{"https://merchant.example/%zz", "not a valid URL"},
	}
	for _, tc := range cases {
		got := secureURLProblem(tc.url)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("secureURLProblem(%q) = %q, want %q", tc.url, got, tc.want)
		}
		if strings.Contains(got, "hunter2") {
			t.Errorf("secureURLProblem(%q) echoes the password: %q", tc.url, got)
		}
	}
}
