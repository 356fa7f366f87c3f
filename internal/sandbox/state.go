// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"slices"
	"time"
)

// Status values used on the wire.
const (
	statusActive   = "active"
	statusInactive = "inactive"

	consentPending    = "pending"
	consentAuthorized = "authorized"
	consentExpired    = "expired"
	consentRevoked    = "revoked"
	consentFailed     = "failed"
)

// state is everything requests can change. Server.mu guards it; Reset
// replaces it wholesale.
type state struct {
	merchants    map[int64]*merchantState
	merchantIDs  []int64
	terminals    []Terminal
	applications []Application
	orders       []Order
	interapp     []InterappCode
	consents     []*ConsentRecord
	webhooks     []*Webhook
	// nextWebhookID numbers endpoints across partners.
	nextWebhookID int64
	// nextPaymentID numbers the payments that test deliveries invent.
	nextPaymentID int64
	// book is the partner book: merchants created through the API,
	// credentials, payments and scheduled changes (book.go).
	book book
}

type merchantState struct {
	partner string
	// clientID is the merchant's UUID client ID (Merchant.ClientID).
	clientID   string
	shortLinks bool
	// variant is APIVariantReference or APIVariantGuide, never "".
	variant string
	stores  []*Store
	methods []*PaymentMethod
	// profile is what the merchants endpoints show (merchants.go).
	profile MerchantProfile
}

// Terminal is a terminal the sandbox registered: an online terminal (with a
// public key) or a paired tap-to-pay device (without one).
type Terminal struct {
	MerchantID        int64  `json:"merchantId"`
	TerminalID        string `json:"terminalId"`
	TerminalPublicKey string `json:"terminalPublicKey"`
	TerminalType      string `json:"terminalType"`
	StoreID           string `json:"storeId"`
	CreatedAt         string `json:"createdAt"`
	TerminalStatus    string `json:"terminalStatus"`
	TerminalName      string `json:"terminalName,omitempty"`
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

// Order is a card-payment order, including the description the API does
// not return. PaymentLink and Nonce are what the create answer carried
// next to the order (reference-variant merchants only).
type Order struct {
	MerchantID  int64  `json:"merchantId"`
	OrderID     string `json:"orderId"`
	Status      string `json:"status"`
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference"`
	Description string `json:"description,omitempty"`
	CreatedAt   string `json:"createdAt"`
	PaymentLink string `json:"paymentLink,omitempty"`
	Nonce       string `json:"nonce,omitempty"`
}

// InterappCode is an in-app registration code. Expired is computed from the
// server clock when the snapshot is taken.
type InterappCode struct {
	MerchantID       int64  `json:"merchantId"`
	StoreID          string `json:"storeId"`
	RegistrationCode string `json:"registrationCode"`
	RegistrationLink string `json:"registrationLink"`
	CreatedAt        string `json:"createdAt"`
	ExpiresAt        string `json:"expiresAt"`
	Expired          bool   `json:"expired"`
	// PairedTerminalID is the terminal of the device that used the code.
	PairedTerminalID string `json:"pairedTerminalId,omitempty"`

	expires time.Time
}

// MerchantStore is a store together with its merchant.
type MerchantStore struct {
	MerchantID int64 `json:"merchantId"`
	Store
}

// MerchantPaymentMethod is a payment-method entry together with its merchant.
type MerchantPaymentMethod struct {
	MerchantID int64 `json:"merchantId"`
	PaymentMethod
}

// ConsentRecord is a consent plus what only the sandbox sees: the callback
// URL and the AIS client that created it.
type ConsentRecord struct {
	Consent
	CallbackURL string `json:"callbackUrl,omitempty"`
	ClientID    string `json:"clientId"`

	expires time.Time
	txFrom  time.Time
}

// State is a JSON-friendly copy of the sandbox state, in creation order.
type State struct {
	Terminals      []Terminal              `json:"terminals"`
	Applications   []Application           `json:"applications"`
	Orders         []Order                 `json:"orders"`
	InterappCodes  []InterappCode          `json:"interappCodes"`
	Stores         []MerchantStore         `json:"stores"`
	PaymentMethods []MerchantPaymentMethod `json:"paymentMethods"`
	Consents       []ConsentRecord         `json:"consents"`
	Webhooks       []Webhook               `json:"webhooks"`
	BookState
}

// newState deep-copies the fixtures so requests never modify them.
func newState(f *Fixtures) *state {
	st := &state{merchants: map[int64]*merchantState{}, nextWebhookID: firstWebhookID, nextPaymentID: firstTestPaymentID}
	for _, m := range f.Merchants {
		ms := &merchantState{partner: m.PartnerClientID, clientID: m.clientID(), shortLinks: m.ShortLinks, variant: m.APIVariant}
		if ms.variant == "" {
			ms.variant = APIVariantReference
		}
		for _, store := range m.Stores {
			ms.stores = append(ms.stores, &store)
		}
		for _, pm := range m.PaymentMethods {
			ms.methods = append(ms.methods, &pm)
		}
		st.merchants[m.ID] = ms
		st.merchantIDs = append(st.merchantIDs, m.ID)
		if m.Onboarding != "" {
			st.applications = append(st.applications,
				newApplication(m.ID, ms, fixtureApplicationID(m.ID), m.Onboarding, fixtureCreatedAt))
		}
	}
	st.initBook(f)
	return st
}

func (m *merchantState) guide() bool { return m.variant == APIVariantGuide }

func (m *merchantState) store(id string) *Store {
	for _, s := range m.stores {
		if s.ID == id {
			return s
		}
	}
	return nil
}

func (m *merchantState) defaultStore() *Store {
	for _, s := range m.stores {
		if s.IsDefault {
			return s
		}
	}
	return nil
}

func (m *merchantState) method(name string) *PaymentMethod {
	for _, pm := range m.methods {
		if pm.Method == name {
			return pm
		}
	}
	return nil
}

func (m *merchantState) methodNames() []string {
	names := make([]string, len(m.methods))
	for i, pm := range m.methods {
		names[i] = pm.Method
	}
	return names
}

// expireIfDue moves a pending or authorized consent whose expiration time
// has passed to expired, so every reader sees the same status.
func expireIfDue(c *ConsentRecord, now time.Time) {
	if (c.Status == consentPending || c.Status == consentAuthorized) && !now.Before(c.expires) {
		c.Status = consentExpired
		c.UpdatedAt = timestamp(c.expires)
	}
}

func (st *state) consent(requestID string) *ConsentRecord {
	for _, c := range st.consents {
		if c.RequestID == requestID {
			return c
		}
	}
	return nil
}

func (st *state) order(id string) *Order {
	for i := range st.orders {
		if st.orders[i].OrderID == id {
			return &st.orders[i]
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

func (st *state) terminal(id string) *Terminal {
	for i := range st.terminals {
		if st.terminals[i].TerminalID == id {
			return &st.terminals[i]
		}
	}
	return nil
}

// newestInterappCode is the latest code with that text: an expired code's
// text may be handed out again, and only the newest can still be live.
func (st *state) newestInterappCode(code string) *InterappCode {
	for i := len(st.interapp) - 1; i >= 0; i-- {
		if st.interapp[i].RegistrationCode == code {
			return &st.interapp[i]
		}
	}
	return nil
}

func (st *state) liveInterappCode(code string, now time.Time) bool {
	return slices.ContainsFunc(st.interapp, func(c InterappCode) bool {
		return c.RegistrationCode == code && now.Before(c.expires)
	})
}

// snapshot copies st; the caller holds the lock.
func (st *state) snapshot(now time.Time) State {
	out := State{
		Terminals:      cloneList(st.terminals),
		Applications:   cloneList(st.applications),
		Orders:         cloneList(st.orders),
		InterappCodes:  cloneList(st.interapp),
		Stores:         []MerchantStore{},
		PaymentMethods: []MerchantPaymentMethod{},
		Consents:       []ConsentRecord{},
		Webhooks:       []Webhook{},
	}
	for i := range out.InterappCodes {
		out.InterappCodes[i].Expired = !now.Before(out.InterappCodes[i].expires)
	}
	for _, id := range st.merchantIDs {
		m := st.merchants[id]
		for _, s := range m.stores {
			out.Stores = append(out.Stores, MerchantStore{MerchantID: id, Store: *s})
		}
		for _, pm := range m.methods {
			out.PaymentMethods = append(out.PaymentMethods, MerchantPaymentMethod{MerchantID: id, PaymentMethod: *pm})
		}
	}
	for _, c := range st.consents {
		expireIfDue(c, now)
		cp := *c
		cp.Permissions = slices.Clone(c.Permissions)
		out.Consents = append(out.Consents, cp)
	}
	for _, w := range st.webhooks {
		out.Webhooks = append(out.Webhooks, w.copy())
	}
	out.BookState = st.bookSnapshot()
	return out
}

// cloneList copies s and never returns nil, so empty lists encode as [].
func cloneList[T any](s []T) []T {
	return append(make([]T, 0, len(s)), s...)
}
