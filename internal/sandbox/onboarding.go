// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// The routes of card onboarding.
const (
	// RouteStartOnboarding submits an onboarding application.
	RouteStartOnboarding = "POST " + merchantRoutePrefix + "/card-payments/onboard"
	// RouteOnboardingStatus reads a merchant's onboarding status.
	RouteOnboardingStatus = "GET " + merchantRoutePrefix + "/card-payments/onboard/status"
)

func init() { registerArea("onboarding", (*Server).onboardingRoutes) }

// onboardingRoutes registers the routes of card onboarding and the admin
// operation that moves an application.
func (s *Server) onboardingRoutes() {
	s.api(RouteStartOnboarding, s.partner(s.startOnboarding))
	s.api(RouteOnboardingStatus, s.partner(s.onboardingStatus))
	s.admin("POST /_sandbox/applications/{applicationId}/status", s.adminApplicationStatus)
}

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

// Application is an onboarding application.
type Application struct {
	MerchantID        int64  `json:"merchantId"`
	ApplicationID     string `json:"applicationId"`
	WebKybURL         string `json:"webKybUrl"`
	ShortLinkURL      string `json:"shortLinkUrl,omitempty"`
	ApplicationStatus string `json:"applicationStatus"`
	CreatedAt         string `json:"createdAt"`
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

type onboardingResponse struct {
	WebKybURL         string `json:"webKybUrl"`
	ApplicationID     string `json:"applicationId"`
	ShortLinkURL      string `json:"shortLinkUrl,omitempty"`
	ApplicationStatus string `json:"applicationStatus"`
}

// startOnboarding creates a new application on every call, PENDING or
// APPLICATION_INITIATED depending on the merchant's vocabulary.
func (s *Server) startOnboarding(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	m := c.merchant
	a := newApplication(c.merchantID, m, randomID("app_"), m.initialApplicationStatus(), timestamp(c.now))
	c.st.applications = append(c.st.applications, a)
	s.schedule(scheduledChange{applicationID: a.ApplicationID}, c.now)
	return http.StatusCreated, onboardingResponse{
		WebKybURL: a.WebKybURL, ApplicationID: a.ApplicationID, ShortLinkURL: a.ShortLinkURL, ApplicationStatus: a.ApplicationStatus,
	}, nil
}

type onboardingStatusResponse struct {
	ApplicationID     string `json:"applicationId"`
	ApplicationStatus string `json:"applicationStatus"`
	WebKybURL         string `json:"webKybUrl,omitempty"`
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

func (st *state) application(id string) *Application {
	for i := range st.applications {
		if st.applications[i].ApplicationID == id {
			return &st.applications[i]
		}
	}
	return nil
}

// SetApplicationStatus moves an onboarding application to status, a word of
// either vocabulary (ErrInvalidInput otherwise). MERCHANT_CREATED and
// REJECTED are final (ErrInvalidTransition when left). Reaching
// MERCHANT_CREATED gives a merchant without a default store one, as the
// service does.
func (s *Server) SetApplicationStatus(applicationID, status string) (Application, error) {
	if !slices.Contains(applicationStatuses, status) {
		return Application{}, badRequest("applicationStatus must be one of %s, got %q", strings.Join(applicationStatuses, ", "), status)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.st.application(applicationID)
	switch {
	case a == nil:
		return Application{}, fmt.Errorf("application %s: %w", applicationID, ErrNotFound)
	case a.ApplicationStatus == status:
		return *a, nil
	case finalApplicationStatus(a.ApplicationStatus):
		return Application{}, fmt.Errorf("application %s is %s, a final status, and cannot become %s: %w",
			applicationID, a.ApplicationStatus, status, ErrInvalidTransition)
	}
	a.ApplicationStatus = status
	if status == appMerchantCreated {
		s.st.merchants[a.MerchantID].ensureDefaultStore(s.now())
	}
	return *a, nil
}

func (s *Server) adminApplicationStatus(r *http.Request) (int, any, error) {
	var req struct {
		ApplicationStatus string `json:"applicationStatus"`
	}
	if err := s.adminBody(r, &req, true); err != nil {
		return 0, nil, err
	}
	a, err := s.SetApplicationStatus(r.PathValue("applicationId"), req.ApplicationStatus)
	return http.StatusOK, a, err
}
