// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Onboarding: a merchant's card-payment application (4.4) and its status
// in either published vocabulary.

// OnboardingApplication is returned by the onboard endpoint.
type OnboardingApplication struct {
	WebKybURL         string  `json:"webKybUrl"`
	ApplicationID     string  `json:"applicationId"`
	ShortLinkURL      *string `json:"shortLinkUrl,omitempty"`
	ApplicationStatus string  `json:"applicationStatus"`
}

// StartOnboarding starts a card-payment onboarding application (4.4).
func (c *Client) StartOnboarding(ctx context.Context, merchantID int64) (*OnboardingApplication, error) {
	ep := partnerCreate("start onboarding", merchantPath(merchantID, "/card-payments/onboard"),
		fmt.Sprintf("the service may have started an onboarding application for merchant %d and e-mailed its verification link; check with the merchant before applying again", merchantID))
	return doDecoded[OnboardingApplication](ctx, c, ep, nil)
}

// OnboardingStatus is the answer of GET .../onboard/status. WebKybURL is
// present only while the verification link is still active.
type OnboardingStatus struct {
	ApplicationID     string  `json:"applicationId"`
	ApplicationStatus string  `json:"applicationStatus"`
	WebKybURL         *string `json:"webKybUrl,omitempty"`
}

func (s *OnboardingStatus) validate() error {
	if strings.TrimSpace(s.ApplicationStatus) == "" {
		return errors.New(`no "applicationStatus"`)
	}
	return nil
}

// GetOnboardingStatus reads the status of the merchant's current
// onboarding application. OnboardingStageOf classifies the status word.
func (c *Client) GetOnboardingStatus(ctx context.Context, merchantID int64) (*OnboardingStatus, error) {
	return doDecoded[OnboardingStatus](ctx, c, partnerRead("get onboarding status", merchantPath(merchantID, "/card-payments/onboard/status")), nil)
}

// OnboardingStage is where an application stands, whatever vocabulary the
// service used for its status.
type OnboardingStage int

const (
	// OnboardingInProgress covers every word that is neither final state,
	// unknown words included (PENDING, IN_REVIEW, APPLICATION_INITIATED,
	// APPLICATION_SUBMITTED, APPLICATION_SIGNED, APPLICATION_COMPLETED, ...).
	OnboardingInProgress OnboardingStage = iota
	// OnboardingMerchantCreated is the end state of both vocabularies: the
	// merchant exists and terminals can be registered.
	OnboardingMerchantCreated
	// OnboardingRejected is the failure state.
	OnboardingRejected
)

// Application status words with a meaning of their own.
const (
	ApplicationStatusMerchantCreated = "MERCHANT_CREATED"
	ApplicationStatusRejected        = "REJECTED"
)

// OnboardingStageOf classifies an application status word. The service
// publishes two vocabularies (the API reference's PENDING, IN_REVIEW,
// MERCHANT_CREATED, REJECTED and the guide's APPLICATION_INITIATED to
// APPLICATION_COMPLETED, then MERCHANT_CREATED); only the two final words
// matter, and they are compared case-insensitively.
func OnboardingStageOf(status string) OnboardingStage {
	switch status = strings.TrimSpace(status); {
	case strings.EqualFold(status, ApplicationStatusMerchantCreated):
		return OnboardingMerchantCreated
	case strings.EqualFold(status, ApplicationStatusRejected):
		return OnboardingRejected
	default:
		return OnboardingInProgress
	}
}
