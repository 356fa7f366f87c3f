// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"net/http"
	"testing"
)

// onboardingOps are the endpoints of onboarding, for TestEndpoints and the retry tests.
func onboardingOps() []opCase {
	return []opCase{
		{
			name: "StartOnboarding",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.StartOnboarding(ctx, 1003)
			},
			method:   http.MethodPost,
			path:     "/v1/partner/merchants/1003/card-payments/onboard",
			reqBody:  `{}`,
			status:   http.StatusCreated,
			respBody: `{"webKybUrl":"https://kyb.example/a-1","applicationId":"a-1","applicationStatus":"PENDING"}`,
			check: func(t *testing.T, got any) {
				app, ok := got.(*OnboardingApplication)
				if !ok || app.WebKybURL != "https://kyb.example/a-1" || app.ApplicationID != "a-1" || app.ApplicationStatus != "PENDING" {
					t.Fatalf("got %#v", got)
				}
				if app.ShortLinkURL != nil {
					t.Errorf("ShortLinkURL = %q, want nil when absent", *app.ShortLinkURL)
				}
			},
		},
		{
			name: "GetOnboardingStatus",
			call: func(ctx context.Context, c *Client) (any, error) {
				return c.GetOnboardingStatus(ctx, 1003)
			},
			method:     http.MethodGet,
			path:       "/v1/partner/merchants/1003/card-payments/onboard/status",
			status:     http.StatusOK,
			respBody:   `{"applicationId":"5f1c0a","applicationStatus":"IN_REVIEW","webKybUrl":"https://kyb.example/5f1c0a","extra":{"ignored":true}}`,
			repeatable: true,
			check:      wantPointee(OnboardingStatus{ApplicationID: "5f1c0a", ApplicationStatus: "IN_REVIEW", WebKybURL: ptr("https://kyb.example/5f1c0a")}),
		},
	}
}

// Both published vocabularies, lower-case spellings and unknown words.
func TestOnboardingStageOf(t *testing.T) {
	for status, want := range map[string]OnboardingStage{
		"PENDING": OnboardingInProgress, "IN_REVIEW": OnboardingInProgress, "MERCHANT_CREATED": OnboardingMerchantCreated,
		"REJECTED": OnboardingRejected, "APPLICATION_INITIATED": OnboardingInProgress, "APPLICATION_SUBMITTED": OnboardingInProgress,
		"APPLICATION_SIGNED": OnboardingInProgress, "APPLICATION_COMPLETED": OnboardingInProgress,
		"merchant_created": OnboardingMerchantCreated, " REJECTED ": OnboardingRejected,
		"PENDING_INFORMATION": OnboardingInProgress, "EXPIRED": OnboardingInProgress, "": OnboardingInProgress,
	} {
		if got := OnboardingStageOf(status); got != want {
			t.Errorf("OnboardingStageOf(%q) = %v, want %v", status, got, want)
		}
	}
}

// The area's endpoints for TestEndpoints and the retry tests (opCases),
// and its operations for the published examples' tests (decoders).
func init() {
	addOpCases(onboardingOps)
	addDecoders(map[string]Decoder{
		"startOnboarding": func(ctx context.Context, c *Client) error {
			_, err := c.StartOnboarding(ctx, 1)
			return err
		},
		"getOnboardingStatus": func(ctx context.Context, c *Client) error {
			_, err := c.GetOnboardingStatus(ctx, 1)
			return err
		},
	})
}
