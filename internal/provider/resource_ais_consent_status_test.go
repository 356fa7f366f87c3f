// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	acc "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

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
			env, sb := newSandboxTestEnv(t)
			config := env.providerConfig(newAISConsentArgs(env.MerchantID).config())
			requestIDs := statecheck.CompareValue(compare.ValuesDiffer())
			var requestID string
			accTest(t,
				acc.TestStep{
					Config: config,
					ConfigStateChecks: []statecheck.StateCheck{
						requestIDs.AddStateValue(aisConsentAddr, tfjsonpath.New("request_id")),
						recordAttr(aisConsentAddr, "request_id", &requestID),
					},
				},
				acc.TestStep{
					PreConfig: func() {
						if e.authorizedFirst {
							if err := sb.AuthorizeConsent(requestID); err != nil {
								t.Fatal(err)
							}
						}
					},
					Config: config,
					ConfigPlanChecks: refreshRecords(aisConsentAddr, "status",
						knownvalue.StringExact(map[bool]string{true: "authorized", false: "pending"}[e.authorizedFirst]),
						plancheck.ExpectEmptyPlan()),
				},
				acc.TestStep{
					PreConfig: func() {
						if err := e.end(sb, requestID); err != nil {
							t.Fatal(err)
						}
					},
					Config: config,
					ConfigPlanChecks: plannedAction(aisConsentAddr, plancheck.ResourceActionDestroyBeforeCreate,
						plancheck.ExpectUnknownValue(aisConsentAddr, tfjsonpath.New("status")),
					),
					ConfigStateChecks: []statecheck.StateCheck{
						requestIDs.AddStateValue(aisConsentAddr, tfjsonpath.New("request_id")),
						statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("status"), knownvalue.StringExact("pending")),
						statecheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("consent_id"), knownvalue.Null()),
					},
				},
			)
			if consents := sb.Snapshot().Consents; len(consents) != 2 || consents[0].Status != status {
				t.Errorf("sandbox consents %+v, want the %s one and its replacement", consents, status)
			}
		})
	}
}

// Authorization shows in the refresh: status, consent_id and updated_at
// follow the service, and later refreshes read by consent ID.
func TestAccAISConsent_authorizedAtBank(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	config := env.providerConfig(newAISConsentArgs(env.MerchantID).config())
	var requestID, consentID string
	accTest(t,
		acc.TestStep{
			Config:            config,
			ConfigStateChecks: []statecheck.StateCheck{recordAttr(aisConsentAddr, "request_id", &requestID)},
		},
		acc.TestStep{
			PreConfig: authorizeConsent(t, sb, &requestID, &consentID),
			Config:    config,
			ConfigPlanChecks: refreshRecords(aisConsentAddr, "status", knownvalue.StringExact("authorized"),
				plancheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("consent_id"), knownvalue.NotNull()),
				plancheck.ExpectEmptyPlan(),
			),
			ConfigStateChecks: []statecheck.StateCheck{resourceAttrs(aisConsentAddr, func(attrs map[string]any) error {
				if got := stateString(attrs, "consent_id"); got != consentID {
					return fmt.Errorf("consent_id %q, want the sandbox's %q", got, consentID)
				}
				return nil
			})},
		},
		acc.TestStep{
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
	)
}

// A service that does not answer reads by request ID (404) leaves a
// pending consent's state as it is, rather than dropping the consent.
func TestAccAISConsent_requestIDNotReadable(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	config := env.providerConfig(newAISConsentArgs(env.MerchantID).config())
	accTest(t,
		acc.TestStep{Config: config},
		acc.TestStep{
			PreConfig: func() {
				if err := sb.ExpireConsent(sb.Snapshot().Consents[0].RequestID); err != nil {
					t.Fatal(err)
				}
				sb.InjectFault(sandbox.Fault{Route: sandbox.RouteGetConsent, Status: 404})
			},
			Config: config,
			ConfigPlanChecks: refreshRecords(aisConsentAddr, "status", knownvalue.StringExact("pending"),
				plancheck.ExpectEmptyPlan()),
		},
	)
	if n := len(sb.Snapshot().Consents); n != 1 {
		t.Errorf("sandbox holds %d consents, want 1: an unreadable consent must not be replaced", n)
	}
}

// The state kept for a consent the service cannot find by request ID is
// not kept silently: the plan warns, says why and what to do.
func TestAccAISConsent_requestIDNotReadableWarns(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
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
