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
// operations as Go methods. An area registers itself from its own file, in
// an init function:
//
//	func init() { registerArea("registers", (*Server).registerRoutes) }
//
// named after its file (registers.go), whose test file (registers_test.go)
// adds the area's rows to the tests' tables.
//
// and, when it keeps state, declares it there too with newAreaState (see
// below): adding an area edits no list of this file. The areas written
// before newAreaState keep their state in the fields of state and State
// below, which their tests read as Go fields.
//
// The sandbox defines its own wire types instead of importing
// internal/client, so that a mistake in one is not silently mirrored by
// the other. Their JSON names follow section 2 of the API reference; in a
// request type, optional fields the handler must tell apart from zero
// values are pointers.

// area is one area of the API as registerArea records it.
type area struct {
	name string
	// routes registers its API routes and admin operations.
	routes func(*Server)
}

// areas are the registered areas, in the order their files' init
// functions ran (file name order).
var areas []area

// registerArea adds an area; its routes are registered by every New.
func registerArea(name string, routes func(*Server)) {
	for _, a := range areas {
		if a.name == name {
			panic("sandbox: area " + name + " registered twice")
		}
	}
	areas = append(areas, area{name: name, routes: routes})
}

// routes registers every area's API routes and admin operations, then the
// admin surface of the whole server. The Route constants are the names
// RequestCounts and RefusedCounts key their counts by and Fault.Route
// takes, so tests name a route with a constant rather than spelling its
// pattern again. routeAreas remembers which area registered each route,
// for the tests that say what an area lacks.
func (s *Server) routes() {
	s.routeAreas = map[string]string{}
	for _, a := range areas {
		s.registering = a.name
		a.routes(s)
	}
	s.registering = ""
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
	// areas holds what each newAreaState keeps, by its key.
	areas map[string]any
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
	// Areas shows what each area declared with newAreaState keeps, by its
	// key, which is also its key in the JSON (area_state.go).
	Areas map[string]any `json:"-"`
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
	st.initAreas(f)
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
	out.Areas = st.areasSnapshot(now)
	return out
}

// cloneList copies s and never returns nil, so empty lists encode as [].
func cloneList[T any](s []T) []T {
	return append(make([]T, 0, len(s)), s...)
}
