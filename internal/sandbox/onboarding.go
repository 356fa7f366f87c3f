// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
)

// Onboarding application statuses. The API reference and the guide publish
// two vocabularies; both end in MERCHANT_CREATED, and REJECTED is the
// failure state.
const (
	appPending         = "PENDING"
	appInReview        = "IN_REVIEW"
	appMerchantCreated = "MERCHANT_CREATED"
	appRejected        = "REJECTED"
	appInitiated       = "APPLICATION_INITIATED"
	appSubmitted       = "APPLICATION_SUBMITTED"
	appSigned          = "APPLICATION_SIGNED"
	appCompleted       = "APPLICATION_COMPLETED"

	kybURLPrefix       = "https://kyb.sandbox.cardpay.example/applications/"
	shortLinkURLPrefix = "https://cpay.example/k/"
)

// applicationStatuses lists every word the admin surface and the fixtures
// accept, reference vocabulary first.
var applicationStatuses = []string{
	appPending, appInReview, appMerchantCreated, appRejected,
	appInitiated, appSubmitted, appSigned, appCompleted,
}

// finalApplicationStatus reports whether status ends the application: the
// KYB link is then spent and the status can no longer change.
func finalApplicationStatus(status string) bool {
	return status == appMerchantCreated || status == appRejected
}

// initialApplicationStatus is the status a new application starts in, in
// the merchant's vocabulary.
func (m *merchantState) initialApplicationStatus() string {
	if m.guide() {
		return appInitiated
	}
	return appPending
}

// newApplication builds an application of merchant m. Only reference-variant
// merchants with short links get a shortLinkUrl: the guide's answer has none.
func newApplication(merchantID int64, m *merchantState, id, status, createdAt string) Application {
	a := Application{
		MerchantID: merchantID, ApplicationID: id, WebKybURL: kybURLPrefix + id,
		ApplicationStatus: status, CreatedAt: createdAt,
	}
	if m.shortLinks && !m.guide() {
		a.ShortLinkURL = shortLinkURLPrefix + strings.TrimPrefix(id, "app_")[:8]
	}
	return a
}

// fixtureApplicationID is a stable opaque hex ID (24 digits, like the
// published examples) for the application a fixture merchant starts with.
func fixtureApplicationID(merchantID int64) string {
	sum := sha256.Sum256([]byte("cardpay-sandbox fixture application " + strconv.FormatInt(merchantID, 10)))
	return hex.EncodeToString(sum[:12])
}

// onboardingStatus answers the merchant's newest application. webKybUrl is
// left out once the application is final, because the KYB link is then no
// longer active.
func (s *Server) onboardingStatus(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	a := c.st.newestApplication(c.merchantID)
	if a == nil {
		return 0, nil, errorf(http.StatusNotFound, "no onboarding application for merchant %d", c.merchantID)
	}
	resp := onboardingStatusResponse{ApplicationID: a.ApplicationID, ApplicationStatus: a.ApplicationStatus}
	if !finalApplicationStatus(a.ApplicationStatus) {
		resp.WebKybURL = a.WebKybURL
	}
	return http.StatusOK, resp, nil
}

func (st *state) newestApplication(merchantID int64) *Application {
	for i := len(st.applications) - 1; i >= 0; i-- {
		if st.applications[i].MerchantID == merchantID {
			return &st.applications[i]
		}
	}
	return nil
}
