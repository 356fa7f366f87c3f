// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"slices"
	"time"
)

// The sandbox's areas. Each area of the API is a file of its own (stores.go,
// orders.go, consents.go, ...): its Route constants, the function that
// registers them with their handlers and its admin operations, its request
// and answer types, the types of what it keeps in the state, and its admin
// operations as Go methods. This file lists the areas: the order they
// register their routes in, what each keeps in the state, and what a
// snapshot shows. Adding an area is its file and a line in each list here.
//
// The sandbox defines its own wire types instead of importing
// internal/client, so that a mistake in one is not silently mirrored by
// the other. Their JSON names follow section 2 of the API reference; in a
// request type, optional fields the handler must tell apart from zero
// values are pointers.

// routes registers every area's API routes and admin operations, then the
// admin surface of the whole server. The Route constants are the names
// RequestCounts and RefusedCounts key their counts by and Fault.Route
// takes, so tests name a route with a constant rather than spelling its
// pattern again.
func (s *Server) routes() {
	s.terminalRoutes()
	s.paymentMethodRoutes()
	s.onboardingRoutes()
	s.orderRoutes()
	s.storeRoutes()
	s.consentRoutes()
	s.accountRoutes()
	s.webhookRoutes()
	s.tokenRoutes()
	s.merchantRoutes()
	s.credentialRoutes()
	s.profileRoutes()
	s.cardPaymentRoutes()
	s.paymentRoutes()
	s.consentAccountRoutes()
	s.autoAdvanceRoutes()
	s.adminRoutes()
}

// Status values used on the wire.
const (
	statusActive   = "active"
	statusInactive = "inactive"
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

func (m *merchantState) guide() bool { return m.variant == APIVariantGuide }

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
