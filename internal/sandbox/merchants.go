// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Merchants as the merchants endpoints show them. A merchant's status is
// pending (created, onboarding not completed), active or inactive; the
// create answer calls pending "pending_onboarding", as the pages publish.
// The admin surface (or auto-advance mode) completes onboarding and
// deactivates, each announced to the partner's webhook endpoints.
const (
	merchantPending  = "pending"
	merchantActive   = statusActive
	merchantInactive = statusInactive
	// merchantCreatedPending is the create answer's word for pending.
	merchantCreatedPending = "pending_onboarding"

	merchantActivatedEvent   = "merchant.activated"
	merchantDeactivatedEvent = "merchant.deactivated"

	// firstNewMerchantID numbers merchants created through the API, after
	// the fixtures' highest ID if that is higher.
	firstNewMerchantID = 3001
	// onboardingLinkTTL is how long a new merchant's onboarding link lives
	// (not published; informational: nothing checks it).
	onboardingLinkTTL   = 7 * 24 * time.Hour
	onboardingURLPrefix = "https://onboarding.sandbox.cardpay.example/"

	maxCompanyNameLength  = 200
	maxPartnerRefIDLength = 100
)

// The routes of merchants.
const (
	// RouteCreateMerchant creates a merchant, which then completes its
	// onboarding at the answer's link.
	RouteCreateMerchant = "POST /v1/partner/merchants"
	// RouteCreateFastTrackMerchant creates a merchant with its company
	// details.
	RouteCreateFastTrackMerchant = "POST /v1/partner/merchants/fast-track"
	// RouteCreateTestMerchant creates a pre-activated test merchant; the
	// service offers it on its sandbox only (production answers 404).
	RouteCreateTestMerchant = "POST /v1/partner/merchants/test"
	// RouteGetMerchant reads one merchant.
	RouteGetMerchant = "GET " + merchantRoutePrefix
	// RouteListMerchants lists the partner's merchants.
	RouteListMerchants = "GET /v1/partner/merchants"
)

func init() { registerArea("merchants", (*Server).merchantRoutes) }

// merchantRoutes registers the routes of merchants and their admin
// operations.
func (s *Server) merchantRoutes() {
	s.api(RouteCreateMerchant, s.partnerWide(s.createMerchant(merchantKindStandard)))
	s.api(RouteCreateFastTrackMerchant, s.partnerWide(s.createFastTrackMerchant))
	s.api(RouteCreateTestMerchant, s.partnerWide(s.createMerchant(merchantKindTest)))
	s.api(RouteGetMerchant, s.partner(s.getMerchant))
	s.api(RouteListMerchants, s.partnerWide(s.listMerchants))
	s.admin("POST /_sandbox/merchants/{merchantId}/activate", s.adminMerchantStatus(merchantActive))
	s.admin("POST /_sandbox/merchants/{merchantId}/deactivate", s.adminMerchantStatus(merchantInactive))
}

// How a merchant came to be, in MerchantProfile.Kind.
const (
	merchantKindFixture   = "fixture"
	merchantKindStandard  = "standard"
	merchantKindFastTrack = "fast-track"
	merchantKindTest      = "test"
)

// MerchantProfile is what the merchants endpoints know of a merchant
// besides its IDs. Status is pending, active or inactive. The onboarding
// link is that of the create answer; the fast-track fields are those sent.
type MerchantProfile struct {
	Kind               string `json:"kind"`
	CompanyName        string `json:"companyName"`
	ContactEmail       string `json:"contactEmail"`
	ContactPhone       string `json:"contactPhone,omitempty"`
	PartnerRefID       string `json:"partnerRefId,omitempty"`
	Status             string `json:"status"`
	CreatedAt          string `json:"createdAt"`
	OnboardingURL      string `json:"onboardingUrl,omitempty"`
	OnboardingToken    string `json:"onboardingToken,omitempty"`
	ExpiresAt          string `json:"expiresAt,omitempty"`
	RegistrationNumber string `json:"registrationNumber,omitempty"`
	Website            string `json:"website,omitempty"`
	IBAN               string `json:"iban,omitempty"`
	BIC                string `json:"bic,omitempty"`
}

// MerchantRecord is a merchant with its IDs and partner, as Snapshot and
// the admin surface show it.
type MerchantRecord struct {
	ID              int64  `json:"id"`
	ClientID        string `json:"clientId"`
	PartnerClientID string `json:"partnerClientId"`
	MerchantProfile
}

// fixtureMerchantProfile describes a fixture merchant: its company is
// "Merchant <id> ApS" (the account holder of its bank data), and it is
// active once onboarded to MERCHANT_CREATED, pending otherwise.
func fixtureMerchantProfile(m Merchant) MerchantProfile {
	status := merchantPending
	if m.Onboarding == appMerchantCreated {
		status = merchantActive
	}
	return MerchantProfile{
		Kind: merchantKindFixture, CompanyName: fmt.Sprintf("Merchant %d ApS", m.ID),
		ContactEmail: fmt.Sprintf("contact@merchant%d.example", m.ID), ContactPhone: "+4533000000",
		Status: status, CreatedAt: fixtureCreatedAt,
	}
}

func (st *state) merchantRecord(id int64) MerchantRecord {
	m := st.merchants[id]
	return MerchantRecord{ID: id, ClientID: m.clientID, PartnerClientID: m.partner, MerchantProfile: m.profile}
}

// Request bodies. The fast-track page is cut off after bic: fields it may
// list further are unknown, and refused like any unknown field.
type merchantRequest struct {
	CompanyName  string `json:"companyName"`
	ContactEmail string `json:"contactEmail"`
	ContactPhone string `json:"contactPhone"`
	PartnerRefID string `json:"partnerRefId"`
}

type fastTrackRequest struct {
	CompanyName        string `json:"companyName"`
	ContactEmail       string `json:"contactEmail"`
	ContactPhone       string `json:"contactPhone"`
	PartnerRefID       string `json:"partnerRefId"`
	RegistrationNumber string `json:"registrationNumber"`
	Website            string `json:"website"`
	IBAN               string `json:"iban"`
	BIC                string `json:"bic"`
}

// merchantCreatedResponse is the create answer: merchantId, not id, and
// the onboarding link (left out for a test merchant, which needs none).
type merchantCreatedResponse struct {
	MerchantID      int64  `json:"merchantId"`
	ClientID        string `json:"clientId"`
	CompanyName     string `json:"companyName"`
	ContactEmail    string `json:"contactEmail"`
	OnboardingURL   string `json:"onboardingUrl,omitempty"`
	OnboardingToken string `json:"onboardingToken,omitempty"`
	Status          string `json:"status"`
	ExpiresAt       string `json:"expiresAt,omitempty"`
}

// merchantResponse is the read: optional fields not given are null.
type merchantResponse struct {
	ID           int64   `json:"id"`
	ClientID     string  `json:"clientId"`
	CompanyName  string  `json:"companyName"`
	ContactEmail string  `json:"contactEmail"`
	ContactPhone *string `json:"contactPhone"`
	Status       string  `json:"status"`
	PartnerRefID *string `json:"partnerRefId"`
	CreatedAt    string  `json:"createdAt"`
}

func (m *merchantState) response(id int64) merchantResponse {
	p := m.profile
	return merchantResponse{
		ID: id, ClientID: m.clientID, CompanyName: p.CompanyName, ContactEmail: p.ContactEmail,
		ContactPhone: nullIfEmpty(p.ContactPhone), Status: p.Status, PartnerRefID: nullIfEmpty(p.PartnerRefID), CreatedAt: p.CreatedAt,
	}
}

func nullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// Formats of the merchant fields, checked loosely: the pages publish none.
var (
	phonePattern              = regexp.MustCompile(`^\+?[0-9][0-9 ()-]{4,22}[0-9]$`)
	registrationNumberPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 ./-]{1,29}$`)
	// An IBAN: country, check digits, 11 to 30 letters or digits (15 to 34
	// in all). The checksum is not verified.
	ibanPattern = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$`)
	bicPattern  = regexp.MustCompile(`^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$`)
)

// validateContact checks the fields every merchant create shares and
// returns the profile they describe.
func validateContact(companyName, email, phone, ref string) (MerchantProfile, error) {
	if err := required("companyName", companyName); err != nil {
		return MerchantProfile{}, err
	}
	if len(companyName) > maxCompanyNameLength {
		return MerchantProfile{}, badRequest("field %q must be at most %d characters", "companyName", maxCompanyNameLength)
	}
	if err := required("contactEmail", email); err != nil {
		return MerchantProfile{}, err
	}
	if err := validEmail("contactEmail", email); err != nil {
		return MerchantProfile{}, err
	}
	if phone != "" && !phonePattern.MatchString(phone) {
		return MerchantProfile{}, badRequest("field %q must be a phone number such as +4533000000 (digits, spaces, (), - and a leading +), got %q", "contactPhone", phone)
	}
	if len(ref) > maxPartnerRefIDLength {
		return MerchantProfile{}, badRequest("field %q must be at most %d characters", "partnerRefId", maxPartnerRefIDLength)
	}
	return MerchantProfile{CompanyName: companyName, ContactEmail: email, ContactPhone: phone, PartnerRefID: ref}, nil
}

// validateFastTrack adds the company details a fast-track merchant needs.
// The IBAN and BIC are kept without spaces, in upper case.
func validateFastTrack(req fastTrackRequest) (MerchantProfile, error) {
	p, err := validateContact(req.CompanyName, req.ContactEmail, req.ContactPhone, req.PartnerRefID)
	if err != nil {
		return p, err
	}
	if err := required("registrationNumber", req.RegistrationNumber); err != nil {
		return p, err
	}
	if !registrationNumberPattern.MatchString(req.RegistrationNumber) {
		return p, badRequest("field %q must be a company registration number such as the CVR number 12345678, got %q", "registrationNumber", req.RegistrationNumber)
	}
	if err := required("website", req.Website); err != nil {
		return p, err
	}
	if u, err := url.Parse(req.Website); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return p, badRequest("field %q must be an absolute http or https URL such as https://shop.example, got %q", "website", req.Website)
	}
	if err := required("iban", req.IBAN); err != nil {
		return p, err
	}
	iban := compactUpper(req.IBAN)
	if !ibanPattern.MatchString(iban) {
		return p, badRequest("field %q must be an IBAN such as DK5000400440116243 (country code, check digits, then 11 to 30 letters or digits; spaces allowed), got %q", "iban", req.IBAN)
	}
	bic := compactUpper(req.BIC)
	if bic != "" && !bicPattern.MatchString(bic) {
		return p, badRequest("field %q must be a BIC of 8 or 11 characters such as DABADKKK, got %q", "bic", req.BIC)
	}
	p.RegistrationNumber, p.Website, p.IBAN, p.BIC = req.RegistrationNumber, req.Website, iban, bic
	return p, nil
}

func compactUpper(s string) string {
	return strings.ToUpper(strings.ReplaceAll(s, " ", ""))
}

// createMerchant returns the handler that creates a merchant of kind
// (standard or test) from the contact fields.
func (s *Server) createMerchant(kind string) func(Partner, *http.Request, []byte) (int, any, error) {
	return func(p Partner, _ *http.Request, body []byte) (int, any, error) {
		var req merchantRequest
		if err := decodeJSON(body, &req, true); err != nil {
			return 0, nil, err
		}
		profile, err := validateContact(req.CompanyName, req.ContactEmail, req.ContactPhone, req.PartnerRefID)
		if err != nil {
			return 0, nil, err
		}
		profile.Kind = kind
		return s.addMerchant(p, profile)
	}
}

// createFastTrackMerchant creates a merchant with its company details; the
// merchant then only signs and links a bank account at its link.
func (s *Server) createFastTrackMerchant(p Partner, _ *http.Request, body []byte) (int, any, error) {
	var req fastTrackRequest
	if err := decodeJSON(body, &req, true); err != nil {
		return 0, nil, err
	}
	profile, err := validateFastTrack(req)
	if err != nil {
		return 0, nil, err
	}
	profile.Kind = merchantKindFastTrack
	return s.addMerchant(p, profile)
}

// addMerchant stores a new merchant of p; the caller holds the lock. A test
// merchant starts active and onboarded; the others pending, with an
// onboarding link, and scheduled for activation in auto-advance mode.
func (s *Server) addMerchant(p Partner, profile MerchantProfile) (int, any, error) {
	st, now := s.st, s.now()
	id := st.book.nextMerchantID
	st.book.nextMerchantID++
	profile.CreatedAt, profile.Status = timestamp(now), merchantPending
	if profile.Kind == merchantKindTest {
		profile.Status = merchantActive
	} else {
		profile.OnboardingToken = "onb_" + randomToken(24)
		profile.OnboardingURL = onboardingURLPrefix + profile.Kind + "?token=" + profile.OnboardingToken
		profile.ExpiresAt = timestamp(now.Add(onboardingLinkTTL))
	}
	m := newMerchantState(id, p.ClientID, st.unusedClientID(), profile, now)
	st.merchants[id], st.merchantIDs = m, append(st.merchantIDs, id)
	s.bank[userKey{id, newMerchantUserID(id)}] = newMerchantBankUser(id, profile)
	if profile.Kind == merchantKindTest {
		st.applications = append(st.applications, newApplication(id, m, randomID("app_"), appMerchantCreated, profile.CreatedAt))
	} else {
		s.schedule(scheduledChange{merchantID: id}, now)
	}
	return http.StatusCreated, m.createdResponse(id), nil
}

// newMerchantState shapes a new merchant like the demo merchants
// (defaultMerchant): their payment methods, and once active their stores.
// A pending merchant has no store until it is activated or creates one.
func newMerchantState(id int64, partner, clientID string, profile MerchantProfile, now time.Time) *merchantState {
	demo := defaultMerchant(id, partner, true)
	m := &merchantState{partner: partner, clientID: clientID, shortLinks: demo.ShortLinks, variant: APIVariantReference, profile: profile}
	for _, pm := range demo.PaymentMethods {
		if pm.ActivatedAt != "" {
			pm.ActivatedAt = profile.CreatedAt
		}
		m.methods = append(m.methods, &pm)
	}
	if profile.Status == merchantActive {
		m.stockStores(id, now)
	}
	return m
}

// stockStores gives an active merchant its stores: the demo merchants'
// ("<id>-main", the default, and "<id>-second") to one without stores; one
// that created stores keeps them and gets a default store if none is.
func (m *merchantState) stockStores(id int64, now time.Time) {
	if len(m.stores) > 0 {
		m.ensureDefaultStore(now)
		return
	}
	for _, store := range defaultMerchant(id, m.partner, true).Stores {
		store.CreatedAt = timestamp(now)
		m.stores = append(m.stores, &store)
	}
}

// unusedClientID is a new random (version 4) UUID no merchant has.
func (st *state) unusedClientID() string {
	for {
		id := uuid.NewString()
		if st.merchantByClientID(id) == 0 {
			return id
		}
	}
}

// merchantByClientID returns the ID of the merchant with that client ID,
// 0 if none has it.
func (st *state) merchantByClientID(clientID string) int64 {
	for _, id := range st.merchantIDs {
		if st.merchants[id].clientID == clientID {
			return id
		}
	}
	return 0
}

func (m *merchantState) createdResponse(id int64) merchantCreatedResponse {
	p := m.profile
	status := p.Status
	if status == merchantPending {
		status = merchantCreatedPending
	}
	return merchantCreatedResponse{
		MerchantID: id, ClientID: m.clientID, CompanyName: p.CompanyName, ContactEmail: p.ContactEmail,
		OnboardingURL: p.OnboardingURL, OnboardingToken: p.OnboardingToken, Status: status, ExpiresAt: p.ExpiresAt,
	}
}

// getMerchant reads one merchant; partner() has checked that it is the
// caller's (403) and exists (404).
func (s *Server) getMerchant(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, c.merchant.response(c.merchantID), nil
}

// listMerchants answers every merchant of the partner, fixtures included,
// in creation order, as a bare array (the answer's shape is not published;
// the partner API's other lists are bare arrays).
func (s *Server) listMerchants(p Partner, _ *http.Request, body []byte) (int, any, error) {
	if err := decodeJSON(body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	out := []merchantResponse{}
	for _, id := range s.st.merchantIDsOf(p.ClientID) {
		out = append(out, s.st.merchants[id].response(id))
	}
	return http.StatusOK, out, nil
}

// MerchantChange is a merchant after an admin change, with the webhook
// deliveries the change fired.
type MerchantChange struct {
	Merchant   MerchantRecord  `json:"merchant"`
	Deliveries []EventDelivery `json:"deliveries"`
}

// ActivateMerchant completes a merchant's onboarding: it becomes active,
// gets its stores (stockStores), and merchant.activated goes to the
// partner's endpoints. An active merchant stays as it is, without event.
func (s *Server) ActivateMerchant(merchantID int64) (MerchantChange, error) {
	return s.setMerchantStatus(merchantID, merchantActive)
}

// DeactivateMerchant makes a merchant inactive and sends
// merchant.deactivated; an inactive merchant stays as it is, without event.
func (s *Server) DeactivateMerchant(merchantID int64) (MerchantChange, error) {
	return s.setMerchantStatus(merchantID, merchantInactive)
}

func (s *Server) setMerchantStatus(id int64, status string) (MerchantChange, error) {
	s.mu.Lock()
	m, ok := s.st.merchants[id]
	if !ok {
		s.mu.Unlock()
		return MerchantChange{}, fmt.Errorf("merchant %d: %w", id, ErrNotFound)
	}
	events := s.st.moveMerchant(id, m, status, s.now())
	rec := s.st.merchantRecord(id)
	s.mu.Unlock()
	return MerchantChange{Merchant: rec, Deliveries: s.deliverEvents(events)}, nil
}

// moveMerchant sets a merchant's status and returns the deliveries that
// announce it; the caller holds the lock and sends them after unlocking.
// The same status again changes nothing.
func (st *state) moveMerchant(id int64, m *merchantState, status string, now time.Time) []eventDelivery {
	if m.profile.Status == status {
		return nil
	}
	m.profile.Status = status
	event := merchantDeactivatedEvent
	if status == merchantActive {
		event = merchantActivatedEvent
		m.stockStores(id, now)
	}
	return st.eventDeliveries(m.partner, event, map[string]any{"merchantId": id, "clientId": m.clientID}, now)
}

func (s *Server) adminMerchantStatus(status string) adminHandler {
	return func(r *http.Request) (int, any, error) {
		id, err := parseMerchantID(r.PathValue("merchantId"))
		if err != nil {
			return 0, nil, err
		}
		if err := s.adminBody(r, &struct{}{}, false); err != nil {
			return 0, nil, err
		}
		change, err := s.setMerchantStatus(id, status)
		return http.StatusOK, change, err
	}
}
