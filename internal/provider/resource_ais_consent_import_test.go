// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"slices"
	"testing"

	acc "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// A provider with an access token of the user's own imports by the bare
// request ID, as before minted tokens.
func TestAccAISConsent_importWithAccessToken(t *testing.T) {
	env := newTestEnv(t)
	env.requireSandbox(t)
	env.AccessToken = sandbox.DemoAccessToken
	args := newAISConsentArgs(env.MerchantID)
	var requestID string
	accTest(t, acc.TestStep{
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
	})
}

// Import takes the request ID or the consent ID and reads the whole
// consent; the callback URL, which reads do not report, is recorded from
// the configuration without a new consent, in a plan that changes nothing
// else.
func TestAccAISConsent_import(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
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
	accTest(t,
		acc.TestStep{
			PreConfig:    create,
			Config:       config,
			ResourceName: aisConsentAddr,
			ImportState:  true,
			ImportStateIdFunc: func(*terraform.State) (string, error) {
				return fmt.Sprintf("%d/%s/%s", args.merchantID, args.userID, requestID), nil
			},
			ImportStatePersist: true,
		},
		acc.TestStep{
			Config: config,
			ConfigPlanChecks: plannedAction(aisConsentAddr, plancheck.ResourceActionUpdate,
				plancheck.ExpectKnownValue(aisConsentAddr, tfjsonpath.New("callback_url"), knownvalue.StringExact(args.callbackURL)),
				expectOnlyChanges(aisConsentAddr, "callback_url"),
			),
			ConfigStateChecks: imported,
		},
		acc.TestStep{
			// By consent ID, once authorized, into a fresh state.
			PreConfig:    authorizeConsent(t, sb, &requestID, &consentID),
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
		acc.TestStep{
			Config:        config,
			ResourceName:  aisConsentAddr,
			ImportState:   true,
			ImportStateId: fmt.Sprintf("%d/%s/req_unknown", args.merchantID, args.userID),
			ExpectError: wrappedErrorPattern(`Cannot import AIS consent "req_unknown".*HTTP 404.*knows no consent with this ID.*` +
				`consent ID that the authorization callback carried`),
		},
		acc.TestStep{
			// Without an access token, a bare ID names no user to ask a
			// token for: the error says what to write.
			Config:        config,
			ResourceName:  aisConsentAddr,
			ImportState:   true,
			ImportStateId: requestID,
			ExpectError:   wrappedErrorPattern(`needs the merchant and the user.*Import with MERCHANT_ID/USER_ID/req_`),
		},
	)
}
